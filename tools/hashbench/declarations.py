"""The candidates as declared, read and checked once (docs/families.md).

Every directory candidates/<candidate_id>-<name>/ is one candidate:
  candidate.json   id, full name, parameter sets (KAT names, widths, XOF limits)
  kat.sha256       the official manifest: the four KAT files of every instance
  package.yaml     our settings for its published package (optional,
                   docs/submissions.md "Settings")
A candidate we implement ("implemented" absent) has its code in
hashes/<name with '_' for '-'>/ (the C++ namespace ngcc::<name>); one
declared only says "implemented": false and where each fact was read.
The variants its code may serve are the rows of hashes/variants.json.

The build runs this at configure time and reads the one normalised file it
writes; the Python tools import it. A bad declaration is refused with the
directory and what is wrong, exit status 1.

usage: python3 -m hashbench.declarations [--root DIR] [--out FILE] [--list]
       (PYTHONPATH=tools)
"""
import argparse
import json
import os
import re
import sys

from hashbench import ROOT

SCHEMA = "ngcc-declarations/1"
KAT_KINDS = ("2_12", "2_23", "2_33", "Loop")
# Facts a declared-only candidate cites; `xof` only when an instance is one.
SOURCE_FACTS = ("manifest", "full_name", "digest_bits", "xof")
TOP_KEYS_OURS = ("candidate_id", "family", "full_name", "avx512_extensions", "instances")
TOP_KEYS_DECLARED = ("candidate_id", "family", "full_name", "implemented", "sources", "instances")
INSTANCE_KEYS = ("name", "kat_name", "digest_bits", "params", "baseline", "xof", "max_digest_bits")
# The files every family of ours has besides permutation_<implementation>.cpp.
FAMILY_FILES = ("{dir}.hpp", "permutation.hpp", "permutation_portable.cpp")
DIRECTORY_NAME = re.compile(r"^(hash-[0-9]+)-([a-z][a-z0-9-]*)$")
PLACE = re.compile(r"^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+:[^:]+$")


class DeclarationError(Exception):
    """A declaration the suite cannot use; the message names the file."""


def _read_json(path, where):
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except OSError as e:
        raise DeclarationError("%s: cannot read (%s)" % (where, e.strerror))
    except ValueError as e:
        raise DeclarationError("%s: not JSON (%s)" % (where, e))


def read_variants(root=ROOT):
    """hashes/variants.json: its rows and the table of AVX-512 extensions."""
    where = "hashes/variants.json"
    table = _read_json(os.path.join(root, where), where)
    rows = table.get("variants")
    if not isinstance(rows, list) or not rows:
        raise DeclarationError("%s: expected a non-empty list 'variants'" % where)
    for i, row in enumerate(rows):
        for key in ("variant", "architecture", "implementation", "object", "package_layout"):
            if not isinstance(row.get(key), str) or not row[key]:
                raise DeclarationError("%s: variants[%d].%s: expected a non-empty string" % (where, i, key))
        for key in ("flags", "requires"):
            if not isinstance(row.get(key), list) or not all(isinstance(x, str) for x in row[key]):
                raise DeclarationError("%s: variants[%d].%s: expected a list of strings" % (where, i, key))
    seen = set()
    for row in rows:
        pair = (row["variant"], row["architecture"])
        if pair in seen:
            raise DeclarationError("%s: variant %s on %s twice" % (where, *pair))
        seen.add(pair)
    extensions = {k: v for k, v in table.get("extensions", {}).items() if k != "about"}
    return rows, extensions


def variants_for(rows, architecture):
    """The rows that build for `architecture` (x86_64, aarch64, …), by variant."""
    out = {}
    for row in rows:
        if row["architecture"] in (architecture, "any"):
            out[row["variant"]] = row
    return out


def _type_name(value):
    """JSON's name of a value's type, as the errors say it."""
    if isinstance(value, bool):
        return "BOOLEAN"
    if isinstance(value, (int, float)):
        return "NUMBER"
    return {str: "STRING", list: "ARRAY", dict: "OBJECT"}.get(type(value), "NULL")


