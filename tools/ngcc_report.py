#!/usr/bin/env python3
"""ngcc_report.py: turn a campaign's bench.json + kat.json into §3.5 reports.

Usage:  ngcc_report.py RESULTS_DIR [--out DIR] [--baseline NAME]

RESULTS_DIR is results/<system>/ and holds
  bench.json   Google Benchmark JSON written by `bench` (bench/SCHEMA.md)
  kat.json     KAT outcome per module and file kind (schema ngcc-kat/1)
  records/     optional per-(parameter set, size) guide records (--ngcc_guide)
The reports are written to --out (default RESULTS_DIR/report):
  <id>-<Family>.md      one per candidate, the sections of the published
                        x86 reports (shared/examples/) plus a variant column,
                        cycles/byte relative to a same-run baseline and the
                        isolated stack/heap bytes
  <id>-<Family>-cpb.png cycles/byte against message size per family
  summary.md            every parameter set ranked at 1024 B and 65536 B

The output depends only on the input files: running the tool twice, or on
another machine with the same matplotlib, gives the same bytes.

Bad input (unreadable, truncated or malformed JSON, a missing or mistyped
field) ends the run with one line naming the file and the field, exit 2.
"""

import argparse
import hashlib
import json
import math
import os
import re
import sys

KAT_KINDS = ("2_12", "2_23", "2_33", "Loop")
DEFAULT_BASELINE = "SHA-512/openssl"
CAMPAIGN_BASELINE = "campaign"   # each instance's compare_with (ngcc_modules)
BASELINE_VARIANTS = ("openssl",)
VARIANT_ORDER = {"ref": 0, "opt": 1}
VARIANT_TEXT = {"ref": ("reference", "ref, -O2"),
                "opt": ("optimized", "opt, -O3 -march=x86-64-v3"),
                "external": ("external library", "external")}

# The five Round 1 candidates: id -> (family, algorithm title, instances in
# the order of the published reports). Other families found in the input are
# reported too, with their instances in campaign order.
CANDIDATES = {
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


class ReportError(Exception):
    """An input problem, reported as one line: '<file>: <field>: <what>'."""


# ---------------------------------------------------------------------------
# Number formats of the published reports

def fmt_int(x):
    """4276 -> '4276'."""
    return "%d" % int(round(x))


def fmt_cycles(x):
    """Mean cycles: 4276 -> '4276', 21000 -> '21.0 k', 2130000 -> '2.13 M'."""
    if round(x) < 10000:
        return "%d" % int(round(x))
    k = round(x / 1e3, 1)
    if k < 1000:
        return "%.1f k" % k
    return "%.2f M" % (x / 1e6)


def _sig3(v):
    """Three significant digits, trailing zeros dropped ('2', '3.9', '135')."""
    for decimals in (2, 1, 0):
        limit = 10.0 ** (3 - decimals)
        r = round(v, decimals)
        if r < limit or decimals == 0:
            text = "%.*f" % (decimals, r)
            if "." in text:
                text = text.rstrip("0").rstrip(".")
            return text, r
    raise AssertionError("unreachable")


def fmt_time(seconds):
    """Mean time: 2.04e-6 -> '2.04 µs', 1.02e-3 -> '1.02 ms', 1e-5 -> '10 µs'."""
    units = ((1e-9, "ns"), (1e-6, "µs"), (1e-3, "ms"), (1.0, "s"))
    if seconds <= 0:
        return "0 s"
    for i, (scale, name) in enumerate(units):
        v = seconds / scale
        if v >= 1000 and i + 1 < len(units):
            continue
        text, r = _sig3(v)
        if r >= 1000 and i + 1 < len(units):
            continue  # rounds up into the next unit: 999.7 µs -> 1 ms
        return "%s %s" % (text, name)
    raise AssertionError("unreachable")


def fmt_one_decimal(x):
    """cycles/byte and MB/s: one decimal."""
    return "%.1f" % x


def fmt_mbs(x):
    """MB/s: one decimal; '–' when no time was recorded."""
    return "–" if x is None else fmt_one_decimal(x)


def fmt_calls(total, trials):
    """n: '100000 (5 × 20000)'; unequal trials: '99 (3 trials: 33, 33, 33)'."""
    total = int(total)
    if not trials:
        return "%d" % total
    if all(t == trials[0] for t in trials):
        return "%d (%d × %d)" % (total, len(trials), trials[0])
    return "%d (%d trials: %s)" % (total, len(trials),
                                   ", ".join("%d" % t for t in trials))


def fmt_kib(nbytes):
    """RSS: bytes -> '1692 KiB'."""
    return "%d KiB" % int(round(nbytes / 1024.0))


def fmt_ratio(x):
    """Relative cycles/byte: '0.52×', '3.17×', '12.4×', '184×'."""
    if x < 10:
        return "%.2f×" % x
    if x < 100:
        return "%.1f×" % x
    return "%.0f×" % x


def size_label(nbytes):
    return "%d B" % nbytes


# ---------------------------------------------------------------------------
# Input checking

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


def file_sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 16), b""):
            h.update(chunk)
    return h.hexdigest()


# ---------------------------------------------------------------------------
# bench.json

TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
NAME_RE = re.compile(r"^(?P<instance>[^/]+)/(?P<variant>[^/]+)/(?P<bytes>[^/]+)")


