"""The candidate model: the families the measured instances belong to, each
candidate's title and parameter sets, and the names and build flags of the
implementation variants.

bench.json says all of it (bench/SCHEMA.md §3): `ngcc_families` (the
candidates as declared in candidates/<id>-<name>/candidate.json: title,
parameter sets in order) and the `ngcc_modules` entries (instance, variant,
kind, implementation, exact build flags). A measured instance that no
declared family holds, and that is no baseline, is an external library: it
gets a report of its own. (A schema-1 bench.json lacked these facts; it is
converted once, tools/ngcc convert-schema1, and not read.)
"""

import functools

from hashbench.declarations import DeclarationError, read_declarations

BASELINE_VARIANTS = ("openssl",)


@functools.lru_cache(maxsize=None)
def _declaration_dirs():
    try:
        return {c["declaration"]["candidate_id"]: c["declaration"]["declared_in"]
                for c in read_declarations()["candidates"]}
    except DeclarationError:
        return {}


def declaration_dir(candidate_id):
    """Where this repository declares the candidate: candidates/<id>-<name>."""
    return _declaration_dirs().get(candidate_id, "candidates/%s-<name>" % candidate_id)


class Family:
    """One candidate's measured instances, in the order of its report.

    declared: every parameter set of the candidate, in declaration order
    (ngcc_families; [] for an external library).
    implemented: False for a candidate declared only (candidates/<id>-<name>/candidate.json
    without code of ours): what is measured of it is a submitted library.
    external: a library for a candidate this suite does not declare."""

    def __init__(self, cid, name, title, instances, declared=(), directory=None,
                 external=False, implemented=True):
        self.id = cid
        self.name = name
        self.title = title
        self.instances = instances
        self.declared = list(declared)
        self.directory = directory
        self.external = external
        self.implemented = implemented

    @property
    def stem(self):
        return "%s-%s" % (self.id, self.name)

    @property
    def missing(self):
        return [i for i in self.declared if i not in self.instances]


def _first_text(modules, key):
    for mod in modules:
        value = mod.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def implementation_name(variant, modules):
    """The implementation of a variant: its modules' `implementation`, else
    the variant's own name."""
    return _first_text(modules, "implementation") or variant


def all_parameter_sets(bench):
    """Every declared parameter set, in candidate order."""
    return [i["name"] for f in sorted(bench.families, key=lambda f: f["candidate_id"])
            for i in f["instances"]]


def _measured_instances(bench):
    """Instances with at least one variant that is not a baseline."""
    return [i for i in bench.order
            if not all(bench.is_baseline(i, v) for v in bench.variants(i))]


def _recorded_candidate(instance, bench, kat):
    """(candidate id, family) of an instance from its module records (bench,
    then KAT run), or None."""
    for var in bench.variants(instance):
        mod = bench.module(instance, var)
        if mod.get("candidate_id") and mod.get("family"):
            return mod["candidate_id"], mod["family"]
    if kat:
        for km in kat.modules.values():
            if km.instance == instance and km.candidate_id and km.family:
                return km.candidate_id, km.family
    return None


def group_families(bench, kat):
    """The candidate reports of the run: [Family], in candidate order."""
    measured = _measured_instances(bench)
    out, held = [], set()
    for fam in sorted(bench.families, key=lambda f: f["candidate_id"]):
        declared = [i["name"] for i in fam["instances"]]
        instances = [i for i in declared if i in measured]
        held.update(declared)
        if instances:
            out.append(Family(fam["candidate_id"], fam["family"], fam["full_name"],
                              instances, declared, fam.get("directory"),
                              implemented=fam.get("implemented", True)))
    external = {}
    for inst in measured:
        if inst in held:
            continue
        cid, name = _recorded_candidate(inst, bench, kat) or ("external", inst)
        if (cid, name) not in external:
            title = _first_text((bench.module(inst, v) for v in bench.variants(inst)),
                                "full_name") or name
            external[(cid, name)] = Family(cid, name, title, [], external=True)
        external[(cid, name)].instances.append(inst)
    return out + [external[k] for k in sorted(external)]
