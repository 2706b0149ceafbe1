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
ngcc-driver, ngcc-kat: hashbench.common target_command, bench/process.cpp).

The tests are those `ctest --show-only=json-v1` lists for the build and the
ctest arguments given (labels, -R); they are written, each with its
properties, as a CTestTestfile.cmake in OUT with the emulator in front of
each command and its time limit multiplied, and ctest runs that directory:
its schedule, time limits, output and summary are ctest's own.

tools/ngcc qemu MODEL [CTEST ARGS] runs it on the release build.
"""
import json
import os
import shlex
import shutil
import subprocess

from hashbench.host import JOBS, ToolError

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
    raise ToolError("%s is neither an ELF executable nor a script" % program)


def test_file(tests, emulator, factor):
    """The CTestTestfile.cmake of `tests` (ctest's json-v1 entries)."""
    lines = ["# Written by tools/ngcc qemu (hashbench.ctest_emulated): the tests of the build, each under %s."
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


def run(build, out, emulator_command, selection, timeout_factor=10):
    """The tests of `build` that the ctest arguments `selection` choose (e.g.
    -L unit), each under `emulator_command` (e.g. "qemu-x86_64 -cpu max")
    with its time limit times `timeout_factor`; ctest's exit status."""
    emulator = shlex.split(emulator_command)
    if not emulator or shutil.which(emulator[0]) is None:
        raise ToolError("the emulator %r is not installed (Debian qemu-user)" % emulator_command)
    listing = subprocess.run(["ctest", "--test-dir", build, "--show-only=json-v1", *selection],
                             stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    if listing.returncode != 0:
        raise ToolError("ctest --show-only failed: %s" % listing.stderr.strip())
    tests = json.loads(listing.stdout).get("tests", [])
    if not tests:
        raise ToolError("no test in %s matches %s" % (build, " ".join(selection)))
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    with open(os.path.join(out, "CTestTestfile.cmake"), "w", encoding="utf-8") as f:
        f.write(test_file(tests, emulator, timeout_factor))
    print("ngcc: %d tests of %s, each under %s" % (len(tests), build, " ".join(emulator)), flush=True)
    return subprocess.run(["ctest", "--test-dir", out, "--output-on-failure", "-j", str(JOBS)]).returncode
