"""The candidate model: the families the measured instances belong to, each
candidate's title and parameter sets, and the names and build flags of the
implementation variants.

Schema 2 bench.json says all of it: `ngcc_families` (the candidates as
declared in candidates/<id>-<name>/candidate.json: title, parameter sets in order) and
the `ngcc_modules` entries (instance, variant, kind, implementation, exact
build flags). A measured instance that no declared family holds, and that is
no baseline, is an external library: it gets a report of its own.

Schema 1 bench.json has neither the declarations nor the flags per module;
for it alone the SCHEMA-1 FALLBACK below (ROUND1, VARIANTS) fills the gaps
the records leave.
"""

import functools

from ngcc_declarations import DeclarationError, read_declarations

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

# --- SCHEMA-1 FALLBACK (bench.json without ngcc_families) ---------------------
# The five Round 1 candidates: id -> (family, algorithm title, parameter sets
# in the order of the published reports).
ROUND1 = {
    "hash-01": ("AFS-TrEDM", "AFS-TrEDM",
                ["AFS-TrEDM-512", "AFS-TrEDM-768", "AFS-TrEDM-1024"]),
    "hash-14": ("Laurus", "Laurus",
                ["Laurus-512", "Laurus-768", "Laurus-1024", "Laurus-XOF"]),
    "hash-17": ("MasterCube", "MasterCube",
                ["MasterCube-512", "MasterCube-768", "MasterCube-1024"]),
    "hash-26": ("CHIME", "The Hash Function CHIME",
                ["CHIME-512", "CHIME-1024"]),
    "hash-33": ("Thunder", "Thunder Hash Family",
                ["Thunder-512", "Thunder-768", "Thunder-1024",
                 "Thunder-XOF-256", "Thunder-XOF-384", "Thunder-XOF-512"]),
}
# variant -> (implementation, the variant's flags in cmake/NgccModule.cmake
# when schema 1 was written)
VARIANTS = {"ref": ("reference", "-O2"),
            "opt": ("optimized", "-O3 -march=x86-64-v3"),
            "external": ("external library", None)}
# Variants without an ngcc_modules entry sort ref, opt, then by name.
VARIANT_ORDER = {"ref": 0, "opt": 1}
# --- end of the schema-1 fallback ---------------------------------------------


def variant_key(variant):
    return (VARIANT_ORDER.get(variant, 9), variant)


class Family:
    """One candidate's measured instances, in the order of its report.

    declared: every parameter set of the candidate, in declaration order
    (schema 2: ngcc_families; schema 1: ROUND1; [] when unknown).
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


def implementation(variant, modules):
    """(name, flags) of a variant: the modules' `implementation` and
    `build_flags`, else (schema 1) VARIANTS; flags None when unknown."""
    name, flags = VARIANTS.get(variant, (variant, None))
    return (_first_text(modules, "implementation") or name,
            _first_text(modules, "build_flags") or flags)


def all_parameter_sets(bench):
    """Every declared parameter set, in candidate order."""
    if bench.families is not None:
        return [i["name"] for f in sorted(bench.families, key=lambda f: f["candidate_id"])
                for i in f["instances"]]
    return [i for cid in sorted(ROUND1) for i in ROUND1[cid][2]]


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
    if bench.families is None:
        return _group_schema1(bench, kat)
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


def _group_schema1(bench, kat):
    """Schema 1: the records' candidate_id and family, else ROUND1, else a
    guess from the instance name."""
    families = {}
    for inst in _measured_instances(bench):
        cid, name = _candidate_of_schema1(inst, bench, kat)
        if cid not in families:
            title = _first_text((m for m in bench.modules.values()
                                 if m.get("candidate_id") == cid), "full_name")
            if title is None and cid in ROUND1:
                title = ROUND1[cid][1]
            families[cid] = Family(cid, name, title or name, [],
                                   ROUND1.get(cid, ("", "", []))[2])
        families[cid].instances.append(inst)
    for fam in families.values():
        rank = {n: i for i, n in enumerate(fam.declared)}
        fam.instances.sort(key=lambda n: (rank.get(n, len(rank)), bench.order.index(n)))
    return [families[k] for k in sorted(families)]


def _candidate_of_schema1(instance, bench, kat):
    recorded = _recorded_candidate(instance, bench, kat)
    if recorded:
        return recorded
    for cid, (family, _title, instances) in ROUND1.items():
        if instance in instances:
            return cid, family
    family = instance.split("-")[0]
    return "external-" + family, family
