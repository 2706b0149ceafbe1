"""The candidate model: the families and candidates the measured instances
belong to, each candidate's title and parameter sets, and the names and build
flags of the implementation variants.

The run's records say most of this: bench.json's `ngcc_modules` entries
(bench/SCHEMA.md §3) carry `candidate_id` and `family` and may carry
`full_name`, `implementation` and `build_flags`; kat.json's modules carry
`candidate_id` and `family` too. ROUND1 and VARIANTS answer only where those
fields are absent.
"""

BASELINE_VARIANTS = ("openssl",)
VARIANT_ORDER = {"ref": 0, "opt": 1}

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

# variant -> (implementation, the variant's flags in cmake/NgccModule.cmake)
VARIANTS = {"ref": ("reference", "-O2"),
            "opt": ("optimized", "-O3 -march=x86-64-v3"),
            "external": ("external library", None)}


def variant_key(variant):
    """Sort key: ref, opt, then the others by name."""
    return (VARIANT_ORDER.get(variant, 9), variant)


class Family:
    """One candidate's measured instances, in the order of its report."""

    def __init__(self, cid, name, title, instances):
        self.id = cid
        self.name = name
        self.title = title
        self.instances = instances

    @property
    def stem(self):
        return "%s-%s" % (self.id, self.name)


def _first_text(modules, key):
    for mod in modules:
        value = mod.get(key)
        if isinstance(value, str) and value:
            return value
    return None


def candidate_title(candidate_id, modules):
    """The algorithm's title: `full_name` of the candidate's modules, else the
    Round 1 title, else None."""
    title = _first_text((m for m in modules if m.get("candidate_id") == candidate_id),
                        "full_name")
    if title is None and candidate_id in ROUND1:
        title = ROUND1[candidate_id][1]
    return title


def parameter_sets(candidate_id):
    """Every parameter set of a Round 1 candidate, in published order ([] for
    others): the records list only the instances a run measured."""
    return ROUND1.get(candidate_id, ("", "", []))[2]


def all_parameter_sets():
    """Every parameter set of the Round 1 candidates, in candidate order."""
    return [i for cid in sorted(ROUND1) for i in parameter_sets(cid)]


def implementation(variant, modules):
    """(name, flags) of a variant, e.g. ('optimized', '-O3 -march=x86-64-v3'):
    the modules' `implementation` and `build_flags`, else VARIANTS; flags
    None when unknown."""
    name, flags = VARIANTS.get(variant, (variant, None))
    return (_first_text(modules, "implementation") or name,
            _first_text(modules, "build_flags") or flags)


def _candidate_of(instance, bench, kat):
    """(candidate id, family) of an instance: from the records, else ROUND1,
    else a guess from its name."""
    for mod in bench.modules.values():
        if mod["name"] == instance and mod.get("kind", "candidate") != "baseline" \
                and mod.get("candidate_id") and mod.get("family"):
            return mod["candidate_id"], mod["family"]
    if kat:
        for km in kat.modules.values():
            if km.name == instance and km.candidate_id and km.family:
                return km.candidate_id, km.family
    for cid, (family, _title, instances) in ROUND1.items():
        if instance in instances:
            return cid, family
    family = instance.split("-")[0]
    return "external-" + family, family


def group_families(bench, kat):
    """Candidate instances of the run grouped by family, in candidate order."""
    families = {}
    for inst in bench.order:
        if all(v in BASELINE_VARIANTS for v in bench.variants(inst)):
            continue
        cid, name = _candidate_of(inst, bench, kat)
        if cid not in families:
            title = candidate_title(cid, bench.modules.values()) or name
            families[cid] = Family(cid, name, title, [])
        families[cid].instances.append(inst)
    for fam in families.values():
        rank = {n: i for i, n in enumerate(parameter_sets(fam.id))}
        fam.instances.sort(key=lambda n: (rank.get(n, len(rank)), bench.order.index(n)))
    return [families[k] for k in sorted(families)]
