"""tools/ngcc fuzz [SECONDS]: every differential fuzz target of the fuzz
preset for SECONDS each, as many at a time as there are CPUs, on the
committed seeds (hashes/<family>/tests/fuzz_corpus) plus
build/fuzz/fuzz/corpus/<family>; one line per family with its execution
count. Exit status 1 where a target found something (crash reproducers:
build/fuzz/fuzz/crash-<family>-*)."""

import glob
import os
import re
import subprocess
from concurrent.futures import ThreadPoolExecutor

from hashbench import ROOT
from hashbench.host import CORE_PACKAGES, JOBS, TRUST_PACKAGES, ToolError, build_preset, ensure_packages, say

BUILD = os.path.join("build", "fuzz")
# What libFuzzer, the sanitizers and the differential check print on a finding.
FINDING = re.compile(r"^(==\d+==ERROR|SUMMARY: |differential_fuzzer: FAIL)|deadly signal", re.M)
EVIDENCE = re.compile(r"differential_fuzzer: FAIL|ERROR|SUMMARY|Test unit written")


def fuzz_one(family, seconds, logs):
    """One target for `seconds`; its log's text."""
    work = os.path.join(BUILD, "fuzz")
    corpus = os.path.join(work, "corpus", family)
    os.makedirs(corpus, exist_ok=True)
    seeds = os.path.join(ROOT, "hashes", family, "tests", "fuzz_corpus")
    log = os.path.join(logs, family + ".log")
    with open(log, "w", encoding="utf-8") as f:
        subprocess.run([os.path.join(work, "fuzz_" + family), "-max_total_time=%d" % seconds, "-max_len=9000",
                        "-print_final_stats=1", "-artifact_prefix=%s" % os.path.join(work, "crash-%s-" % family),
                        corpus, *([seeds] if os.path.isdir(seeds) else [])], stdout=f, stderr=subprocess.STDOUT)
    with open(log, encoding="utf-8", errors="replace") as f:
        return f.read()


def run(seconds=600):
    ensure_packages(*CORE_PACKAGES, *TRUST_PACKAGES)
    build_preset("fuzz")
    targets = sorted(t for t in glob.glob(os.path.join(BUILD, "fuzz", "fuzz_*")) if os.access(t, os.X_OK))
    families = [os.path.basename(t)[len("fuzz_"):] for t in targets]
    if not families:
        raise ToolError("fuzz: no fuzz targets in %s" % os.path.join(BUILD, "fuzz"))
    logs = os.path.join(BUILD, "fuzz", "logs")
    os.makedirs(logs, exist_ok=True)
    say("fuzz: %s for %d s each, %d at a time" % (" ".join(families), seconds, JOBS))
    with ThreadPoolExecutor(JOBS) as pool:
        texts = list(pool.map(lambda family: fuzz_one(family, seconds, logs), families))
    status = 0
    for family, text in zip(families, texts):
        counts = re.findall(r"^stat::number_of_executed_units: *(\d+)", text, re.M)
        executions = counts[-1] if counts else "?"
        if FINDING.search(text) or not counts:
            print("fuzz %s: FAIL after %s execs (log %s)" % (family, executions, os.path.join(logs, family + ".log")))
            for line in [l for l in text.splitlines() if EVIDENCE.search(l)][:5]:
                print("  " + line)
            status = 1
        else:
            print("fuzz %s: PASS, %s execs in %d s" % (family, executions, seconds))
    return status
