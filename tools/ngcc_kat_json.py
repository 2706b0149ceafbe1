#!/usr/bin/env python3
"""Merge the per-test KAT records of ngcc-kat (kat_output/<module>/KAT_<kind>.json)
into one kat.json (schema ngcc-kat/1) for the modules of one build.

A record counts for a module only if its module_sha256 equals the SHA-256 of
that module file in the build: a KAT outcome is a fact about exact bytes.
Records from other build directories (--reuse) are therefore accepted only
for byte-identical modules; the newest record per (module, kind) wins.

usage: ngcc_kat_json.py BUILD_DIR OUT_JSON [--reuse OTHER_BUILD_DIR ...]
"""
import argparse
import glob
import hashlib
import json
import os
import sys

KIND_ORDER = {"2_12": 0, "2_23": 1, "2_33": 2, "Loop": 3}


def sha256_file(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


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
    for build in [args.build_dir] + args.reuse:
        for path, date, m, record in load_records(build):
            if current.get(m["module"]) != m["module_sha256"]:
                continue  # another build of different bytes: says nothing here
            entry = modules.setdefault(m["module"], {k: v for k, v in m.items() if k != "files"} | {"files": {}})
            old = entry["files"].get(record["kind"])
            if old is None or old[0] < date:
                entry["files"][record["kind"]] = (date, record)
            sources.add(os.path.relpath(os.path.dirname(os.path.dirname(os.path.dirname(path)))))
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
