#!/usr/bin/python3
"""The compile line every module reports (ngcc_instance()->build_flags, listed
in the module manifest) is the one that compiled its algorithm code: its
generated definition and its implementation's objects, as compile_commands.json
records them (without the compiler, -D, -I, -isystem, -o and -c arguments).

usage: build_flags_test.py BUILD_DIR
"""
import json
import os
import shlex
import sys

sys.path.insert(0, os.path.join(os.path.dirname(os.path.dirname(os.path.abspath(__file__))), "tools"))
from hashbench.plan import read_module_manifest  # noqa: E402


def compile_line(command):
    """(flags, object file) of one compile command."""
    args, flags, obj, skip = shlex.split(command)[1:], [], "", None
    for a in args:
        if skip:
            obj = a if skip == "-o" else obj
            skip = None
        elif a in ("-o", "-c", "-isystem"):
            skip = a
        elif not a.startswith(("-D", "-I")):
            flags.append(a)
    return " ".join(flags), obj


def main(build):
    manifest = read_module_manifest(os.path.join(build, "modules", "ngcc_modules.json"))
    commands = json.load(open(os.path.join(build, "compile_commands.json")))
    failures = checked = 0
    for m in manifest["modules"]:
        dirs = ["CMakeFiles/%s.dir/" % target for target in [m["target"]] + m["objects"]]
        lines = {}
        for e in commands:
            line, obj = compile_line(e["command"])
            if any(obj.startswith(d) or ("/" + d) in obj for d in dirs):
                lines[e["file"]] = line
        if len(lines) < len(dirs):
            print("FAIL %s: no compile command for %s" % (m["target"], " and ".join(dirs)))
            failures += 1
        for source, line in sorted(lines.items()):
            checked += 1
            if line != m["build_flags"]:
                print("FAIL %s: %s\n  compiled with %s\n  reported      %s" % (m["target"], source, line, m["build_flags"]))
                failures += 1
    print("%d modules, %d compile commands checked, %d failures" % (len(manifest["modules"]), checked, failures))
    return 1 if failures or checked == 0 else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1]))
