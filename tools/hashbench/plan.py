"""What a run runs, resolved in one place for every tool: the modules of a
build (<build>/modules/ngcc_modules.json, written by CMake from the
declarations) and the libraries of campaign files (bench/README.md), into
one library plan (schema ngcc-plan/1) that ngcc-kat (--plan) and the
constant-time check (hashbench.ct --plan) read; and several campaign
files as one for one bench run (tools/ngcc bench --campaign A --campaign B:
the libraries of several packages measured side by side).

plan(): one entry per library: the modules of our candidates in the build
(unless modules=False) and every library of every campaign file,
each with its path, kind (candidate: a module of ours, which describes
itself; submitted: a campaign's library, described by the plan), instance,
KAT name, digest width, variant, the CPU extensions it needs, its compile
flags and its SHA-256 (docs/architecture.md §1).
merged(): every library of every file, its path made absolute against
the file it came from, and the run's settings (sizes, variants, baselines,
overrides) from whichever files state them; two files that state one
differently, or list the same library label twice, are refused in one line.
bench checks the rest as for any campaign (bench/README.md).
"""

import json
import os
import re

import yaml

from hashbench.common import file_sha256

SETTINGS = ("sizes", "variants", "baselines", "overrides")
MODULE_MANIFEST = os.path.join("modules", "ngcc_modules.json")
PLAN_SCHEMA = "ngcc-plan/1"
# Variant labels of rows that are not a library's: the baselines' (openssl,
# iccs) and that of a library that names none (bench/campaign.cpp).
OTHER_LABELS = ("openssl", "iccs", "external")
LABEL = re.compile(r"[a-z0-9][a-z0-9-]*\Z")
PLAN_KEYS = ("path", "kind", "instance", "kat_name", "digest_bits", "variant", "requires", "flags", "sha256")


class PlanError(Exception):
    """A one-line refusal."""


