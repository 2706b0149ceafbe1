"""Loading and checking the JSON inputs.

Every problem becomes a ReportError of one line that names the file and the
JSON path of the field: '<file>: <field>: <what>'.
"""

import json
import math


class ReportError(Exception):
    """An input problem, reported as one line: '<file>: <field>: <what>'."""


def load_json(path):
    """Parse a JSON file; problems become one-line ReportErrors."""
    try:
        with open(path, "rb") as f:
            raw = f.read()
    except OSError as e:
        raise ReportError("%s: cannot read: %s" % (path, e.strerror or e))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as e:
        raise ReportError("%s: not UTF-8 at byte %d" % (path, e.start))
    if not text.strip():
        raise ReportError("%s: empty file (no JSON document)" % path)
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        # An unterminated string always runs to the end of the file.
        truncated = e.pos >= len(text.rstrip()) or e.msg.startswith("Unterminated string")
        if e.msg.startswith("Unterminated string"):
            raise ReportError("%s: truncated JSON: the file ends inside a string "
                              "that starts at line %d column %d (char %d)"
                              % (path, e.lineno, e.colno, e.pos))
        what = "truncated JSON" if truncated else "malformed JSON"
        raise ReportError("%s: %s at line %d column %d (char %d): %s"
                          % (path, what, e.lineno, e.colno, e.pos, e.msg))
    except RecursionError:
        raise ReportError("%s: malformed JSON: nested too deeply" % path)


_TYPES = {
    "object": (dict,), "array": (list,), "string": (str,),
    "number": (int, float), "integer": (int,), "boolean": (bool,),
}


class Checker:
    """Typed field access that names the file and the JSON path on failure."""

    def __init__(self, path):
        self.path = path

    def fail(self, where, what):
        raise ReportError("%s: %s: %s" % (self.path, where, what))

    def typed(self, value, kind, where):
        ok = isinstance(value, _TYPES[kind]) and (kind == "boolean"
                                                  or not isinstance(value, bool))
        if ok and kind == "number" and not math.isfinite(value):
            ok = False
        if not ok:
            self.fail(where, "expected %s, found %s" % (kind, _json_type(value)))
        return value

    def _field(self, obj, key, where, required):
        """(JSON path of obj[key], present?); a missing required key fails."""
        here = "%s.%s" % (where, key) if where else key
        if key not in obj and required:
            self.fail(here, "missing")
        return here, key in obj

    def get(self, obj, key, kind, where, required=True, default=None):
        here, present = self._field(obj, key, where, required)
        return self.typed(obj[key], kind, here) if present else default

    def _decoded(self, obj, key, where, required, decode):
        """(JSON path, obj[key]) with a string value decoded by decode (a
        ValueError is the message); None when absent."""
        here, present = self._field(obj, key, where, required)
        if not present:
            return here, None
        value = obj[key]
        if isinstance(value, str):
            try:
                value = decode(value)
            except ValueError as e:
                self.fail(here, str(e))
        return here, value

    def number(self, obj, key, where, required=True, minimum=None):
        """A number, also accepted as a numeric string (custom context)."""
        here, value = self._decoded(obj, key, where, required, _number_text)
        if value is None and key not in obj:
            return None
        value = self.typed(value, "number", here)
        if minimum is not None and value < minimum:
            self.fail(here, "must be >= %g, found %g" % (minimum, value))
        return value

    def json_text(self, obj, key, kind, where, required=True):
        """A JSON document stored as text in a string field (the bench context
        holds ngcc_modules, ngcc_families and core_clock so); an already
        decoded value is accepted as well."""
        here, value = self._decoded(obj, key, where, required, _json_document)
        if value is None and key not in obj:
            return None
        return self.typed(value, kind, here)


def _number_text(text):
    try:
        return float(text)
    except ValueError:
        raise ValueError("expected number, found string %r" % text[:40])


def _json_document(text):
    try:
        return json.loads(text)
    except json.JSONDecodeError as e:
        raise ValueError("malformed JSON text at char %d: %s" % (e.pos, e.msg))
    except RecursionError:
        raise ValueError("malformed JSON text: nested too deeply")


def _json_type(v):
    if v is None:
        return "null"
    if isinstance(v, bool):
        return "boolean"
    if isinstance(v, (int, float)):
        return "number"
    if isinstance(v, str):
        return "string"
    if isinstance(v, list):
        return "array"
    return "object"


def ctx_text(ctx, *keys, default=None):
    """The first of keys with a non-empty value in ctx, as text (5.0 -> '5')."""
    for k in keys:
        v = ctx.get(k)
        if v is not None and v != "":
            if isinstance(v, float) and math.isfinite(v) and v == int(v):
                v = int(v)
            return str(v)
    return default


def find_library(records, instance, variant, module_sha256=""):
    """The record of a measured library in {(instance, variant): record}: by
    instance and variant, else by the library file's SHA-256 (`.sha256`; a
    submitted library another run labelled otherwise)."""
    found = records.get((instance, variant))
    if found is None and module_sha256:
        found = next((r for r in records.values() if r.sha256 == module_sha256), None)
    return found


def load_document(path, schema):
    """(a Checker of path, its top-level JSON object), whose `schema` must be schema."""
    ck = Checker(path)
    doc = load_json(path)
    ck.typed(doc, "object", "(top level)")
    found = ck.get(doc, "schema", "string", "")
    if found != schema:
        ck.fail("schema", "expected %r, found %r" % (schema, found))
    return ck, doc
