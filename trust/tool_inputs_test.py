#!/usr/bin/python3
"""Bad inputs to the tools: each must end with a one-line error on stderr and
a non-zero exit status (no traceback, no abort, no usage dump).

usage: tool_inputs_test.py --kat NGCC_KAT --no-crypthash LIB.so
                           [--bench BENCH] [--report ngcc_report.py]
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile


def check(label, cmd):
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=120)
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    problems = []
    if proc.returncode == 0:
        problems.append("exit status 0")
    elif proc.returncode < 0:
        problems.append(f"killed by signal {-proc.returncode}")
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected one")
    if any(w in proc.stderr for w in ("Traceback", "terminate called", "Aborted", "core dumped")):
        problems.append("crash output")
    if problems:
        print(f"FAIL {label}: {', '.join(problems)}\n  command: {' '.join(cmd)}\n  stderr: "
              + proc.stderr.strip().replace("\n", "\n          "))
        return False
    print(f"PASS {label}: exit {proc.returncode}: {lines[0]}")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kat", required=True)
    ap.add_argument("--no-crypthash", required=True)
    ap.add_argument("--bench")
    ap.add_argument("--report")
    a = ap.parse_args()
    tmp = tempfile.mkdtemp(prefix="ngcc-tool-inputs-")
    try:
        def write(name, content):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(content)
            return path

        not_elf = write("libnot-elf.so", "this is text, not an ELF shared object\n")
        out = os.path.join(tmp, "out")
        ok = True
        ok &= check("ngcc-kat: missing module file", [a.kat, os.path.join(tmp, "libmissing.so"), "--out", out])
        ok &= check("ngcc-kat: non-ELF file", [a.kat, not_elf, "--out", out])
        ok &= check("ngcc-kat: library without CryptHash", [a.kat, a.no_crypthash, "--out", out])
        if a.bench:
            ok &= check("bench: missing campaign.yaml",
                        [a.bench, "--ngcc_campaign=" + os.path.join(tmp, "missing.yaml")])
            ok &= check("bench: malformed campaign.yaml (YAML syntax)",
                        [a.bench, "--ngcc_campaign=" + write("syntax.yaml", "sizes: [64, 1024\ninstances:\n")])
            ok &= check("bench: malformed campaign.yaml (unknown key)",
                        [a.bench, "--ngcc_campaign=" + write("keys.yaml", "modules: [1, 2]\n")])
            ok &= check("bench: campaign.yaml is not a mapping",
                        [a.bench, "--ngcc_campaign=" + write("list.yaml", "- 1\n- 2\n")])
        if a.report:
            results = os.path.join(tmp, "results")
            os.makedirs(results)
            sample = os.path.join(os.path.dirname(os.path.abspath(a.report)), "testdata", "x86_sample")
            for name in ("bench.json", "kat.json"):
                src = os.path.join(sample, name)
                if os.path.exists(src):
                    shutil.copy(src, results)
            with open(os.path.join(results, "bench.json"), "r+") as f:
                text = f.read()
                f.seek(0)
                f.truncate()
                f.write(text[: len(text) // 2])
            ok &= check("report: truncated bench.json",
                        ["/usr/bin/python3", a.report, results, "--out", os.path.join(tmp, "report")])
            ok &= check("report: missing results directory",
                        ["/usr/bin/python3", a.report, os.path.join(tmp, "nothing"), "--out", os.path.join(tmp, "r2")])
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