def hiding_sets(rows, extensions, architecture):
    """Per row of `architecture` that requires something, most demanding
    first: the features NGCC_CPU_DISABLE hides to send its modules down their
    unsupported path (those no less demanding row requires, and the family
    extensions it may add)."""
    own = [r for r in variants_for(rows, architecture).values() if r["requires"]]
    own.sort(key=lambda r: -len(r["requires"]))
    out = []
    for row in own:
        below = {f for r in own if len(r["requires"]) < len(row["requires"]) for f in r["requires"]}
        hidden = [f for f in row["requires"] if f not in below]
        if row.get("extensions_from"):
            hidden += [e["feature"] for e in extensions.values()]
        out.append(hidden)
    return out


class _Checker:
    def __init__(self, where):
        self.where = where

    def fail(self, what):
        raise DeclarationError("%s: %s" % (self.where, what))

    def keys(self, obj, place, allowed):
        for key in obj:
            if key not in allowed:
                self.fail("candidate.json: %s: unknown key '%s' (expected one of: %s)"
                          % (place, key, ", ".join(allowed)))

    def get(self, obj, place, key, kind, required=True):
        if key not in obj:
            if required:
                self.fail("candidate.json: %s: missing key '%s'" % (place, key))
            return None
        value = obj[key]
        if _type_name(value) != _type_name(kind()):
            self.fail("candidate.json: %s.%s: expected %s, found %s"
                      % (place, key, _type_name(kind()), _type_name(value)))
        if kind is str and not value:
            self.fail("candidate.json: %s.%s: empty string" % (place, key))
        return value


def _check_family_files(check, root, directory, implemented, implementations):
    """hashes/<directory>: the files of a family of ours, or nothing for a
    candidate declared only. Returns the implementations it has."""
    src = os.path.join(root, "hashes", directory)
    if not implemented:
        if os.path.exists(src):
            check.fail("declared only (\"implemented\": false) but hashes/%s exists "
                       "(code of ours means leaving \"implemented\" out)" % directory)
        return []
    if not os.path.isdir(src):
        check.fail("no hashes/%s (a candidate we implement has its code there; "
                   "one without code of ours says \"implemented\": false)" % directory)
    for pattern in FAMILY_FILES:
        name = pattern.format(dir=directory)
        if not os.path.isfile(os.path.join(src, name)):
            check.fail("hashes/%s: missing %s (every family has %s)"
                       % (directory, name, ", ".join(p.format(dir=directory) for p in FAMILY_FILES)))
    found = []
    for name in sorted(os.listdir(src)):
        if os.path.isdir(os.path.join(src, name)):
            continue
        m = re.match(r"^permutation_([a-z0-9_]+)\.cpp$", name)
        if m and m.group(1) in implementations:
            found.append(m.group(1))
        elif not name.endswith((".hpp", ".h")):
            check.fail("hashes/%s/%s: sources are permutation_<implementation>.cpp, implementation %s"
                       % (directory, name, ", ".join(sorted(implementations))))
    return found


def _check_sources(check, sources, has_xof):
    check.keys(sources, "sources", SOURCE_FACTS)
    required = ["manifest", "full_name", "digest_bits"] + (["xof"] if has_xof else [])
    for fact in required:
        if fact not in sources:
            check.fail("candidate.json: sources: missing key '%s' (where the %s was read, owner/repo:path)"
                       % (fact, fact))
    for fact, value in sources.items():
        places = value if isinstance(value, list) else [value]
        if not places or not all(isinstance(p, str) and p for p in places):
            check.fail("candidate.json: sources.%s: expected owner/repo:path or a list of them" % fact)
        for place in places:
            if not PLACE.match(place):
                check.fail("candidate.json: sources.%s: '%s' is not owner/repo:path" % (fact, place))


def _check_manifest(check, path, expected):
    """kat.sha256 lists exactly the four KAT files of each instance."""
    try:
        with open(path, encoding="utf-8") as f:
            lines = f.read().splitlines()
    except OSError:
        check.fail("no kat.sha256 (the official manifest: the four KAT files of every instance)")
    listed = []
    for number, line in enumerate(lines, 1):
        m = re.match(r"^[0-9a-f]{64} strict ([^ ]+)$", line)
        if not m:
            check.fail("kat.sha256:%d: '%s' is not '<sha256> strict <name>/<file>'" % (number, line))
        if m.group(1) not in expected:
            check.fail("kat.sha256:%d: %s belongs to no declared instance "
                       "(declared: <name>/KAT_<kind>_<kat_name>.txt for each instance)" % (number, m.group(1)))
        listed.append(m.group(1))
    for entry in expected:
        if entry not in listed:
            check.fail("kat.sha256: no entry %s (every instance has the four KAT files %s)"
                       % (entry, " ".join(KAT_KINDS)))


