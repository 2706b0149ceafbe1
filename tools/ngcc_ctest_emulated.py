#!/usr/bin/python3
"""Runs a build's tests with every process of ours under an emulator that
plays a smaller CPU: `qemu-x86_64 -cpu max` (Debian 12's qemu-user 7.2
executes AVX2, reports no AVX-512 in CPUID and raises SIGILL on an AVX-512
instruction) is an AVX2-only host such as the published x86_1; `-cpu
Nehalem` (no AVX, no AVX2: SIGILL on either) an x86-64-v2 one.

A test that runs code built for an extension without asking first whether
this CPU has it passes on a host that has it, hidden by NGCC_CPU_DISABLE or
not; under the emulator it dies of SIGILL. So each test's own process (the
GoogleTest executable, or the Python interpreter of a Python test, which may
load a library with ctypes) starts under the emulator, and NGCC_EMULATOR
puts the same emulator in front of what the tests start themselves (bench,
ngcc-driver, ngcc-kat: tools/ngcc_common.py target_command, bench/process.cpp).

The tests are those `ctest --show-only=json-v1` lists for the build and the
ctest arguments given (labels, -R); they are written, each with its
properties, as a CTestTestfile.cmake in OUT with the emulator in front of
each command and its time limit multiplied, and ctest runs that directory:
its schedule, time limits, output and summary are ctest's own.

usage: ngcc_ctest_emulated.py --build DIR --out DIR --emulator "qemu-x86_64 -cpu max"
                              [--timeout-factor N] [--jobs N] [-- CTEST_SELECTION...]
"""
import argparse
import json
import os
import shlex
import shutil
import subprocess
import sys

# ctest's own limit for a test that sets none (DART_TESTING_TIMEOUT).
DEFAULT_TIMEOUT = 1500


def bracket(text):
    """text as a CMake bracket argument: no escapes, no list splitting."""
    level = "=" * 4
    while "]%s]" % level in text:
        level += "="
    return "[%s[%s]%s]" % (level, text, level)


def runnable(command):
    """command with a script's interpreter made explicit: the emulator runs
    ELF executables, not '#!' lines."""
    program = command[0]
    with open(program, "rb") as f:
        head = f.read(256)
    if head.startswith(b"\x7fELF"):
        return command
    if head.startswith(b"#!"):
        return shlex.split(head[2:].split(b"\n", 1)[0].decode()) + command
    raise SystemExit("ngcc_ctest_emulated: %s is neither an ELF executable nor a script" % program)


def test_file(tests, emulator, factor):
    """The CTestTestfile.cmake of `tests` (ctest's json-v1 entries)."""
    lines = ["# Written by tools/ngcc_ctest_emulated.py: the tests of the build, each under %s."
             % " ".join(emulator)]
    for test in tests:
        name = test["name"]
        properties = {p["name"]: p["value"] for p in test.get("properties", [])}
        environment = list(properties.get("ENVIRONMENT", []))
        environment.append("NGCC_EMULATOR=" + " ".join(emulator))
        properties["ENVIRONMENT"] = environment
        properties["TIMEOUT"] = int(float(properties.get("TIMEOUT", DEFAULT_TIMEOUT)) * factor)
        command = emulator + runnable(test["command"])
        lines.append("add_test(%s %s)" % (bracket(name), " ".join(bracket(w) for w in command)))
        values = []
        for key, value in properties.items():
            if isinstance(value, list):
                value = ";".join(str(v) for v in value)
            elif isinstance(value, bool):
                value = "ON" if value else "OFF"
            values.append("%s %s" % (key, bracket(str(value))))
        lines.append("set_tests_properties(%s PROPERTIES %s)" % (bracket(name), " ".join(values)))
    return "\n".join(lines) + "\n"


def main():
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0],
                                 formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--build", required=True, help="the build directory whose tests run")
    ap.add_argument("--out", required=True, help="the directory of the emulated test file (made anew)")
    ap.add_argument("--emulator", required=True, help='e.g. "qemu-x86_64 -cpu max"')
    ap.add_argument("--timeout-factor", type=float, default=10,
                    help="each test's time limit times this (default 10: emulation is slower)")
    ap.add_argument("--jobs", type=int, default=os.cpu_count() or 2)
    ap.add_argument("selection", nargs="*", help="ctest arguments choosing the tests, e.g. -L unit")
    a = ap.parse_args()
    emulator = shlex.split(a.emulator)
    if not emulator or shutil.which(emulator[0]) is None:
        sys.exit("ngcc_ctest_emulated: the emulator %r is not installed (Debian qemu-user)" % a.emulator)
    listing = subprocess.run(["ctest", "--test-dir", a.build, "--show-only=json-v1", *a.selection],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if listing.returncode != 0:
        sys.exit("ngcc_ctest_emulated: ctest --show-only failed: %s" % listing.stderr.strip())
    tests = json.loads(listing.stdout).get("tests", [])
    if not tests:
        sys.exit("ngcc_ctest_emulated: no test in %s matches %s" % (a.build, " ".join(a.selection)))
    shutil.rmtree(a.out, ignore_errors=True)
    os.makedirs(a.out)
    with open(os.path.join(a.out, "CTestTestfile.cmake"), "w", encoding="utf-8") as f:
        f.write(test_file(tests, emulator, a.timeout_factor))
    print("ngcc: %d tests of %s, each under %s" % (len(tests), a.build, " ".join(emulator)), flush=True)
    return subprocess.run(["ctest", "--test-dir", a.out, "--output-on-failure", "-j", str(a.jobs)]).returncode


if __name__ == "__main__":
    sys.exit(main())
