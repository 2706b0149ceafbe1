#!/usr/bin/python3
"""Runs ct_harness on one library under valgrind memcheck and fails on any
secret-dependent branch or memory index inside it (ctgrind).

usage: ctgrind.py SOURCE_ROOT CT_HARNESS LIBRARY.so [--digest-bits N]
                  [--name NAME] [--json FILE]

Every memcheck error fails the check. Errors about uninitialised values are
the constant-time findings: each distinct site is printed once, at the
innermost frame in the library's code: a source line under SOURCE_ROOT
(a path relative to it), else a function of the library itself, e.g.
  ct: CHIME-512-ref: Conditional jump or move depends on uninitialised value(s) at hashes/chime/permutation.cpp:88 (sbox_layer)
--digest-bits: the width of a library without ngcc_instance() (a submitted
one). --json: the verdict as one JSON object (status, why, calls, max_bits, sites).
"""
import argparse
import json
import os
import re
import subprocess
import sys

CT_KINDS = ("Conditional jump or move depends on uninitialised value",
            "Use of uninitialised value of size")
SKIPPED = 77  # ct_harness: the CPU (or NGCC_CPU_DISABLE) cannot run the module
FRAME = re.compile(r"^\s*(?:at|by) 0x[0-9A-F]+: (.*?)(?: \((.*)\))?$")
CALLS = re.compile(r": (\d+) calls with an undefined message of 0 to (\d+) bits$", re.M)


def error_blocks(stderr):
    """Memcheck error blocks: "==PID== <kind>" then frame lines, up to a blank "==PID==" line."""
    blocks, current = [], None
    for line in stderr.splitlines():
        m = re.match(r"^==\d+== ?(.*)$", line)
        if not m:
            continue
        text = m.group(1)
        if current is None:
            if text and not text.startswith(" ") and FRAME.match(text) is None and (
                    any(k in text for k in CT_KINDS) or text.startswith(("Invalid ", "Syscall param",
                                                                         "Mismatched", "Source and destination"))):
                current = [text]
        elif text == "":
            blocks.append(current)
            current = None
        else:
            current.append(text)
    if current:
        blocks.append(current)
    return blocks


def site_of(block, library):
    """Where a block's error is: its innermost frame that is a source line
    under the root (--fullpath-after leaves those relative) or code of the
    library itself (a library without debug information)."""
    for frame in block[1:]:
        m = FRAME.match(frame)
        if not m or not m.group(2):
            continue
        where = m.group(2)
        if not where.startswith(("/", "in ")) and ":" in where:
            return f"{where} ({m.group(1)})"
        if where == "in " + library:
            return f"{m.group(1)} (in {os.path.basename(library)})"
    return "outside the library"


def check(root, harness, library, digest_bits=None, name=None):
    """The verdict: status PASS, FAIL (sites), SKIP or ERROR, with what was seen."""
    library = os.path.realpath(library)
    name = name or os.path.basename(library)[3:-3]  # libX-ref.so -> X-ref
    cmd = ["valgrind", "--tool=memcheck", "--num-callers=30", "--error-limit=no",
           "--fullpath-after=" + root.rstrip("/") + "/", harness, library]
    if digest_bits:
        cmd.append(str(digest_bits))
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sites = {}
    for block in error_blocks(proc.stderr):
        sites.setdefault((block[0], site_of(block, library)), block)
    calls = CALLS.search(proc.stdout)
    verdict = {"name": name, "library": library, "calls": int(calls.group(1)) if calls else 0,
               "max_bits": int(calls.group(2)) if calls else 0,
               "sites": [{"kind": kind, "where": where} for kind, where in sites],
               "output": proc.stdout.strip()}
    if proc.returncode == SKIPPED:
        verdict.update(status="SKIP", why=proc.stdout.strip().splitlines()[-1] if proc.stdout.strip() else "")
    elif proc.returncode != 0:
        tail = [l for l in (proc.stderr + proc.stdout).strip().splitlines() if l.strip()][-1:]
        verdict.update(status="ERROR", why=f"ct_harness under valgrind exited with {proc.returncode}"
                       + (f": {tail[0]}" if tail else ""), stderr=proc.stderr[-4000:])
    else:
        verdict.update(status="FAIL" if sites else "PASS")
    return verdict, sites


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("root")
    parser.add_argument("harness")
    parser.add_argument("library")
    parser.add_argument("--digest-bits", type=int)
    parser.add_argument("--name")
    parser.add_argument("--json")
    args = parser.parse_args()
    verdict, sites = check(args.root, args.harness, args.library, args.digest_bits, args.name)
    name = verdict["name"]
    if verdict["output"]:
        print(verdict["output"])
    for (kind, where), block in sites.items():
        print(f"ct: {name}: {kind} at {where}")
        if where == "outside the library":
            print("\n".join("    " + f for f in block[1:8]))
    if args.json:
        with open(args.json, "w") as f:
            json.dump({k: v for k, v in verdict.items() if k != "output"}, f, indent=1)
            f.write("\n")
    status = verdict["status"]
    if status == "SKIP":
        print(f"ct: {name}: SKIP (not run here)")
        return SKIPPED
    if status == "ERROR":
        sys.stderr.write(verdict["stderr"])
        print(f"ct: {name}: {verdict['why']}")
        return 1
    if status == "FAIL":
        print(f"ct: {name}: FAIL, {len(sites)} distinct site(s) depend on the message")
        return 1
    print(f"ct: {name}: PASS (no message-dependent branch or index under memcheck)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
