#!/usr/bin/python3
"""Runs ct_harness on one module under valgrind memcheck and fails on any
secret-dependent branch or memory index inside our code (ctgrind).

usage: ctgrind.py SOURCE_ROOT CT_HARNESS MODULE.so

Every memcheck error fails the test. Errors about uninitialised values are
the constant-time findings: each distinct site is printed once, with the
innermost frame in our sources (a path relative to SOURCE_ROOT), e.g.
  ct: CHIME-512-ref: Conditional jump or move depends on uninitialised value(s) at hashes/chime/permutation.cpp:88 (sbox_layer)
"""
import re
import subprocess
import sys

CT_KINDS = ("Conditional jump or move depends on uninitialised value",
            "Use of uninitialised value of size")
SKIPPED = 77  # ct_harness: the CPU (or NGCC_CPU_DISABLE) cannot run the module
FRAME = re.compile(r"^\s*(?:at|by) 0x[0-9A-F]+: (.*?)(?: \((.*)\))?$")


def main():
    root, harness, module = sys.argv[1:4]
    name = module.rsplit("/", 1)[-1][3:-3]  # libX-ref.so -> X-ref
    cmd = ["valgrind", "--tool=memcheck", "--num-callers=30", "--error-limit=no",
           "--fullpath-after=" + root.rstrip("/") + "/", harness, module]
    proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    sys.stdout.write(proc.stdout)

    # Memcheck error blocks: "==PID== <kind>" followed by frame lines, up to a blank "==PID==".
    blocks, current = [], None
    for line in proc.stderr.splitlines():
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

    sites = {}
    for block in blocks:
        kind = block[0]
        where = "outside our sources"
        for frame in block[1:]:
            m = FRAME.match(frame)
            # --fullpath-after leaves paths under the source root relative.
            if m and m.group(2) and not m.group(2).startswith("/") and ":" in m.group(2):
                where = f"{m.group(2)} ({m.group(1)})"
                break
        sites.setdefault((kind, where), block)
    for (kind, where), block in sites.items():
        print(f"ct: {name}: {kind} at {where}")
        if where == "outside our sources":
            print("\n".join("    " + f for f in block[1:8]))
    if proc.returncode == SKIPPED:
        print(f"ct: {name}: SKIP (not run here)")
        return SKIPPED
    if proc.returncode != 0:
        sys.stderr.write(proc.stderr[-4000:])
        print(f"ct: {name}: ct_harness under valgrind exited with {proc.returncode}")
        return 1
    if sites:
        print(f"ct: {name}: FAIL, {len(sites)} distinct site(s) depend on the message")
        return 1
    print(f"ct: {name}: PASS (no message-dependent branch or index under memcheck)")
    return 0


if __name__ == "__main__":
    sys.exit(main())