class Measurement:
    """All repetitions of one benchmark (instance, variant, message bytes)."""

    def __init__(self, instance, variant, nbytes):
        self.instance = instance
        self.variant = variant
        self.bytes = nbytes
        self.names = []          # benchmark names as they appear in bench.json
        self.trials = []         # calls per repetition
        self.cycle_sum = 0.0     # Σ cycles over all calls
        self.cpu_cycle_sum = None  # Σ cpu_cycles (thread CPU time × TSC rate)
        self.disturbed = 0       # guide trial processes rerun (lost the CPU)
        self.rows = 0            # timed rows, and how many carried cpu_cycles
        self.cpu_rows = 0
        self.best_cycles = None  # min of the cycles_min counters (best single call)
        self.best_rows = 0
        self.second_sum = 0.0    # Σ seconds over all calls
        self.static_bytes = None
        self.stack_bytes = None
        self.heap_bytes = None
        self.baseline_rss = None
        self.peak_rss = None
        self.errors = []

    @property
    def key(self):
        return (self.instance, self.variant, self.bytes)

    @property
    def calls(self):
        return sum(self.trials)

    @property
    def ok(self):
        return self.calls > 0 and not self.errors

    @property
    def mean_cycles(self):
        return self.cycle_sum / self.calls

    @property
    def mean_seconds(self):
        return self.second_sum / self.calls

    @property
    def cpb(self):
        return self.mean_cycles / self.bytes

    @property
    def cpu_cpb(self):
        """cycles/byte from thread CPU time (SCHEMA.md `cpu_cycles`), or None.
        Only meaningful when every repetition carried the counter."""
        if self.cpu_cycle_sum is None or self.cpu_rows != self.rows or not self.ok:
            return None
        return self.cpu_cycle_sum / self.calls / self.bytes

    @property
    def best_cpb(self):
        """cycles/byte of the fastest single call (SCHEMA.md `cycles_min`), or
        None unless every repetition carried the counter."""
        if self.best_cycles is None or self.best_rows != self.rows or not self.ok:
            return None
        return self.best_cycles / self.bytes

    @property
    def mb_per_s(self):
        """Decimal MB/s from wall time; None when no time was recorded."""
        if self.mean_seconds <= 0:
            return None
        return self.bytes / self.mean_seconds / 1e6

    def take_max(self, attr, value):
        if value is None:
            return
        old = getattr(self, attr)
        setattr(self, attr, value if old is None else max(old, value))


class Bench:
    def __init__(self, path, context, measurements, order, modules):
        self.path = path
        self.context = context
        self.measurements = measurements   # key -> Measurement
        self.order = order                 # instance names, first-seen order
        self.modules = modules             # '<Instance>/<variant>' -> dict
        self.wall_cpu = []                 # real_time / cpu_time per timed row

    def sizes(self):
        return sorted({m.bytes for m in self.measurements.values()})

    def get(self, instance, variant, nbytes):
        return self.measurements.get((instance, variant, nbytes))

    def variants(self, instance):
        found = {m.variant for m in self.measurements.values()
                 if m.instance == instance}
        return sorted(found, key=lambda v: (VARIANT_ORDER.get(v, 9), v))

    def baselines(self):
        """Baseline names ('SHA-512/openssl'), in campaign order."""
        out = []
        for inst in self.order:
            for var in self.variants(inst):
                if var in BASELINE_VARIANTS:
                    out.append("%s/%s" % (inst, var))
        return out


def parse_bench(path):
    ck = Checker(path)
    doc = load_json(path)
    ck.typed(doc, "object", "(top level)")
    context = ck.get(doc, "context", "object", "")
    rows = ck.get(doc, "benchmarks", "array", "")
    measurements = {}
    order = []
    aggregates = {}
    for i, row in enumerate(rows):
        where = "benchmarks[%d]" % i
        ck.typed(row, "object", where)
        name = ck.get(row, "name", "string", where)
        run_name = ck.get(row, "run_name", "string", where, required=False,
                          default=name)
        run_type = ck.get(row, "run_type", "string", where, required=False,
                          default="iteration")
        if run_type == "aggregate" and "run_name" not in row:
            suffix = "_%s" % row.get("aggregate_name", "")
            if run_name.endswith(suffix):
                run_name = run_name[:-len(suffix)]
        m = NAME_RE.match(run_name)
        if not m:
            ck.fail(where + ".name", "%r is not <Instance>/<variant>/<bytes>" % name)
        try:
            nbytes = int(m.group("bytes"))
        except ValueError:
            ck.fail(where + ".name", "%r: message size %r is not an integer"
                    % (name, m.group("bytes")))
        if nbytes <= 0:
            ck.fail(where + ".name", "%r: message size must be positive" % name)
        key = (m.group("instance"), m.group("variant"), nbytes)
        if run_type == "aggregate":
            # Used only when a benchmark has no iteration rows (mean only).
            if ck.get(row, "aggregate_name", "string", where) == "mean":
                aggregates.setdefault(key, (i, row))
            continue
        _add_row(ck, where, row, key, measurements, order)
    for key, (i, row) in aggregates.items():
        if key not in measurements:
            _add_row(ck, "benchmarks[%d]" % i, row, key, measurements, order)
    if not measurements:
        ck.fail("benchmarks", "no benchmark rows")
    bench = Bench(path, context, measurements, order, parse_modules(ck, context))
    bench.sha256 = file_sha256(path)
    # Wall / CPU time shows whether the process lost the CPU while timed
    # (guide mode's cpu_time is the parent's and means nothing: SCHEMA.md §2).
    if context.get("ngcc_mode") != "guide":
        for row in rows:
            if row.get("run_type", "iteration") != "iteration" or row.get("error_occurred"):
                continue
            real, cpu = row.get("real_time"), row.get("cpu_time")
            if isinstance(real, (int, float)) and isinstance(cpu, (int, float)) \
                    and not isinstance(cpu, bool) and cpu > 0:
                bench.wall_cpu.append(real / cpu)
    return bench


def parse_modules(ck, context):
    """context.ngcc_modules: a JSON array encoded as a string (SCHEMA.md §3)."""
    raw = context.get("ngcc_modules")
    if raw is None:
        return {}
    if isinstance(raw, str):
        try:
            raw = json.loads(raw)
        except json.JSONDecodeError as e:
            ck.fail("context.ngcc_modules", "malformed JSON text at char %d: %s"
                    % (e.pos, e.msg))
    ck.typed(raw, "array", "context.ngcc_modules")
    modules = {}
    for i, mod in enumerate(raw):
        where = "context.ngcc_modules[%d]" % i
        ck.typed(mod, "object", where)
        name = ck.get(mod, "name", "string", where)
        variant = ck.get(mod, "variant", "string", where)
        for key in ("candidate_id", "family", "module", "sha256", "kind"):
            if mod.get(key) is not None:
                ck.get(mod, key, "string", where)
        modules["%s/%s" % (name, variant)] = mod
    return modules


