"""kat.json (schema ngcc-kat/1): the KAT outcome per module and file kind."""

from ngcc_common import file_sha256
from report.inputs import Checker, load_json

KAT_KINDS = ("2_12", "2_23", "2_33", "Loop")


class KatModule:
    """The KAT files of one module."""

    def __init__(self, module, name, variant, candidate_id, family, sha256):
        self.module = module
        self.name = name
        self.variant = variant
        self.candidate_id = candidate_id
        self.family = family
        self.sha256 = sha256
        self.files = {}    # kind -> dict(status, file, canonical_sha256, ...)

    def status(self, kind):
        f = self.files.get(kind)
        return f["status"] if f else "not run"

    def overall(self):
        """PASS only when all four official files passed."""
        states = [self.status(k) for k in KAT_KINDS]
        if "FAIL" in states:
            return "FAIL"
        if all(s == "PASS" for s in states):
            return "PASS"
        if all(s == "not run" for s in states):
            return "not run"
        if "no manifest" in states and "not run" not in states:
            return "no manifest"
        return "incomplete"


class Kat:
    """One kat.json: its run and its modules."""

    def __init__(self, path, date, command, modules, sha256):
        self.path = path
        self.date = date
        self.command = command
        self.modules = modules   # (name, variant) -> KatModule
        self.sha256 = sha256

    def get(self, instance, variant):
        return self.modules.get((instance, variant))


def parse_kat(path):
    ck = Checker(path)
    doc = load_json(path)
    ck.typed(doc, "object", "(top level)")
    schema = ck.get(doc, "schema", "string", "")
    if schema != "ngcc-kat/1":
        ck.fail("schema", "expected 'ngcc-kat/1', found %r" % schema)
    date = ck.get(doc, "date", "string", "")
    command = ck.get(doc, "command", "string", "", required=False, default="")
    modules = {}
    for i, mod in enumerate(ck.get(doc, "modules", "array", "")):
        where = "modules[%d]" % i
        ck.typed(mod, "object", where)
        km = KatModule(
            module=ck.get(mod, "module", "string", where),
            name=ck.get(mod, "name", "string", where),
            variant=ck.get(mod, "variant", "string", where),
            candidate_id=ck.get(mod, "candidate_id", "string", where,
                                required=False),
            family=ck.get(mod, "family", "string", where, required=False),
            sha256=ck.get(mod, "module_sha256", "string", where,
                          required=False, default=""))
        for j, f in enumerate(ck.get(mod, "files", "array", where)):
            fw = "%s.files[%d]" % (where, j)
            ck.typed(f, "object", fw)
            kind = ck.get(f, "kind", "string", fw)
            if kind not in KAT_KINDS:
                ck.fail(fw + ".kind", "expected one of %s, found %r"
                        % (", ".join(KAT_KINDS), kind))
            status = ck.get(f, "status", "string", fw)
            if status not in ("PASS", "FAIL", "no manifest"):
                ck.fail(fw + ".status", "expected PASS, FAIL or 'no manifest', "
                        "found %r" % status)
            if kind in km.files:
                ck.fail(fw + ".kind", "%s listed twice for %s" % (kind, km.module))
            km.files[kind] = {
                "status": status,
                "file": ck.get(f, "file", "string", fw),
                "canonical": ck.get(f, "canonical_sha256", "string", fw,
                                    required=False, default=""),
                "expected": ck.get(f, "expected_sha256", "string", fw,
                                   required=False, default=""),
                "manifest_entry": ck.get(f, "manifest_entry", "string", fw,
                                         required=False, default=""),
            }
        if (km.name, km.variant) in modules:
            ck.fail(where, "module %s listed twice" % km.module)
        modules[(km.name, km.variant)] = km
    return Kat(path, date, command, modules, file_sha256(path))