def read_module_manifest(path):
    """A module manifest (schema ngcc-modules/1): its `families` (the
    declarations), `modules` (every module built) and `variants` (the rows
    of the variants table)."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except FileNotFoundError:
        raise PlanError("%s: no such file (configuring the build writes it: cmake --preset release)" % path)
    except (OSError, ValueError) as e:
        raise PlanError("%s: %s" % (path, e))
    if not isinstance(doc, dict) or doc.get("schema") != "ngcc-modules/1" \
            or not all(isinstance(doc.get(k), list) for k in ("families", "modules", "variants")):
        raise PlanError("%s: not a module manifest (schema ngcc-modules/1 with families, modules and variants)"
                        % path)
    return doc


def build_modules(build_dir, kinds=("candidate",)):
    """The modules of a build of the kinds given, each with `path`, the
    absolute path of its file."""
    manifest = os.path.join(build_dir, MODULE_MANIFEST)
    directory = os.path.dirname(os.path.abspath(manifest))
    return [dict(m, path=os.path.join(directory, m["file"]))
            for m in read_module_manifest(manifest)["modules"] if m["kind"] in kinds]


def declared_instances(manifest):
    """kat_name or name -> the declared instance (with its candidate_id,
    family and family directory), from the module manifest `manifest` (its
    path, or the document read_module_manifest returned)."""
    doc = read_module_manifest(manifest) if isinstance(manifest, str) else manifest
    out = {}
    for family in doc["families"]:
        for inst in family["instances"]:
            entry = dict(inst, candidate_id=family["candidate_id"], family=family["family"],
                         directory=family["directory"])
            out.setdefault(inst["name"], entry)
            out[inst["kat_name"]] = entry
    return out


def module_entry(module, declared):
    """The plan entry of a module of ours (build_modules)."""
    inst = declared[module["instance"]]
    return dict(path=module["path"], kind="candidate", instance=inst["name"], kat_name=inst["kat_name"],
                digest_bits=inst["digest_bits"], variant=module["variant"], requires=list(module["requires"]),
                flags=module["build_flags"], sha256=file_sha256(module["path"]))


def library_entry(entry, declared, labels, where):
    """The plan entry of a campaign's library (campaign_libraries): a
    declared instance's takes the declared KAT name and width; another
    candidate's states name and digest_bits; its variant is a label none of
    our rows can have (`labels`: variant_labels), as bench requires
    (bench/campaign.cpp)."""
    if "instance" in entry:
        inst = declared.get(entry["instance"])
        if inst is None or inst["name"] != entry["instance"]:
            raise PlanError("%s: no family declares the instance '%s'" % (where, entry["instance"]))
        instance, kat_name, bits = inst["name"], inst["kat_name"], inst["digest_bits"]
        if "variant" not in entry:
            raise PlanError("%s: a library of a declared instance needs a variant label (e.g. submitted-opt)"
                            % where)
    else:
        kat_name, bits = entry.get("name"), entry.get("digest_bits")
        if kat_name in declared and declared[kat_name]["name"] == kat_name:
            raise PlanError("%s: name: '%s' is a declared instance: write instance: %s" % (where, kat_name, kat_name))
        if not isinstance(kat_name, str) or not kat_name or not isinstance(bits, int) or isinstance(bits, bool):
            raise PlanError("%s: a library of another candidate needs name and digest_bits" % where)
        instance = kat_name
    variant = str(entry.get("variant", "external"))
    # A library under one of our labels would take the place of our module
    # of that name in the verdicts (kat.json, ct.json, bench rows).
    if "variant" in entry and (not LABEL.match(variant) or variant in labels):
        raise PlanError("%s: variant '%s': a label of lower-case letters, digits and '-' other than %s "
                        "(e.g. submitted-opt)" % (where, variant, ", ".join(labels)))
    features = entry.get("cpu_features") or []
    if isinstance(features, str):
        features = features.split()
    # A library that is not there is run all the same: ngcc-kat and the
    # constant-time check give it its one-line ERROR beside the others.
    sha256 = file_sha256(entry["path"]) if os.path.isfile(entry["path"]) else ""
    return dict(path=entry["path"], kind="submitted", instance=instance, kat_name=kat_name, digest_bits=bits,
                variant=variant, requires=[str(f) for f in features],
                flags=str(entry.get("build_flags", "")), sha256=sha256)


def variant_labels(manifest):
    """The variant labels of rows that are not a campaign library's: every
    row of the variants table (the module manifest `manifest`'s variants),
    the baselines' and that of a library given none."""
    return list(manifest["variants"]) + list(OTHER_LABELS)


def plan(build_dir, campaigns=(), modules=True):
    """The library plan of a run: our candidates' modules in `build_dir`
    (modules=True), then every library of the campaign files."""
    manifest = read_module_manifest(os.path.join(build_dir, MODULE_MANIFEST))
    declared = declared_instances(manifest)
    libraries = [module_entry(m, declared) for m in build_modules(build_dir)] if modules else []
    return plan_of(libraries + campaign_entries(campaigns, manifest))


def campaign_entries(campaigns, manifest):
    """The plan entries of every library of the campaign files, in order,
    against the module manifest `manifest` (read_module_manifest); one
    library twice, by instance and variant, is refused."""
    declared, labels, seen, entries = declared_instances(manifest), variant_labels(manifest), {}, []
    for campaign in campaigns:
        for i, entry in enumerate(campaign_libraries(campaign)):
            where = "%s: libraries[%d]" % (campaign, i)
            library = library_entry(entry, declared, labels, where)
            key = "%s/%s" % (library["instance"], library["variant"])
            if key in seen:
                raise PlanError("%s: %s is also %s" % (where, key, seen[key]))
            seen[key] = where
            entries.append(library)
    return entries


def plan_of(libraries):
    """A library plan holding `libraries` (plan entries)."""
    return dict(schema=PLAN_SCHEMA, about="hashbench.plan: the libraries of one run", libraries=libraries)


def write_plan(out, doc):
    """Writes the plan `doc` to `out`, its directory made where missing."""
    os.makedirs(os.path.dirname(os.path.abspath(out)), exist_ok=True)
    tmp = out + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, out)


def read_plan(path):
    """A library plan's libraries, each with every key of PLAN_KEYS."""
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise PlanError("%s: %s" % (path, e))
    if not isinstance(doc, dict) or doc.get("schema") != PLAN_SCHEMA or not isinstance(doc.get("libraries"), list):
        raise PlanError("%s: not a library plan (schema %s)" % (path, PLAN_SCHEMA))
    for i, entry in enumerate(doc["libraries"]):
        missing = [k for k in PLAN_KEYS if not isinstance(entry, dict) or k not in entry]
        if missing:
            raise PlanError("%s: libraries[%d]: key '%s' missing" % (path, i, missing[0]))
    return doc["libraries"]


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
