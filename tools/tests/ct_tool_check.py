#!/usr/bin/python3
"""tools/ngcc_ct.py end to end (ctest ct/ngcc_ct): a module of ours, a leaky
library exporting only CryptHash, libraries it skips, --merge, bad input.

usage: ct_tool_check.py CT_HARNESS LEAKY_LIBRARY MODULE.so"""
import json
import os
import subprocess
import sys
import tempfile

TOOL = os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "ngcc_ct.py")
ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))


def run(harness, out, *args):
    return subprocess.run([sys.executable, TOOL, "--harness", harness, "--root", ROOT, "--out", out,
                           "--usable", "AVX2 BMI1 BMI2", "--jobs", "2"] + list(args),
                          capture_output=True, text=True)


def entries(out):
    with open(out, encoding="utf-8") as f:
        doc = json.load(f)
    assert doc["schema"] == "ngcc-ct/1", doc
    return {(e["instance"], e["variant"]): e for e in doc["libraries"]}


def expect(cond, what):
    if not cond:
        print("FAIL: " + what)
        sys.exit(1)


def main():
    harness, leaky, module = sys.argv[1:4]
    with tempfile.TemporaryDirectory() as tmp:
        out = os.path.join(tmp, "ct.json")
        p = run(harness, out, "--module", module,
                "--library", "CT-Leaky:256:submitted-ref:" + leaky,
                "--library", "CT-Wide:256:submitted-avx512:" + leaky, "--needs", "AVX512F,AVX512BW",
                "--library", "CT-Odd:256:submitted-odd:" + leaky, "--needs", "AVX9",
                "--library", "CT-Gone:256:submitted-gone:" + os.path.join(tmp, "libnone.so"))
        expect(p.returncode == 1, "a FAIL and an ERROR exit 1, got %d: %s" % (p.returncode, p.stderr))
        e = entries(out)
        ours = next(v for (i, var), v in e.items() if var not in ("submitted-ref", "submitted-avx512",
                                                                    "submitted-odd", "submitted-gone"))
        expect(ours["status"] in ("PASS", "SKIP") and ours["sites"] == [], "our module: %s" % ours)
        leak = e[("CT-Leaky", "submitted-ref")]
        expect(leak["status"] == "FAIL" and leak["calls"] > 0, "the leaky library fails: %s" % leak)
        expect(leak["sites"][0]["where"] == "leaky_lookup (in libct_leaky_library.so)",
               "its site is the function in the library: %s" % leak["sites"])
        expect(e[("CT-Wide", "submitted-avx512")]["why"] == "valgrind runs no AVX-512 instructions",
               "AVX-512 libraries are skipped with the reason")
        expect(e[("CT-Odd", "submitted-odd")]["why"] == "this CPU does not run AVX9",
               "a library for extensions the CPU lacks is skipped")
        expect(e[("CT-Gone", "submitted-gone")]["status"] == "ERROR", "a missing library is an ERROR")
        expect("CT-Leaky/submitted-ref: FAIL, 1 site(s), first at leaky_lookup" in p.stdout, p.stdout)

        p = run(harness, out, "--merge", "--module", module)
        expect(p.returncode == 0, "a rerun of our module alone passes: %s" % p.stderr)
        expect(("CT-Leaky", "submitted-ref") in entries(out), "--merge keeps the other entries")

        p = run(harness, out, "--library", "CT-Leaky:wide:x:" + leaky)
        expect(p.returncode == 2 and "is not ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH" in p.stderr,
               "a bad spec is a usage error: %s" % p.stderr)
        p = run(harness, out, "--needs", "AVX2")
        expect(p.returncode == 2 and "--needs must follow a --library" in p.stderr, p.stderr)
    print("ct_tool_check: all checks passed")


if __name__ == "__main__":
    main()
