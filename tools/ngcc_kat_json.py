#!/usr/bin/env python3
"""Merge the per-test KAT records of ngcc-kat (kat_output/<module>/KAT_<kind>.json)
into one kat.json (schema ngcc-kat/1) for the modules of one build.

A record counts for a module only if its module_sha256 equals the SHA-256 of
that module file in the build: a KAT outcome is a fact about exact bytes.
A record from another build directory (--reuse) counts only if that build's
module file is still the one it tested and carries the same code as ours:
equal after `objcopy --strip-debug` and removing .comment and the build-id
note (a -g build differs from a plain one only there). Such records name
their origin in "reused_from". The newest record per (module, kind) wins.

usage: ngcc_kat_json.py BUILD_DIR OUT_JSON [--reuse OTHER_BUILD_DIR ...]
"""
import argparse
import glob
import hashlib
import json
import os
import subprocess
import sys
import tempfile

KIND_ORDER = {"2_12": 0, "2_23": 1, "2_33": 2, "Loop": 3}


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


def code_sha256(path):
    """SHA-256 of a module without debug sections, .comment and build-id."""
    with tempfile.TemporaryDirectory() as tmp:
        stripped = os.path.join(tmp, "m.so")
        subprocess.run(["objcopy", "--strip-debug", "--remove-section=.comment",
                        "--remove-section=.note.gnu.build-id", path, stripped], check=True)
        return sha256_file(stripped)


def load_records(build_dir):
    for path in sorted(glob.glob(os.path.join(build_dir, "kat_output", "*", "KAT_*.json"))):
        try:
            with open(path) as f:
                doc = json.load(f)
            for m in doc["modules"]:
                for f_ in m["files"]:
                    yield path, doc["date"], m, f_
        except (OSError, ValueError, KeyError, TypeError) as e:
            sys.exit(f"ngcc kat: {path}: not a valid ngcc-kat record ({e})")


def main():
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("build_dir")
    ap.add_argument("out_json")
    ap.add_argument("--reuse", action="append", default=[], metavar="OTHER_BUILD_DIR")
    args = ap.parse_args()

    modules_dir = os.path.join(args.build_dir, "modules")
    current = {}
    for path in glob.glob(os.path.join(modules_dir, "lib*.so")):
        current[os.path.basename(path)[3:-3]] = sha256_file(path)

    modules, sources, latest = {}, set(), ""
    code = {}  # module path -> code_sha256, computed on demand
    for build in [args.build_dir] + args.reuse:
        for path, date, m, record in load_records(build):
            name = m["module"]
            if name not in current:
                continue
            if build == args.build_dir:
                if current[name] != m["module_sha256"]:
                    continue  # an older build of this tree: says nothing about these bytes
                origin = None
            else:
                theirs = os.path.join(build, "modules", f"lib{name}.so")
                ours = os.path.join(modules_dir, f"lib{name}.so")
                if not os.path.exists(theirs) or sha256_file(theirs) != m["module_sha256"]:
                    continue  # the tested file was rebuilt since
                for f_ in (theirs, ours):
                    if f_ not in code:
                        code[f_] = code_sha256(f_)
                if code[theirs] != code[ours]:
                    continue
                origin = f"{os.path.relpath(build)} (module {m['module_sha256'][:16]}…, same code)"
            entry = modules.setdefault(name, {k: v for k, v in m.items() if k != "files"} | {"files": {}})
            entry["module_sha256"] = current[name]
            old = entry["files"].get(record["kind"])
            if old is None or old[0] < date:
                entry["files"][record["kind"]] = (date, dict(record, reused_from=origin) if origin else record)
            sources.add(os.path.relpath(build))
            latest = max(latest, date)
    for entry in modules.values():
        entry["files"] = [r for _, r in sorted(entry["files"].values(), key=lambda x: KIND_ORDER[x[1]["kind"]])]
    doc = {
        "schema": "ngcc-kat/1",
        "date": latest,
        "command": "tools/ngcc kat (one ngcc-kat run per ctest KAT_<kind>/<module>); records from "
        + ", ".join(sorted(sources)),
        "modules": [modules[k] for k in sorted(modules)],
    }
    os.makedirs(os.path.dirname(os.path.abspath(args.out_json)), exist_ok=True)
    with open(args.out_json, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    runs = sum(len(m["files"]) for m in modules.values())
    print(f"ngcc: wrote {args.out_json}: {len(modules)} modules, {runs} KAT files")


if __name__ == "__main__":
    main()
