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
    "number": (int, float), "integer": (int,),
}


class Checker:
    """Typed field access that names the file and the JSON path on failure."""

    def __init__(self, path):
        self.path = path

    def fail(self, where, what):
        raise ReportError("%s: %s: %s" % (self.path, where, what))

    def typed(self, value, kind, where):
        ok = isinstance(value, _TYPES[kind]) and not isinstance(value, bool)
        if ok and kind == "number" and not math.isfinite(value):
            ok = False
        if not ok:
            self.fail(where, "expected %s, found %s" % (kind, _json_type(value)))
        return value

    def get(self, obj, key, kind, where, required=True, default=None):
        here = "%s.%s" % (where, key) if where else key
        if key not in obj:
            if required:
                self.fail(here, "missing")
            return default
        return self.typed(obj[key], kind, here)

    def number(self, obj, key, where, required=True, minimum=None):
        """A number, also accepted as a numeric string (custom context)."""
        here = "%s.%s" % (where, key) if where else key
        if key not in obj:
            if required:
                self.fail(here, "missing")
            return None
        value = obj[key]
        if isinstance(value, str):
            try:
                value = float(value)
            except ValueError:
                self.fail(here, "expected number, found string %r" % value[:40])
        value = self.typed(value, "number", here)
        if minimum is not None and value < minimum:
            self.fail(here, "must be >= %g, found %g" % (minimum, value))
        return value


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