def _add_row(ck, where, row, key, measurements, order):
    meas = measurements.get(key)
    if meas is None:
        meas = measurements[key] = Measurement(*key)
        if key[0] not in order:
            order.append(key[0])
    meas.names.append(ck.get(row, "name", "string", where))
    if row.get("error_occurred"):
        meas.errors.append(str(row.get("error_message", "error")))
        return
    unit = ck.get(row, "time_unit", "string", where, required=False, default="ns")
    if unit not in TIME_UNITS:
        ck.fail(where + ".time_unit", "unknown unit %r" % unit)
    real_time = ck.number(row, "real_time", where, minimum=0)
    iterations = ck.number(row, "iterations", where, minimum=1)
    cycles = ck.number(row, "cycles", where, minimum=0)
    calls = ck.number(row, "calls", where, required=False, minimum=1)
    if calls is None:
        calls = iterations
    if calls != int(calls):
        ck.fail(where + ".calls", "expected a whole number, found %g" % calls)
    calls = int(calls)
    # real_time is wall time per call (SCHEMA.md §2), in default and guide mode.
    trials = ck.number(row, "trials", where, required=False, minimum=1)
    per_trial = ck.number(row, "iterations_per_trial", where, required=False,
                          minimum=1)
    if trials is not None and per_trial is not None and trials * per_trial == calls:
        meas.trials.extend([int(per_trial)] * int(trials))
    else:
        meas.trials.append(calls)
    meas.cycle_sum += cycles * calls
    cpu_cycles = ck.number(row, "cpu_cycles", where, required=False, minimum=0)
    meas.rows += 1
    retries = ck.number(row, "disturbed_retries", where, required=False, minimum=0)
    meas.disturbed += int(retries or 0)
    if cpu_cycles is not None:
        meas.cpu_rows += 1
        meas.cpu_cycle_sum = (meas.cpu_cycle_sum or 0.0) + cpu_cycles * calls
    best = ck.number(row, "cycles_min", where, required=False, minimum=0)
    if best is not None:
        meas.best_rows += 1
        meas.best_cycles = best if meas.best_cycles is None else min(meas.best_cycles, best)
    meas.second_sum += real_time * TIME_UNITS[unit] * calls
    for field, attr in (("static_bytes", "static_bytes"),
                        ("stack_bytes", "stack_bytes"),
                        ("heap_bytes", "heap_bytes"),
                        ("baseline_rss", "baseline_rss"),
                        ("peak_rss", "peak_rss")):
        meas.take_max(attr, ck.number(row, field, where, required=False,
                                      minimum=0))


# ---------------------------------------------------------------------------
# kat.json

class KatModule:
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


# ---------------------------------------------------------------------------
# Guide records (records/**.json, perf-method.md §7), indexed by identity

class Records:
    """The guide records: where each one is, and the host facts they hold."""

    def __init__(self):
        self.paths = {}        # (label, variant, bytes) -> path relative to results
        self.environment = {}  # first record's environment (sorted path order)
        self.started = []
        self.ended = []

    def get(self, key):
        return self.paths.get(key)


def scan_records(results_dir):
    top = os.path.join(results_dir, "records")
    recs = Records()
    if not os.path.isdir(top):
        return recs
    for root, dirs, files in os.walk(top):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            path = os.path.join(root, name)
            rec = load_json(path)
            ck = Checker(path)
            ck.typed(rec, "object", "(top level)")
            label = ck.get(rec, "label", "string", "")
            variant = ck.get(rec, "ngcc_variant", "string", "", required=False)
            if variant is None:
                variant = ck.get(rec, "variant", "string", "")
                variant = {"reference": "ref", "optimized": "opt"}.get(variant,
                                                                       variant)
            nbytes = ck.get(rec, "input_bytes", "integer", "")
            recs.paths[(label, variant, nbytes)] = os.path.relpath(
                path, results_dir).replace(os.sep, "/")
            env = ck.get(rec, "environment", "object", "", required=False)
            if env and not recs.environment:
                recs.environment = env
            for key, into in (("started_utc", recs.started),
                              ("ended_utc", recs.ended)):
                v = ck.get(rec, key, "string", "", required=False)
                if v:
                    into.append(v)
    return recs


# ---------------------------------------------------------------------------
# Families

class Family:
    def __init__(self, cid, name, title, instances):
        self.id = cid
        self.name = name
        self.title = title
        self.instances = instances

    @property
    def stem(self):
        return "%s-%s" % (self.id, self.name)


def group_families(bench, kat):
    """Candidate instances of the run grouped by family, in candidate order."""
    by_instance = {}
    for cid, (fam, _title, insts) in CANDIDATES.items():
        for inst in insts:
            by_instance[inst] = (cid, fam)
    for mod in bench.modules.values():
        if mod.get("kind", "candidate") != "baseline" and mod.get("candidate_id") \
                and mod.get("family"):
            by_instance.setdefault(mod["name"], (mod["candidate_id"], mod["family"]))
    if kat:
        for km in kat.modules.values():
            if km.candidate_id and km.family:
                by_instance.setdefault(km.name, (km.candidate_id, km.family))
    families = {}
    for inst in bench.order:
        variants = [v for v in bench.variants(inst) if v not in BASELINE_VARIANTS]
        if not variants:
            continue
        cid, fam = by_instance.get(inst) or _guess_family(inst)
        if cid not in families:
            known = CANDIDATES.get(cid)
            families[cid] = Family(cid, fam, known[1] if known else fam, [])
        families[cid].instances.append(inst)
    for fam in families.values():
        known = CANDIDATES.get(fam.id)
        if known:
            rank = {n: i for i, n in enumerate(known[2])}
            fam.instances.sort(key=lambda n: (rank.get(n, len(rank)),
                                              bench.order.index(n)))
    return [families[k] for k in sorted(families)]


def _guess_family(instance):
    fam = instance.split("-")[0]
    return ("external-" + fam, fam)


# ---------------------------------------------------------------------------
# Markdown

def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "---|" * len(header)]
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)


def code(s):
    return "`%s`" % s


def ctx_text(ctx, *keys, default=None):
    for k in keys:
        v = ctx.get(k)
        if v is not None and v != "":
            if isinstance(v, float) and math.isfinite(v) and v == int(v):
                v = int(v)
            return str(v)
    return default