def read_candidate(root, name, implementations, extensions):
    """candidates/<name>/, checked; its normalised form."""
    where = "candidates/" + name
    check = _Checker(where)
    m = DIRECTORY_NAME.match(name)
    if not m:
        check.fail("a candidate directory is named <candidate_id>-<name>, e.g. hash-26-chime "
                   "(lower case letters, digits, '-')")
    directory = m.group(2).replace("-", "_")
    decl = _read_json(os.path.join(root, where, "candidate.json"), where + "/candidate.json")
    if not isinstance(decl, dict):
        check.fail("candidate.json is not a JSON object")
    implemented = check.get(decl, "top level", "implemented", bool, required=False)
    if implemented is True:
        check.fail("candidate.json: implemented: say false for a declared-only candidate, or leave it out")
    implemented = implemented is None
    check.keys(decl, "top level", TOP_KEYS_OURS if implemented else TOP_KEYS_DECLARED)
    candidate_id = check.get(decl, "top level", "candidate_id", str)
    if candidate_id != m.group(1):
        check.fail("candidate.json: candidate_id '%s' is not the directory's %s" % (candidate_id, m.group(1)))
    family = check.get(decl, "top level", "family", str)
    full_name = check.get(decl, "top level", "full_name", str)
    instances = check.get(decl, "top level", "instances", list)
    avx512 = check.get(decl, "top level", "avx512_extensions", list, required=False) or []
    for extension in avx512:
        if extension not in extensions:
            check.fail("candidate.json: avx512_extensions: unknown '%s' (%s)" % (extension, ", ".join(extensions)))
    sources = check.get(decl, "top level", "sources", dict, required=not implemented)
    if not instances:
        check.fail("candidate.json: instances is empty")

    normalised, params, expected, kat_names = [], [], [], []
    for i, instance in enumerate(instances):
        place = "instances[%d]" % i
        if not isinstance(instance, dict):
            check.fail("candidate.json: %s: expected OBJECT" % place)
        check.keys(instance, place, INSTANCE_KEYS if implemented else
                   tuple(k for k in INSTANCE_KEYS if k != "params"))
        inst_name = check.get(instance, place, "name", str)
        kat_name = check.get(instance, place, "kat_name", str)
        digest_bits = check.get(instance, place, "digest_bits", int)
        param = check.get(instance, place, "params", str, required=implemented)
        baseline = check.get(instance, place, "baseline", str)
        xof = check.get(instance, place, "xof", bool, required=False) or False
        if xof:
            max_bits = check.get(instance, place, "max_digest_bits", int)
        elif "max_digest_bits" in instance:
            check.fail("candidate.json: %s.max_digest_bits: only an XOF (\"xof\": true) has one" % place)
        else:
            max_bits = digest_bits
        if not re.match(r"^[A-Za-z0-9][A-Za-z0-9_-]*$", inst_name):
            check.fail("candidate.json: %s.name '%s': letters, digits, '-', '_' only" % (place, inst_name))
        if not re.match(r"^[A-Za-z0-9_-]+$", kat_name):
            check.fail("candidate.json: %s.kat_name '%s' is not a valid ALGORITHM_INSTANCE" % (place, kat_name))
        if implemented and not re.match(r"^[A-Za-z_][A-Za-z0-9_]*$", param):
            check.fail("candidate.json: %s.params '%s' is not a C++ identifier" % (place, param))
        if (not isinstance(digest_bits, int) or not isinstance(max_bits, int)
                or digest_bits <= 0 or digest_bits % 8 or max_bits < digest_bits):
            check.fail("candidate.json: %s: digest_bits must be a positive multiple of 8, "
                       "max_digest_bits at least that" % place)
        if kat_name in kat_names:
            check.fail("candidate.json: %s.kat_name '%s' is already declared by %s" % (place, kat_name, where))
        kat_names.append(kat_name)
        expected += ["%s/KAT_%s_%s.txt" % (inst_name, kind, kat_name) for kind in KAT_KINDS]
        params.append(param)
        normalised.append({"name": inst_name, "kat_name": kat_name, "baseline": baseline,
                           "digest_bits": digest_bits, "max_digest_bits": max_bits, "xof": xof})
    if not implemented:
        _check_sources(check, sources, any(i["xof"] for i in normalised))
    manifest = os.path.join(where, "kat.sha256")
    _check_manifest(check, os.path.join(root, manifest), expected)
    found = _check_family_files(check, root, directory, implemented, implementations)
    settings = os.path.join(where, "package.yaml")
    return {
        # The candidate as every tool sees it (ngcc_modules.json "families").
        "declaration": {"candidate_id": candidate_id, "family": family, "full_name": full_name,
                        "directory": directory, "declared_in": where, "implemented": implemented,
                        "instances": normalised},
        "manifest": manifest,
        "package_settings": settings if os.path.isfile(os.path.join(root, settings)) else None,
        "implementations": found,
        "avx512_extensions": avx512,
        "params": params if implemented else [],
    }


