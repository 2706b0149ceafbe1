"""ct.json (schema ngcc-ct/1, tools/hashbench/ct.py): the constant-time check of
each library: valgrind memcheck with the message marked undefined."""

from hashbench.report.inputs import find_library, load_document

CT_STATES = ("PASS", "FAIL", "SKIP", "ERROR")


class CtEntry:
    def __init__(self, instance, variant, sha256, status, why, calls, max_bits, sites):
        self.instance = instance
        self.variant = variant
        self.sha256 = sha256
        self.status = status
        self.why = why
        self.calls = calls
        self.max_bits = max_bits
        self.sites = sites  # [(kind, where)]

    def verdict(self):
        """'PASS: no message-dependent branch or memory index in 117 calls
        (messages of 0 to 32799 bits)', 'FAIL: 3 sites, first: Use of … at
        f (in libX.so)', 'SKIP (why)'."""
        if self.status == "PASS":
            return ("PASS: no message-dependent branch or memory index in %d calls "
                    "(messages of 0 to %d bits)" % (self.calls, self.max_bits))
        if self.status == "FAIL":
            kind, where = self.sites[0]
            return "FAIL: %d site%s, first: %s at %s" % (
                len(self.sites), "" if len(self.sites) == 1 else "s", kind, where)
        return "%s (%s)" % (self.status, self.why) if self.why else self.status


class Ct:
    """One ct.json."""

    def __init__(self, path, date, entries):
        self.path = path
        self.date = date
        self.entries = entries  # (instance, variant) -> CtEntry

    def find(self, instance, variant, module_sha256=""):
        return find_library(self.entries, instance, variant, module_sha256)


def parse_ct(path):
    ck, doc = load_document(path, "ngcc-ct/1")
    entries = {}
    for i, lib in enumerate(ck.get(doc, "libraries", "array", "")):
        where = "libraries[%d]" % i
        ck.typed(lib, "object", where)
        status = ck.get(lib, "status", "string", where)
        if status not in CT_STATES:
            ck.fail(where + ".status", "expected one of %s, found %r" % (", ".join(CT_STATES), status))
        sites = []
        for j, site in enumerate(ck.get(lib, "sites", "array", where)):
            sw = "%s.sites[%d]" % (where, j)
            ck.typed(site, "object", sw)
            sites.append((ck.get(site, "kind", "string", sw), ck.get(site, "where", "string", sw)))
        if status == "FAIL" and not sites:
            ck.fail(where + ".sites", "a FAIL names at least one site")
        entry = CtEntry(instance=ck.get(lib, "instance", "string", where),
                        variant=ck.get(lib, "variant", "string", where),
                        sha256=ck.get(lib, "sha256", "string", where, required=False, default=""),
                        status=status,
                        why=ck.get(lib, "why", "string", where, required=False, default=""),
                        calls=ck.get(lib, "calls", "integer", where, required=False, default=0),
                        max_bits=ck.get(lib, "max_bits", "integer", where, required=False, default=0),
                        sites=sites)
        entries[(entry.instance, entry.variant)] = entry
    return Ct(path, ck.get(doc, "date", "string", ""), entries)
