"""bench.json: Google Benchmark JSON with the ngcc context and counters
(bench/SCHEMA.md), read into one Measurement per (instance, variant, size)."""

import json
import re

from ngcc_common import file_sha256
from report.candidates import BASELINE_VARIANTS, variant_key
from report.inputs import Checker, load_json

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
    """One bench.json: its context, measurements and modules."""

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

    def module(self, instance, variant):
        """The ngcc_modules entry of instance/variant ({} when there is none)."""
        return self.modules.get("%s/%s" % (instance, variant), {})

    def variants(self, instance):
        found = {m.variant for m in self.measurements.values()
                 if m.instance == instance}
        return sorted(found, key=variant_key)

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
        for key in ("candidate_id", "family", "module", "sha256", "kind",
                    "full_name", "implementation", "build_flags"):
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