def read_declarations(root=ROOT):
    """Every candidate under candidates/, checked alone and against the
    others, with the variants table: the normalised declarations."""
    rows, extensions = read_variants(root)
    implementations = {row["implementation"] for row in rows}
    base = os.path.join(root, "candidates")
    try:
        names = sorted(n for n in os.listdir(base) if os.path.isdir(os.path.join(base, n)))
    except OSError as e:
        raise DeclarationError("candidates/: cannot read (%s)" % e.strerror)
    candidates, owner = [], {}
    for name in names:
        c = read_candidate(root, name, implementations, extensions)
        d = c["declaration"]
        # The manifests are keyed by file name, KAT_<kind>_<kat_name>.txt: a
        # kat_name, like a name and an id, belongs to one candidate.
        keys = [("candidate_id", d["candidate_id"]), ("directory", d["directory"])]
        keys += [(k, i[k]) for i in d["instances"] for k in ("name", "kat_name")]
        for key, value in keys:
            if (key, value) in owner:
                raise DeclarationError("%s: candidate.json: %s '%s' is already declared by %s"
                                       % (d["declared_in"], key, value, owner[(key, value)]))
            owner[(key, value)] = d["declared_in"]
        candidates.append(c)
    claimed = {c["declaration"]["directory"] for c in candidates}
    for name in sorted(os.listdir(os.path.join(root, "hashes"))):
        if name not in claimed and os.path.isfile(os.path.join(root, "hashes", name, "permutation.hpp")):
            raise DeclarationError("hashes/%s: a family directory no candidates/hash-NN-%s/ declares"
                                   % (name, name.replace("_", "-")))
    return {"schema": SCHEMA, "candidates": candidates, "variants": rows, "extensions": extensions}


def candidate_by_id(declarations, candidate_id):
    for c in declarations["candidates"]:
        if c["declaration"]["candidate_id"] == candidate_id:
            return c
    return None


def main(argv=None):
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--root", default=ROOT, help="the repository (default: this one)")
    parser.add_argument("--out", help="write the normalised declarations here (JSON)")
    parser.add_argument("--list", action="store_true", help="one line per candidate")
    args = parser.parse_args(argv)
    try:
        declarations = read_declarations(os.path.abspath(args.root))
    except DeclarationError as e:
        print("ngcc declarations: %s" % e, file=sys.stderr)
        return 1
    if args.out:
        text = json.dumps(declarations, indent=1) + "\n"
        # Rewritten only when it changes, so a configure does not rebuild
        # what depends on it for nothing.
        try:
            with open(args.out, encoding="utf-8") as f:
                unchanged = f.read() == text
        except OSError:
            unchanged = False
        if not unchanged:
            os.makedirs(os.path.dirname(os.path.abspath(args.out)), exist_ok=True)
            with open(args.out + ".tmp", "w", encoding="utf-8") as f:
                f.write(text)
            os.replace(args.out + ".tmp", args.out)
    if args.list:
        for c in declarations["candidates"]:
            d = c["declaration"]
            print("%s: %s, %d instances, %s" % (d["declared_in"], d["family"], len(d["instances"]),
                                                  "ours" if d["implemented"] else "declared only"))
    return 0


if __name__ == "__main__":
    sys.exit(main())
