#!/usr/bin/python3
"""What a run runs, read in one place for every Python tool: the modules of a
build (<build>/modules/ngcc_modules.json, written by CMake from the
declarations) and the libraries of campaign files (bench/README.md), and
several campaign files as one for one bench run (tools/ngcc bench --campaign
A --campaign B: the libraries of several packages measured side by side).

    ngcc_plan.py merge OUT FILE [FILE ...]
    ngcc_plan.py modules BUILD_DIR

merge: OUT gets every library of every FILE, its path made absolute against
the file it came from, and the run's settings (sizes, variants, baselines,
overrides) from whichever files state them; two files that state one
differently, or list the same library label twice, are refused in one line.
bench checks the rest as for any campaign (bench/README.md).
modules: the module files of our candidates in BUILD_DIR, one per line, as
ngcc-kat and the constant-time check take them.
"""

import json
import os
import sys

import yaml

SETTINGS = ("sizes", "variants", "baselines", "overrides")
MODULE_MANIFEST = os.path.join("modules", "ngcc_modules.json")


class PlanError(Exception):
    """A one-line refusal."""


def read_module_manifest(path):
    """A module manifest (schema ngcc-modules/1): its `families` (the
    declarations) and `modules` (every module built)."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise PlanError("%s: no such file (configuring the build writes it: cmake --preset release)" % path)
    except (OSError, ValueError) as e:
        raise PlanError("%s: %s" % (path, e))
    if not isinstance(doc, dict) or doc.get("schema") != "ngcc-modules/1" \
            or not isinstance(doc.get("families"), list) or not isinstance(doc.get("modules"), list):
        raise PlanError("%s: not a module manifest (schema ngcc-modules/1 with families and modules)" % path)
    return doc


def build_modules(build_dir, kinds=("candidate",)):
    """The modules of a build of the kinds given, each with `path`, the
    absolute path of its file."""
    manifest = os.path.join(build_dir, MODULE_MANIFEST)
    directory = os.path.dirname(os.path.abspath(manifest))
    return [dict(m, path=os.path.join(directory, m["file"]))
            for m in read_module_manifest(manifest)["modules"] if m["kind"] in kinds]


def load(path):
    try:
        with open(path, encoding="utf-8") as f:
            doc = yaml.safe_load(f)
    except (OSError, yaml.YAMLError) as e:
        raise PlanError("%s: %s" % (path, str(e).splitlines()[0]))
    if doc is None:
        return {}
    if not isinstance(doc, dict):
        raise PlanError("%s: expected a mapping" % path)
    return doc


def campaign_libraries(path, doc=None):
    """The libraries of the campaign file `path` (its parsed `doc`, if read
    already), each path made absolute against the file."""
    doc = load(path) if doc is None else doc
    base = os.path.dirname(os.path.abspath(path))
    libraries = doc.get("libraries") or []
    if not isinstance(libraries, list):
        raise PlanError("%s: libraries: expected a list" % path)
    out = []
    for i, entry in enumerate(libraries):
        if not isinstance(entry, dict) or not isinstance(entry.get("path"), str):
            raise PlanError("%s: libraries[%d]: expected a mapping with a path" % (path, i))
        out.append(dict(entry, path=os.path.join(base, entry["path"])))
    return out


def merged(paths):
    out, stated, labels = {}, {}, {}
    for path in paths:
        doc = load(path)
        for key in SETTINGS:
            if key not in doc:
                continue
            if key in out and out[key] != doc[key]:
                raise PlanError("%s: %s differs from the one in %s" % (path, key, stated[key]))
            out[key], stated[key] = doc[key], path
        for i, entry in enumerate(campaign_libraries(path, doc)):
            label = (entry.get("instance") or entry.get("name"), entry.get("variant"))
            if label in labels:
                raise PlanError("%s: libraries[%d]: %s/%s is also in %s" % (path, i, label[0], label[1],
                                                                               labels[label]))
            labels[label] = path
            out.setdefault("libraries", []).append(entry)
    return out


def write_merged(out, paths):
    """merged(paths), written to `out`."""
    doc = merged(paths)
    with open(out, "w", encoding="utf-8") as f:
        f.write("# tools/ngcc bench: the campaigns %s in one\n" % " ".join(paths))
        yaml.safe_dump(doc, f, sort_keys=False, width=1000)


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    try:
        if len(argv) >= 3 and argv[0] == "merge":
            write_merged(argv[1], argv[2:])
        elif len(argv) == 2 and argv[0] == "modules":
            for module in build_modules(argv[1]):
                print(module["path"])
        else:
            print("usage: ngcc_plan.py merge OUT FILE [FILE ...] | modules BUILD_DIR", file=sys.stderr)
            return 2
    except PlanError as e:
        print("ngcc: %s" % e, file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
