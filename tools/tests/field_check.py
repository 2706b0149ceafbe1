#!/usr/bin/python3
"""tools/ngcc field on fixture packages of our own making (ctest field):
a package of a declared instance whose KATs pass, a toy package of an
undeclared one with libraries that fail to build; then the field summary
regenerated from its inputs alone, byte for byte, and a rerun that finds
every phase done.

usage: field_check.py BUILD_DIR USABLE_FEATURES"""
import os
import shutil
import subprocess
import sys
import tempfile

TESTS = os.path.dirname(os.path.abspath(__file__))
TOOLS = os.path.dirname(TESTS)
sys.path.insert(0, os.path.join(TOOLS, "testdata", "submission"))
import toy_packages  # noqa: E402
from script_checks import expect, tool_command  # noqa: E402

FILTER = "submitted|Toy|SHA-512/openssl"


def field(build_dir, usable, packages, out):
    p = subprocess.run(tool_command("field") + [packages, "--out", out, "--quick",
                        "--bench-filter", FILTER, "--usable", usable],
                       env=dict(os.environ, NGCC_BUILD_DIR=build_dir), capture_output=True, text=True)
    lines = [l for l in p.stdout.splitlines() if l.startswith("ngcc field:")]
    return p.returncode, lines, p.stdout + p.stderr


def main():
    build_dir, usable = sys.argv[1:3]
    with tempfile.TemporaryDirectory() as tmp:
        packages = os.path.join(tmp, "packages")
        shutil.copytree(os.path.join(TOOLS, "testdata", "submission", "good", "CHIME"),
                        os.path.join(packages, "CHIME"))
        toy_packages.write(os.path.join(tmp, "toys"))
        shutil.copytree(os.path.join(tmp, "toys", "shapes", "Toy"), os.path.join(packages, "Toy"))
        out = os.path.join(tmp, "field")

        rc, lines, text = field(build_dir, usable, packages, out)
        expect(rc == 0, "the first run passes (exit %d):\n%s" % (rc, text[-3000:]))
        with open(os.path.join(out, "report", "field.md"), encoding="utf-8") as f:
            summary = f.read()
        chime = next((l for l in summary.splitlines() if "`CHIME-512` (submitted-ref)" in l), "")
        expect("| hash-26 | The Hash Function CHIME |" in chime, "CHIME-512 has its row: %r" % chime)
        expect("2_12 PASS, 2_23 PASS" in chime and "| PASS |" in chime,
               "its KAT files pass and so does its constant-time check: %r" % chime)
        expect("(× SHA-512/openssl)" in summary and "(1." in chime or "(0." in chime or "(2." in chime
               or "(3." in chime or "(4." in chime, "its cycles carry the relative figure: %r" % chime)
        ours = next((l for l in summary.splitlines() if "`CHIME-512` (ref)" in l), "")
        # The quick kinds this run checked, or all four where the build's last full KAT run has them.
        kat_cell = ours.split("|")[7].strip() if ours.count("|") > 8 else ""
        expect(kat_cell == "PASS" or kat_cell.startswith("2_12 PASS, 2_23 PASS"),
               "our own modules have their KAT verdicts: %r" % ours)
        toy = [l for l in summary.splitlines() if "`Toy-" in l]
        expect(toy and all("no manifest" in l for l in toy), "the toy libraries have no manifest: %s" % toy)
        expect("| `Toy` | 3 built, 2 failed" in summary and "FAIL Implementations/Optimized_Implementation/Toy-"
               in summary, "the package table names the toy's build and its first failure")

        again = os.path.join(tmp, "again")
        p = subprocess.run(tool_command("report") + [out, "--field", "--out", again],
                           capture_output=True, text=True)
        expect(p.returncode == 0, p.stderr)
        with open(os.path.join(again, "field.md"), encoding="utf-8") as f:
            expect(f.read() == summary, "field.md regenerates byte for byte from its inputs")

        rc, lines, text = field(build_dir, usable, packages, out)
        expect(rc == 0, "the rerun passes:\n%s" % text[-3000:])
        expect(all(": current (" in l for l in lines if l.startswith("ngcc field: build ")),
               "the rerun builds nothing: %s" % lines)
        expect("ngcc field: kat: 0 of 4 libraries to check (2_12, 2_23)" in lines, lines)
        expect(any(l.startswith("ngcc field: kat: 0 of ") and l.endswith(" modules of ours to check (2_12, 2_23)")
                   for l in lines), lines)
        expect("ngcc field: ct: 0 of 4 libraries to check" in lines, lines)
        expect(any(l.startswith("ngcc field: bench: current") for l in lines), lines)

        rc, _lines, text = field(build_dir, usable, os.path.join(tmp, "nothing"), out)
        expect(rc == 2 and "not a directory" in text, "a missing packages directory is one line, exit 2")
    print("field_check: all checks passed")


if __name__ == "__main__":
    main()