def _on_off(value, name):
    """'no_turbo=1' -> 'turbo off'; 'boost=1' -> 'turbo on'; SMT control."""
    table = {"no_turbo=1": "off", "no_turbo=0": "on", "boost=0": "off",
             "boost=1": "on", "off": "off", "on": "on", "forceoff": "off",
             "notsupported": "not supported", "notimplemented": "not supported"}
    return "%s %s" % (name, table.get(value, value))


def environment_rows(bench, kat, records):
    ctx = bench.context
    env = records.environment
    na = "not recorded"
    cpu = ctx_text(ctx, "cpu_model", default=na)
    cpu_no = ctx_text(env, "cpu_number", default=ctx_text(ctx, "driver_cpu"))
    if cpu_no is not None and re.fullmatch(r"\d+", cpu_no):
        cpu += " (CPU %s, one core)" % cpu_no
    elif cpu_no is not None:
        cpu += " (driver not pinned)"
    if ctx_text(ctx, "num_cpus") is not None:
        cpu += "; %s logical CPUs" % ctx_text(ctx, "num_cpus")
    if ctx_text(ctx, "virtualized", default="").lower() in ("yes", "true", "1"):
        cpu += "; virtualized"
    clock = []
    max_khz = ctx_text(env, "cpufreq_max_khz")
    if max_khz is not None:
        try:
            clock.append("max %.2f GHz" % (float(max_khz) / 1e6))
        except ValueError:
            clock.append("max %s kHz" % max_khz)
    elif ctx_text(ctx, "mhz_per_cpu") is not None:
        clock.append("%s MHz reported" % ctx_text(ctx, "mhz_per_cpu"))
    gov = ctx_text(ctx, "cpu_governor")
    if gov is not None:
        clock.append("governor %s" % gov)
    turbo = ctx_text(ctx, "cpu_turbo")
    if turbo is not None:
        clock.append(_on_off(turbo, "turbo"))
    smt = ctx_text(ctx, "smt_control")
    if smt is not None:
        clock.append(_on_off(smt, "SMT"))
    cycles = ctx_text(ctx, "cycle_source", default=na)
    tsc = ctx_text(ctx, "tsc_ghz")
    if tsc is not None:
        try:
            cycles += "; TSC %.3f GHz" % float(tsc)
        except ValueError:
            cycles += "; TSC %s GHz" % tsc
    why = ctx_text(ctx, "cycle_source_reason")
    if why:
        cycles += " (%s)" % why
    mem = ctx_text(env, "memory_total_kib")
    if mem is not None:
        try:
            mem = "%d MiB" % (int(float(mem)) // 1024)
        except ValueError:
            pass
    start = min(records.started) if records.started else ctx_text(ctx, "date", default=na)
    end = max(records.ended) if records.ended else na
    cmake = ctx_text(env, "cmake")
    if cmake is not None and re.fullmatch(r"[0-9][0-9.]*", cmake):
        cmake = "cmake version " + cmake
    rows = [
        ("processor", cpu),
        ("clock", ", ".join(clock) if clock else na),
        ("cycle source", cycles),
        ("memory", mem or na),
        ("OS / kernel", "%s / %s" % (ctx_text(ctx, "os", default=na),
                                     ctx_text(ctx, "kernel", default=na))),
        ("compiler / build tool", "%s / %s" % (
            ctx_text(ctx, "compiler", default=na),
            cmake or na)),
    ]
    for var in ("ref", "opt", "openssl"):
        flags = ctx_text(ctx, "flags_" + var)
        if flags is not None:
            rows.append(("flags %s" % var, code(flags)))
    lib = ctx_text(ctx, "openssl_version")
    if lib is not None:
        rows.append(("baselines", lib))
    mode = ctx_text(ctx, "ngcc_mode")
    if mode is not None:
        rows.append(("bench mode", code(mode)))
    load = ctx.get("load_avg")
    if isinstance(load, list) and load and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in load):
        rows.append(("load average at start", ", ".join("%.2f" % v for v in load)))
    if bench.wall_cpu:
        ratios = sorted(bench.wall_cpu)
        median = ratios[len(ratios) // 2]
        text = "%.2f (median over %d rows)" % (median, len(ratios))
        if median > 1.2:
            what = ("wall-clock time and TSC cycles overstate"
                    if ctx_text(ctx, "cycle_source") == "tsc"
                    else "mean time and MB/s overstate")
            text += ": the process lost the CPU while timed, so %s the cost " \
                    "by about this factor" % what
        rows.append(("wall / CPU time", text))
    if ctx.get("ngcc_mode") == "guide":
        reruns = sum(m.disturbed for m in bench.measurements.values())
        rows.append(("disturbed trials rerun", "%d (trial processes that lost "
                     "the CPU and were rerun; at most %s attempts each)"
                     % (reruns, ctx_text(ctx, "guide_max_attempts", default="3"))))
    rows.append(("campaign start / end (UTC)", "%s / %s" % (start, end)))
    rows.append(("KAT run (UTC)", kat.date if kat else "not run (no kat.json)"))
    return rows


def skipped_modules(text):
    """'A/ref: not built (/x/libA-ref.so not found); B/opt: ...' grouped by
    reason, paths dropped: [('not built', ['A/ref', ...]), ...]."""
    groups = {}
    for entry in text.split(";"):
        entry = entry.strip()
        if not entry:
            continue
        name, _, reason = entry.partition(": ")
        reason = re.sub(r"\s*\([^()]*\)\s*$", "", reason).strip() or "no reason given"
        groups.setdefault(reason, []).append(name)
    return sorted(groups.items())


class Report:
    def __init__(self, results_dir, bench, kat, records, baseline, system):
        self.results_dir = results_dir
        self.bench = bench
        self.kat = kat
        self.records = records
        self.baseline = baseline
        self.system = system
        self.sizes = bench.sizes()
        # With TSC cycles every figure includes time the thread was descheduled;
        # comparisons (ratio column, ranking) then use the CPU-time cycles when
        # every row has them (SCHEMA.md cpu_cycles).
        timed = [m for m in bench.measurements.values() if m.ok]
        self.cpu_basis = (ctx_text(bench.context, "cycle_source") == "tsc"
                          and bool(timed)
                          and all(m.cpu_cpb is not None for m in timed))

    def basis(self, m):
        """cycles/byte used for comparisons."""
        return m.cpu_cpb if self.cpu_basis else m.cpb

    def basis_words(self):
        return "cycles/byte (CPU time)" if self.cpu_basis else "cycles/byte"

    @property
    def per_instance(self):
        """--baseline campaign: each instance against its campaign.yaml baseline."""
        return self.baseline == CAMPAIGN_BASELINE

    def baseline_of(self, m):
        """'<Name>/openssl' that m is compared with, or None."""
        if not self.per_instance:
            return self.baseline
        if m.variant in BASELINE_VARIANTS:
            return None
        mod = self.bench.modules.get("%s/%s" % (m.instance, m.variant), {})
        other = mod.get("compare_with")
        return "%s/openssl" % other if isinstance(other, str) and other else None

    def ratio_text(self, m, basis=None):
        basis = basis or self.basis
        name = self.baseline_of(m)
        if name is None or not m.ok or basis(m) is None:
            return "–"
        inst, _, var = name.rpartition("/")
        base = self.bench.get(inst, var, m.bytes)
        if base is None or not base.ok or not basis(base):
            return "–"
        text = fmt_ratio(basis(m) / basis(base))
        return "%s (%s)" % (text, inst) if self.per_instance else text

    def best_ratio_text(self, m):
        return self.ratio_text(m, basis=lambda x: x.best_cpb)

    BEST_CALL_WORDS = ("cycles/byte (best call) is the `cycles_min` counter per "
                       "byte: the fastest of the calls sampled through the "
                       "timed loop, the cost without a neighbour's "
                       "interference; `relative (best call)` compares it with "
                       "the baseline's best call. The mean (`cycles/byte`) "
                       "stays the primary figure.")

    def baseline_words(self):
        if self.per_instance:
            return "the baseline campaign.yaml names for each instance"
        return code(self.baseline)

    def baseline_column(self):
        what = "CPU-time cycles/byte" if self.cpu_basis else "cycles/byte"
        if self.per_instance:
            return "%s vs campaign baseline" % what
        return "%s vs %s" % (what, self.baseline.split("/")[0])

    def kat_cell(self, inst, var):
        km = self.kat.get(inst, var) if self.kat else None
        return km.overall() if km else "not run"

    def candidate(self, fam, plot_name):
        b = self.bench
        variants = sorted({v for i in fam.instances for v in b.variants(i)},
                          key=lambda v: (VARIANT_ORDER.get(v, 9), v))
        out = []
        out.append("Performance measurements › %s › %s · system: %s"
                   % (self.system, fam.id, self.system))
        out.append("")
        out.append("# %s %s — performance on %s (system %s)"
                   % (fam.id, fam.title, self.arch(), self.system))
        out.append("")
        out.append("Measurement with ngcc-hashbench following the structure of "
                   "the NICCS x86 self-assessment guide, §3.5 (1)–(7). Not a "
                   "submitter self-assessment. Generated by "
                   "`tools/ngcc_report.py` from `bench.json` and `kat.json`.")
        out.append("")
        out.append("## 1. Basic information")
        out.append("")
        out.append("- Category: cryptographic hash algorithm; function: hash")
        out.append("- Algorithm: %s" % fam.title)
        out.append("- Implementation versions measured: %s"
                   % ", ".join(self.variant_text(fam, v) for v in variants))
        out.append("- Parameter sets: %s" % ", ".join(fam.instances))
        missing = [i for i in CANDIDATES.get(fam.id, ("", "", []))[2]
                   if i not in fam.instances]
        if missing:
            out.append("- Not measured in this run: %s" % ", ".join(missing))
        out.append("- Baseline for relative cycles/byte: %s (OpenSSL EVP, "
                   "measured in the same run)" % self.baseline_words())
        out.append("- Measurement method: Google Benchmark `bench` "
                   "(DESIGN.md §4); message byte i of an L-byte message is "
                   "(i·131 + L) mod 256, `digest_len_bits` = the instance's "
                   "KAT width")
        out.append("")
        out.append("## 2. Assessment environment")
        out.append("")
        out.append(md_table(("item", "value"), environment_rows(b, self.kat, self.records)))
        out.append("")
        out.append("## 3. Functional testing (KAT)")
        out.append("")
        out.append("KAT outcome per module from `kat.json`: the KAT run writes "
                   "the four official files (KAT_2_12, KAT_2_23, KAT_2_33, "
                   "KAT_Loop) and compares each file's canonical SHA-256 with the "
                   "submitted manifest `kat_tests/data/%s.sha256`. A file the run "
                   "did not cover is `not run`; KAT is PASS only when all four "
                   "files passed (`incomplete`: none failed, some not run)."
                   % fam.id)
        out.append("")
        rows = []
        for inst in fam.instances:
            for var in b.variants(inst):
                km = self.kat.get(inst, var) if self.kat else None
                cells = [code(inst), var, self.flags(var), self.kat_cell(inst, var)]
                for kind in KAT_KINDS:
                    cells.append(km.status(kind) if km else "not run")
                rows.append(cells)
        out.append(md_table(("instance", "variant", "build flags", "KAT",
                             "2_12", "2_23", "2_33", "Loop"), rows))
        out.append("")
        rows = self.kat_file_rows(fam)
        if rows:
            out.append("Canonical SHA-256 of every KAT file the run wrote; "
                       "`expected` is the manifest's value where it differs.")
            out.append("")
            out.append(md_table(("instance", "variant", "file", "status",
                                 "canonical SHA-256", "expected"), rows))
            out.append("")
        out.append("## 4. Performance")
        out.append("")
        out.append("Mean over all timed calls (Σ cycles / Σ calls; Σ seconds / "
                   "Σ calls); cycles/byte = mean cycles / message size; MB/s = "
                   "message size / mean time / 10⁶; n = calls (repetitions × "
                   "calls per repetition). The column `%s` divides %s by that "
                   "of %s at the same size in the same run (below 1 is faster)%s."
                   % (self.baseline_column(), self.basis_words(), self.baseline_words(),
                      "; CPU-time figures are used because the cycles come from "
                      "the TSC and include time the thread was descheduled"
                      if self.cpu_basis else ""))
        out.append("")
        measured = [m for i in fam.instances for v in b.variants(i)
                    for m in (b.get(i, v, z) for z in self.sizes) if m]
        with_cpu = any(m.cpu_cpb is not None for m in measured)
        with_best = any(m.best_cpb is not None for m in measured)
        if with_best:
            out.append(self.BEST_CALL_WORDS)
            out.append("")
        if with_cpu:
            out.append("cycles/byte (CPU time) is the `cpu_cycles` counter per "
                       "byte: the thread's CPU time × the TSC rate, i.e. the "
                       "cycles the thread actually ran. On a shared host (§2 "
                       "wall / CPU time well above 1) it is the better estimate "
                       "of the algorithm's cost; it is not a hardware count.")
            out.append("")
        rows = []
        for m in measured:
            cells = [code(m.instance), m.variant, size_label(m.bytes)] \
                + self.perf_cells(m) + [self.ratio_text(m)]
            if with_cpu:
                cells.append("–" if m.cpu_cpb is None else fmt_one_decimal(m.cpu_cpb))
            if with_best:
                cells += ["–" if m.best_cpb is None else fmt_one_decimal(m.best_cpb),
                          self.best_ratio_text(m)]
            rows.append(cells)
        header = ["instance", "variant", "message", "mean cycles", "cycles/byte",
                  "mean time", "MB/s", "n", self.baseline_column()]
        if with_cpu:
            header.append("cycles/byte (CPU time)")
        if with_best:
            header += ["cycles/byte (best call)", "relative (best call)"]
        out.append(md_table(header, rows))
        out.append("")
        out.append("![cycles/byte against message size](%s)" % plot_name)
        out.append("")
        out.append("## 5. Resource consumption")
        out.append("")
        out.append("Static memory is the module's loadable ELF segments (sum of "
                   "PT_LOAD p_memsz); baseline and peak RSS are the process "
                   "VmRSS before the first call and VmHWM after, in a fresh "
                   "process that includes the benchmark driver and libc, so "
                   "both are upper-bound proxies comparable with the published "
                   "reports. stack and heap are the algorithm's own high-water "
                   "marks for one call (painted stack, counted allocations): "
                   "isolated algorithm memory.")
        out.append("")
        rows = []
        for inst in fam.instances:
            for var in b.variants(inst):
                for size in self.sizes:
                    m = b.get(inst, var, size)
                    if m is None:
                        continue
                    rows.append([code(inst), var, "hash_%d" % size]
                                + self.resource_cells(m))
        out.append(md_table(("instance", "variant", "operation",
                             "static: ELF image (bytes)", "baseline RSS",
                             "peak RSS", "stack (bytes)", "heap (bytes)"), rows))
        out.append("")
        out.append("## 7. Raw evidence index")
        out.append("")
        out.append("Paths are relative to `results/%s/`. `bench.json` is Google "
                   "Benchmark JSON (its context records the commands' "
                   "environment); `kat.json` lists every KAT file's canonical "
                   "SHA-256 and manifest entry." % self.system)
        out.append("")
        out.append(md_table(("instance", "variant", "item", "file"),
                            self.evidence_rows(fam)))
        out.append("")
        out.append("Scripts: `bench/` (measurement), `kat_tests/` (KAT), "
                   "`tools/ngcc_report.py` (this report).")
        out.append("")
        return "\n".join(out)

    def variant_text(self, fam, var):
        """'optimized (opt, -O3 -march=x86-64-v3; code path avx2)'."""
        paths = []
        for inst in fam.instances:
            p = self.bench.modules.get("%s/%s" % (inst, var), {}).get("code_path")
            if isinstance(p, str) and p and p not in paths:
                paths.append(p)
        name, detail = VARIANT_TEXT.get(var, (var, var))
        details = [detail] + (["code path " + ", ".join(paths)] if paths else [])
        return "%s (%s)" % (name, "; ".join(details))

    def arch(self):
        machine = ctx_text(self.records.environment, "architecture")
        if machine is None:
            kernel = ctx_text(self.bench.context, "kernel", default="")
            machine = kernel.split()[-1] if kernel.split() else "x86_64"
        return {"x86_64": "x86-64", "amd64": "x86-64",
                "aarch64": "AArch64", "arm64": "AArch64"}.get(machine, machine)

    def flags(self, var):
        f = ctx_text(self.bench.context, "flags_" + var, "cxx_flags_" + var)
        if f is not None:
            return code(f)
        return {"ref": "ref (-O2)", "opt": "opt (-O3 -march=x86-64-v3)"}.get(var, var)

    def perf_cells(self, m):
        if not m.ok:
            why = "; ".join(m.errors) if m.errors else "no timed calls"
            return ["error: %s" % why.replace("|", "/")] + ["–"] * 4
        return [fmt_cycles(m.mean_cycles), fmt_one_decimal(m.cpb),
                fmt_time(m.mean_seconds), fmt_mbs(m.mb_per_s),
                fmt_calls(m.calls, m.trials)]

    def resource_cells(self, m):
        def opt(v, f):
            return "–" if v is None else f(v)
        return [opt(m.static_bytes, fmt_int), opt(m.baseline_rss, fmt_kib),
                opt(m.peak_rss, fmt_kib), opt(m.stack_bytes, fmt_int),
                opt(m.heap_bytes, fmt_int)]

    def kat_file_rows(self, fam):
        rows = []
        for inst in fam.instances:
            for var in self.bench.variants(inst):
                km = self.kat.get(inst, var) if self.kat else None
                if km is None:
                    continue
                for kind in KAT_KINDS:
                    f = km.files.get(kind)
                    if f is None:
                        continue
                    expected = ("–" if not f["expected"] or f["expected"] == f["canonical"]
                                else code(f["expected"]))
                    rows.append([code(inst), var, code(f["file"]), f["status"],
                                 code(f["canonical"]) if f["canonical"] else "–",
                                 expected])
        return rows

    def evidence_rows(self, fam):
        rows = [["–", "–", "benchmark run (sha256 %s…)" % code(self.bench.sha256[:16]),
                 "`bench.json`"]]
        if self.kat:
            rows.append(["–", "–", "KAT run (sha256 %s…)" % code(self.kat.sha256[:16]),
                         "`kat.json`"])
        for inst in fam.instances:
            for var in self.bench.variants(inst):
                km = self.kat.get(inst, var) if self.kat else None
                mod = self.bench.modules.get("%s/%s" % (inst, var), {})
                sha = mod.get("sha256") or ""
                if mod:
                    item = "module %s" % code(mod.get("module") or inst)
                    if sha:
                        item += " (sha256 %s…)" % code(sha[:16])
                    if km and km.sha256 and sha and km.sha256 != sha:
                        item += " — differs from the module of the KAT run " \
                                "(sha256 %s…)" % code(km.sha256[:16])
                    rows.append([code(inst), var, item,
                                 "`bench.json` context `ngcc_modules`"])
                elif km and km.sha256:
                    rows.append([code(inst), var, "module %s (sha256 %s…)"
                                 % (code(km.module), code(km.sha256[:16])),
                                 "`kat.json`"])
                for kind in KAT_KINDS:
                    f = km.files.get(kind) if km else None
                    if f is None:
                        rows.append([code(inst), var,
                                     "KAT_%s not run" % kind, "–"])
                        continue
                    item = "KAT_%s %s" % (kind, f["status"])
                    if f["canonical"]:
                        item += " (canonical sha256 %s…)" % code(f["canonical"][:16])
                    where = ("manifest %s" % code(f["manifest_entry"])
                             if f["manifest_entry"] else code(f["file"]))
                    rows.append([code(inst), var, item, "`kat.json`, %s" % where])
                for size in self.sizes:
                    m = self.bench.get(inst, var, size)
                    if m is None:
                        continue
                    rec = self.records.get((inst, var, size))
                    target = code(rec) if rec else "`bench.json` %s" % code(m.names[0])
                    rows.append([code(inst), var, "timing hash_%d" % size, target])
        return rows

    def summary(self, families):
        b = self.bench
        out = []
        out.append("# Summary — all parameter sets (system %s)" % self.system)
        out.append("")
        out.append("Ranked by %s (lower is faster) at 1024 B and 65536 B. "
                   "Baselines (OpenSSL EVP) were measured in the same run. "
                   "Relative = %s ÷ that of %s. Per-candidate reports: "
                   % (self.basis_words(), self.basis_words(), self.baseline_words())
                   + ", ".join("[%s](%s.md)" % (f.stem, f.stem) for f in families)
                   + ".")
        out.append("")
        fam_of = {i: f for f in families for i in f.instances}
        with_best = any(m.best_cpb is not None for m in b.measurements.values())
        if with_best:
            out.append(self.BEST_CALL_WORDS)
            out.append("")
        for size in (1024, 65536):
            out.append("## %s" % size_label(size))
            out.append("")
            entries = []
            for inst in b.order:
                for var in b.variants(inst):
                    m = b.get(inst, var, size)
                    if m is None or not m.ok:
                        continue
                    if inst in fam_of:
                        who = fam_of[inst].id
                        kat = self.kat_cell(inst, var)
                    elif var in BASELINE_VARIANTS:
                        who, kat = "baseline", "–"
                    else:
                        continue
                    entries.append((self.basis(m), inst, var, who, kat, m))
            entries.sort(key=lambda e: (e[0], e[1], e[2]))
            rows = []
            for rank, (_key, inst, var, who, kat, m) in enumerate(entries, 1):
                cells = [str(rank), code(inst), var, who, fmt_one_decimal(m.cpb)]
                if self.cpu_basis:
                    cells.append(fmt_one_decimal(m.cpu_cpb))
                cells += [fmt_mbs(m.mb_per_s), self.ratio_text(m)]
                if with_best:
                    cells += ["–" if m.best_cpb is None else fmt_one_decimal(m.best_cpb),
                              self.best_ratio_text(m)]
                rows.append(cells + [kat])
            header = ["rank", "instance", "variant", "candidate", "cycles/byte"]
            if self.cpu_basis:
                header.append("cycles/byte (CPU time)")
            header += ["MB/s", "relative"]
            if with_best:
                header += ["cycles/byte (best call)", "relative (best call)"]
            if rows:
                out.append(md_table(header + ["KAT"], rows))
            else:
                out.append("No measurement at this size.")
            out.append("")
        absent = [i for cid in sorted(CANDIDATES) for i in CANDIDATES[cid][2]
                  if i not in b.order]
        if absent:
            out.append("Parameter sets not measured in this run: %s."
                       % ", ".join(absent))
            out.append("")
        skipped = skipped_modules(ctx_text(b.context, "skipped_modules", default=""))
        for reason, names in skipped:
            out.append("Skipped by the bench (%s): %s." % (reason, ", ".join(names)))
            out.append("")
        missing = [(i, v) for f in families for i in f.instances
                   for v in b.variants(i) if self.kat_cell(i, v) != "PASS"]
        if missing:
            out.append("KAT not PASS (see the candidate report §3): "
                       + ", ".join("%s/%s (%s)" % (i, v, self.kat_cell(i, v))
                                   for i, v in missing) + ".")
            out.append("")
        return "\n".join(out)


# ---------------------------------------------------------------------------
# Plots

def plot_family(path, report, fam):
    import matplotlib
    matplotlib.use("Agg")
    matplotlib.rcParams["svg.hashsalt"] = "ngcc"
    from matplotlib import pyplot as plt
    from matplotlib.ticker import FixedLocator, FuncFormatter, LogLocator, NullLocator

    b = report.bench
    fig, ax = plt.subplots(figsize=(9.0, 5.0), dpi=100)
    colors = plt.rcParams["axes.prop_cycle"].by_key()["color"]
    values = []
    for k, inst in enumerate(fam.instances):
        for var in b.variants(inst):
            pts = [(s, b.get(inst, var, s)) for s in report.sizes]
            pts = [(s, m.cpb) for s, m in pts if m and m.ok]
            if not pts:
                continue
            values += [c for _, c in pts]
            ax.plot([p[0] for p in pts], [p[1] for p in pts],
                    color=colors[k % len(colors)],
                    linestyle="-" if var == "ref" else "--",
                    marker="o" if var == "ref" else "s", markersize=4,
                    linewidth=1.6, label="%s %s" % (inst, var))
    # Baselines in greys, one fixed marker each (same in every family plot).
    # A baseline at a specific XOF width (SHAKE256-1280) is drawn only for the
    # families whose instances campaign.yaml compares with it.
    greys = ("#222222", "#555555", "#808080", "#a8a8a8")
    markers = ("^", "v", "D", "x", "P", "*", "<", ">", "h", "+", "1", "2")
    named = {report.bench.modules.get("%s/%s" % (i, v), {}).get("compare_with")
             for i in fam.instances for v in b.variants(i)}
    for k, name in enumerate(b.baselines()):
        inst, _, var = name.rpartition("/")
        if re.fullmatch(r"SHAKE\d+-\d+", inst) and inst not in named \
                and name != report.baseline:
            continue
        pts = [(s, b.get(inst, var, s)) for s in report.sizes]
        pts = [(s, m.cpb) for s, m in pts if m and m.ok]
        if not pts:
            continue
        values += [c for _, c in pts]
        chosen = name == report.baseline
        ax.plot([p[0] for p in pts], [p[1] for p in pts],
                color="#000000" if chosen else greys[k % len(greys)],
                linestyle=":", marker=markers[k % len(markers)], markersize=4,
                linewidth=2.2 if chosen else 1.1,
                label="%s (%s)" % (inst, "ratio baseline" if chosen else "baseline"))
    ax.set_xscale("log", base=2)
    ax.xaxis.set_major_locator(FixedLocator(report.sizes))
    ax.xaxis.set_minor_locator(NullLocator())
    ax.set_xticklabels([str(s) for s in report.sizes])
    if values and min(values) > 0 and max(values) / min(values) > 20:
        ax.set_yscale("log")
        ax.yaxis.set_major_locator(LogLocator(base=10, subs=(1.0, 2.0, 5.0)))
        ax.yaxis.set_minor_locator(NullLocator())
        ax.yaxis.set_major_formatter(FuncFormatter(lambda v, _pos: "%g" % v))
    else:
        ax.set_ylim(bottom=0)
    ax.set_xlabel("message size (bytes, log scale)")
    ax.set_ylabel("cycles/byte")
    title = "%s %s — cycles/byte (system %s)" % (fam.id, fam.name, report.system)
    ax.set_title(title)
    ax.grid(True, which="both", linewidth=0.4, alpha=0.5)
    if ax.get_legend_handles_labels()[0]:
        ax.legend(loc="upper left", bbox_to_anchor=(1.01, 1.0), fontsize=8,
                  frameon=False)
    fig.tight_layout()
    # Fixed metadata: no date; the matplotlib version is recorded because the
    # rendering (fonts, anti-aliasing) is byte-stable only within one version.
    fig.savefig(path, format="png",
                metadata={"Software": None, "Title": title,
                          "Source": "tools/ngcc_report.py, matplotlib %s"
                          % matplotlib.__version__})
    plt.close(fig)


# ---------------------------------------------------------------------------
# Main

def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def generate(results_dir, out_dir, baseline=DEFAULT_BASELINE, plots=True):
    """Write every report; return the list of files written (relative names)."""
    bench_path = os.path.join(results_dir, "bench.json")
    kat_path = os.path.join(results_dir, "kat.json")
    bench = parse_bench(bench_path)
    kat = parse_kat(kat_path) if os.path.exists(kat_path) else None
    records = scan_records(results_dir)
    if baseline != CAMPAIGN_BASELINE and baseline not in bench.baselines():
        inst, _, var = baseline.rpartition("/")
        if not any(m.instance == inst and m.variant == var
                   for m in bench.measurements.values()):
            raise ReportError("%s: benchmarks: baseline %r not measured in this "
                              "run (choose one of: %s)"
                              % (bench_path, baseline,
                                 ", ".join(bench.baselines()) or "none"))
    system = os.path.basename(os.path.normpath(os.path.abspath(results_dir)))
    report = Report(results_dir, bench, kat, records, baseline, system)
    families = group_families(bench, kat)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for fam in families:
        plot_name = "%s-cpb.png" % fam.stem
        write_text(os.path.join(out_dir, fam.stem + ".md"),
                   report.candidate(fam, plot_name))
        written.append(fam.stem + ".md")
        if plots:
            plot_family(os.path.join(out_dir, plot_name), report, fam)
            written.append(plot_name)
    write_text(os.path.join(out_dir, "summary.md"), report.summary(families))
    written.append("summary.md")
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="ngcc_report.py",
        description="Write §3.5 reports from results/<system>/bench.json and kat.json.")
    ap.add_argument("results", help="campaign directory, e.g. results/x86_1")
    ap.add_argument("--out", help="output directory (default RESULTS/report)")
    ap.add_argument("--baseline", default=DEFAULT_BASELINE,
                    help="baseline for relative cycles/byte: <Name>/<variant>, "
                    "or 'campaign' for each instance's baseline in campaign.yaml "
                    "(default %(default)s)")
    ap.add_argument("--no-plots", action="store_true",
                    help="skip the PNG plots")
    args = ap.parse_args(argv)
    out = args.out or os.path.join(args.results, "report")
    try:
        written = generate(args.results, out, args.baseline, not args.no_plots)
    except ReportError as e:
        print("ngcc_report: error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("ngcc_report: error: %s: %s" % (e.filename or out,
                                              e.strerror or e), file=sys.stderr)
        return 2
    except Exception as e:  # a bug, or input no check foresaw: still one line
        if os.environ.get("NGCC_REPORT_DEBUG"):
            raise
        print("ngcc_report: internal error: %s: %s (set NGCC_REPORT_DEBUG=1 for "
              "a traceback)" % (type(e).__name__, e), file=sys.stderr)
        return 3
    print("ngcc_report: wrote %d files to %s" % (len(written), out))
    return 0


if __name__ == "__main__":
    sys.exit(main())
