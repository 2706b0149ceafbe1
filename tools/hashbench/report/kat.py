"""kat.json (schema ngcc-kat/1): the KAT outcome per module and file kind."""

from hashbench.common import file_sha256
from hashbench.report.inputs import find_library, load_document

KAT_KINDS = ("2_12", "2_23", "2_33", "Loop")
FILE_STATES = ("PASS", "FAIL", "SKIP", "no manifest")


class KatModule:
    """The KAT files of one module."""

    def __init__(self, module, instance, variant, candidate_id, family, sha256):
        self.module = module
        self.instance = instance
        self.variant = variant
        self.candidate_id = candidate_id
        self.family = family
        self.sha256 = sha256
        self.skipped = ""  # why none of its files was run (ngcc-kat's SKIP line)
        self.files = {}    # kind -> dict(status, reason, error, file, canonical, ...)

    def status(self, kind):
        f = self.files.get(kind)
        return f["status"] if f else "not run"

    def overall(self):
        """PASS only when all four official files passed; FAIL with the first
        failing file and why; SKIP (with the reason) when every file was
        skipped or the module was not run at all."""
        if self.skipped:
            return "SKIP (%s)" % self.skipped
        states = [self.status(k) for k in KAT_KINDS]
        if "FAIL" in states:
            kind = next(k for k in KAT_KINDS if self.status(k) == "FAIL")
            why = self.files[kind]["error"] or "its canonical SHA-256 is not the manifest's"
            return "FAIL (KAT_%s: %s)" % (kind, why)
        if all(s == "PASS" for s in states):
            return "PASS"
        if all(s == "not run" for s in states):
            return "not run"
        if all(s == "SKIP" for s in states):
            reasons = sorted({self.files[k]["reason"] for k in KAT_KINDS} - {""})
            return "SKIP (%s)" % "; ".join(reasons) if reasons else "SKIP"
        if "no manifest" in states and "not run" not in states:
            return "no manifest"
        return "incomplete"


class Kat:
    """One kat.json: its run and its modules."""

    def __init__(self, path, date, command, modules, sha256, cpu_disable=None):
        self.path = path
        self.date = date
        self.command = command
        self.cpu_disable = cpu_disable  # NGCC_CPU_DISABLE of the run, if set
        self.modules = modules   # (instance, variant) -> KatModule
        self.sha256 = sha256

    def find(self, instance, variant, module_sha256=""):
        """The KAT record of a measured module: by instance and variant,
        else by the module file's SHA-256 (a submitted library the KAT run
        labelled otherwise)."""
        return find_library(self.modules, instance, variant, module_sha256)


def parse_kat(path):
    ck, doc = load_document(path, "ngcc-kat/1")
    date = ck.get(doc, "date", "string", "")
    command = ck.get(doc, "command", "string", "", required=False, default="")
    cpu_disable = ck.get(doc, "NGCC_CPU_DISABLE", "string", "", required=False)
    modules = {}
    for i, mod in enumerate(ck.get(doc, "modules", "array", "")):
        where = "modules[%d]" % i
        ck.typed(mod, "object", where)
        instance = ck.get(mod, "instance", "string", where, required=False) \
            or ck.get(mod, "name", "string", where)
        km = KatModule(
            module=ck.get(mod, "module", "string", where),
            instance=instance,
            variant=ck.get(mod, "variant", "string", where),
            candidate_id=ck.get(mod, "candidate_id", "string", where,
                                required=False),
            family=ck.get(mod, "family", "string", where, required=False),
            sha256=ck.get(mod, "module_sha256", "string", where,
                          required=False, default=""))
        km.skipped = ck.get(mod, "skipped", "string", where, required=False, default="")
        for j, f in enumerate(ck.get(mod, "files", "array", where)):
            fw = "%s.files[%d]" % (where, j)
            ck.typed(f, "object", fw)
            kind = ck.get(f, "kind", "string", fw)
            if kind not in KAT_KINDS:
                ck.fail(fw + ".kind", "expected one of %s, found %r"
                        % (", ".join(KAT_KINDS), kind))
            status = ck.get(f, "status", "string", fw)
            if status not in FILE_STATES:
                ck.fail(fw + ".status", "expected PASS, FAIL, SKIP or 'no manifest', "
                        "found %r" % status)
            if kind in km.files:
                ck.fail(fw + ".kind", "%s listed twice for %s" % (kind, km.module))
            km.files[kind] = {
                "status": status,
                "reason": ck.get(f, "reason", "string", fw, required=False, default=""),
                "error": ck.get(f, "error", "string", fw, required=False, default=""),
                "file": ck.get(f, "file", "string", fw, required=status != "SKIP",
                               default=""),
                "canonical": ck.get(f, "canonical_sha256", "string", fw,
                                    required=False, default=""),
                "expected": ck.get(f, "expected_sha256", "string", fw,
                                   required=False, default=""),
                "manifest_entry": ck.get(f, "manifest_entry", "string", fw,
                                         required=False, default=""),
            }
        if (km.instance, km.variant) in modules:
            ck.fail(where, "module %s listed twice" % km.module)
        modules[(km.instance, km.variant)] = km
    return Kat(path, date, command, modules, file_sha256(path), cpu_disable)
