#!/usr/bin/python3
"""A bench run stopped by a signal keeps every row that ended, and the same
command measures only the others (bench/README.md, "An interrupted run"):
tools/hashbench/bench.py over two OpenSSL modules at eight sizes, one row after
another (--quick), is sent SIGTERM as a time limit sends it (to its process
group) once two rows have ended; it exits 143 naming what it kept, with no
bench.json. The same command then measures the other rows only and writes
bench.json with all sixteen, each once, the kept ones as they were
journaled. A run whose filter selects no row is refused in one line,
with no bench.json.

usage: bench_resume_test.py BUILD_DIR SHA256_MODULE SHA512_MODULE"""
import json
import os
import signal
import subprocess
import sys
import tempfile
import time

ROOT = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "..")
sys.path.insert(0, os.path.join(ROOT, "tools", "tests"))
from script_checks import expect, tool_command  # noqa: E402

SIZES = [32, 64, 128, 256, 512, 1024, 2048, 4096]
# Bound on the wait for two rows of 0.15 s each, under an emulator too.
ROW_WAIT_SECONDS = 240


def journal_rows(path):
    """The rows of the journal, in order; every line must be whole."""
    if not os.path.exists(path):
        return []
    with open(path, encoding="utf-8") as f:
        text = f.read()
    lines = text.splitlines()
    if text and not text.endswith("\n"):
        lines = lines[:-1]  # being written
    return [json.loads(line) for line in lines]


def main():
    if len(sys.argv) != 4:
        sys.exit(__doc__)
    build, sha256_module, sha512_module = (os.path.abspath(a) for a in sys.argv[1:])
    with tempfile.TemporaryDirectory() as tmp:
        campaign = os.path.join(tmp, "campaign.yaml")
        with open(campaign, "w") as f:
            f.write("sizes: %s\nlibraries:\n" % SIZES)
            f.write("  - {name: Fast, path: %s, candidate_id: test, digest_bits: 256}\n" % sha256_module)
            f.write("  - {name: Wide, path: %s, candidate_id: test, digest_bits: 512}\n" % sha512_module)
        out = os.path.join(tmp, "run")
        journal = os.path.join(out, "bench.rows.jsonl")
        command = tool_command("bench") + ["--out", out, "--quick", "--cpu", "none",
                   "--system", "test-system", "--campaign", campaign, "--",
                   "--benchmark_filter=^(Fast|Wide)/", "--benchmark_min_time=0.15", "--ngcc_no_rss"]
        env = dict(os.environ, NGCC_BUILD_DIR=build)

        first = subprocess.Popen(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                                 start_new_session=True)
        deadline = time.monotonic() + ROW_WAIT_SECONDS
        while len(journal_rows(journal)) < 2 and first.poll() is None and time.monotonic() < deadline:
            time.sleep(0.05)
        if first.poll() is not None:
            expect(False, "the run ended before it could be stopped:\n" + first.communicate()[0])
        expect(len(journal_rows(journal)) >= 2, "no two rows journaled in %d s" % ROW_WAIT_SECONDS)
        os.killpg(first.pid, signal.SIGTERM)
        output = first.communicate()[0]
        expect(first.returncode == 143, "stopped run: exit %d, not 143:\n%s" % (first.returncode, output))
        expect("stopped by a signal" in output and "the same command measures only the others" in output,
               "stopped run: it does not say what it kept:\n" + output)
        expect(not os.path.exists(os.path.join(out, "bench.json")), "a stopped run wrote bench.json")
        kept = {row["row"]: json.loads("[" + row["json"] + "]") for row in journal_rows(journal)}
        expect(2 <= len(kept) < 2 * len(SIZES), "stopped run: %d rows journaled" % len(kept))

        second = subprocess.run(command, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
        output = second.stdout
        expect(second.returncode == 0, "continued run: exit %d:\n%s" % (second.returncode, output))
        expect("kept %d rows" % len(kept) in output, "continued run: 'kept %d rows' not said:\n%s" % (len(kept), output))
        measured = [line.split()[0] for line in output.splitlines() if line.startswith(("Fast/", "Wide/"))]
        expect(not set(measured) & set(kept), "continued run measured kept rows again: %s" % sorted(set(measured) & set(kept)))
        with open(os.path.join(out, "bench.json"), encoding="utf-8") as f:
            doc = json.load(f)
        names = [row["name"] for row in doc["benchmarks"]]
        wanted = sorted("%s/external/%d" % (lib, size) for lib in ("Fast", "Wide") for size in SIZES)
        expect(sorted(names) == wanted, "bench.json rows: %s" % names)
        for name, rows in kept.items():
            expect([r for r in doc["benchmarks"] if r["name"] == name] == rows, name + ": not as journaled")
        expect(doc["context"].get("rows_kept", "").startswith("%d rows" % len(kept)),
               "context rows_kept: %r" % doc["context"].get("rows_kept"))
        expect(not os.path.exists(journal), "the journal outlived the run that completed it")

        none = subprocess.run(tool_command("bench") + ["--out", os.path.join(tmp, "none"), "--quick", "--cpu", "none",
                                                       "--system", "test-system", "--campaign", campaign, "--",
                                                       "--benchmark_filter=^Nothing/"],
                              env=env, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        expect(none.returncode == 1 and none.stderr.startswith("ngcc bench: no row measured")
               and not os.path.exists(os.path.join(tmp, "none", "bench.json")),
               "a run that selects no row: exit %d, %r" % (none.returncode, none.stderr))
    print("PASS: %d of %d rows kept through SIGTERM; the rerun measured the other %d"
          % (len(kept), len(wanted), len(measured)))


if __name__ == "__main__":
    main()
