"""bench.json: Google Benchmark JSON with the ngcc context and counters
(bench/SCHEMA.md, schema 2: the family declarations, the module records, and
where the bench measured them core cycles and the core-clock probe), read into
one Measurement per (instance, variant, size) that keeps every repetition.
A counter a row lacks was not measured (a campaign converted from schema 1
has no core cycles): its figure is absent, never guessed."""

import os
import re
from dataclasses import dataclass
from typing import Optional

from hashbench.common import file_sha256
from hashbench.report.candidates import BASELINE_VARIANTS
from hashbench.report.inputs import Checker, ctx_text, load_json

TIME_UNITS = {"ns": 1e-9, "us": 1e-6, "ms": 1e-3, "s": 1.0}
NAME_RE = re.compile(r"^(?P<instance>[^/]+)/(?P<variant>[^/]+)/(?P<bytes>[^/]+)")


@dataclass
class Repetition:
    """One timed row: per-call figures as bench wrote them.

    cycles and best are in cycle_source units (TSC ticks or perf cycles),
    cpu is TSC-equivalent (thread CPU time × TSC rate), core is core cycles,
    core_per_tsc the probe ratio used for the row; None where the row lacks
    the counter."""

    calls: int
    seconds: float
    cycles: float
    core: Optional[float] = None
    cpu: Optional[float] = None
    best: Optional[float] = None
    core_per_tsc: Optional[float] = None
    clock_flag: bool = False


class Measurement:
    """All repetitions of one benchmark (instance, variant, message bytes).

    The figures are per call, in the report's unit: core cycles when the
    bench recorded them for every row (Bench.core_unit), else the cycle
    source's own (TSC ticks here)."""

    def __init__(self, instance, variant, nbytes):
        self.instance = instance
        self.variant = variant
        self.bytes = nbytes
        self.names = []          # benchmark names as they appear in bench.json
        self.trials = []         # calls per repetition (guide: per trial)
        self.reps = []           # Repetition per timed row
        self.disturbed = 0       # guide trial processes rerun (lost the CPU)
        self.static_bytes = None
        self.stack_bytes = None
        self.heap_bytes = None
        self.baseline_rss = None
        self.peak_rss = None
        self.errors = []
        self.core_unit = False   # set by parse_bench for the whole file
        self.tsc_source = True

    @property
    def calls(self):
        return sum(self.trials)

    @property
    def ok(self):
        return self.calls > 0 and not self.errors and bool(self.reps)

    # -- per repetition, in the report's unit -----------------------------------

    def _primary(self, rep):
        return rep.core if self.core_unit else rep.cycles

    def _cpu(self, rep):
        """CPU-time cycles; in core cycles through the row's probe ratio
        (TSC units → core), None where no ratio converts them."""
        if rep.cpu is None:
            return None
        if not self.core_unit:
            return rep.cpu
        ratio = rep.core_per_tsc
        if ratio is None and self.tsc_source and rep.cycles > 0:
            ratio = rep.core / rep.cycles
        return None if ratio is None else rep.cpu * ratio

    def _best(self, rep):
        if rep.best is None:
            return None
        if not self.core_unit:
            return rep.best
        return rep.best * rep.core / rep.cycles if rep.cycles > 0 else None

    FIGURES = {"cycles": _primary, "cpu": _cpu, "best": _best,
               "source": lambda self, rep: rep.cycles}

    def per_rep(self, figure):
        """Per-call values of one figure, one per repetition; None unless
        every repetition has it."""
        if not self.ok:
            return None
        values = [self.FIGURES[figure](self, r) for r in self.reps]
        return None if any(v is None for v in values) else values

    def mean(self, figure):
        """Σ value × calls / Σ calls over the repetitions, or None."""
        values = self.per_rep(figure)
        if values is None:
            return None
        return sum(v * r.calls for v, r in zip(values, self.reps)) / self.calls

    @property
    def mean_cycles(self):
        return self.mean("cycles")

    @property
    def mean_seconds(self):
        return sum(r.seconds * r.calls for r in self.reps) / self.calls

    @property
    def cpb(self):
        return self.mean_cycles / self.bytes

    @property
    def cpu_cpb(self):
        """cycles/byte from thread CPU time (SCHEMA.md `cpu_cycles`), or None."""
        v = self.mean("cpu")
        return None if v is None else v / self.bytes

    @property
    def best_cpb(self):
        """cycles/byte of the fastest sampled call over all repetitions
        (SCHEMA.md `cycles_min`), or None unless every repetition has it."""
        values = self.per_rep("best")
        return None if values is None else min(values) / self.bytes

    @property
    def core_per_tsc(self):
        """The probe ratios of the repetitions, or []."""
        return [r.core_per_tsc for r in self.reps if r.core_per_tsc is not None]

    @property
    def clock_flagged(self):
        return any(r.clock_flag for r in self.reps)

    @property
    def mb_per_s(self):
        """Decimal MB/s from wall time; None when no time was recorded."""
        if self.mean_seconds <= 0:
            return None
        return self.bytes / self.mean_seconds / 1e6

    def use_trials(self, trials, tsc_hz):
        """Guide mode: the record's timed trials as the repetitions (one
        bench.json row holds their totals), so the intervals have five values.
        The means over all calls stay those of the row, and so does the
        core-clock flag (judged on all the row's probes, bench/SCHEMA.md)."""
        row_flag = self.clock_flagged
        reps = []
        for t in trials:
            calls = int(t["measurements"])
            if calls <= 0:
                return
            core = t.get("core_cycles")
            cpu_seconds = t.get("cpu_seconds")
            reps.append(Repetition(
                calls=calls, seconds=t["seconds"] / calls, cycles=t["cycles"] / calls,
                core=core / calls if isinstance(core, (int, float)) else None,
                cpu=cpu_seconds * tsc_hz / calls if isinstance(cpu_seconds, (int, float)) and tsc_hz else None,
                core_per_tsc=t.get("core_per_tsc"), clock_flag=row_flag))
        if reps and sum(r.calls for r in reps) == self.calls:
            self.reps = reps

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
        self.modules = modules             # '<instance>/<variant>' -> dict
        self.module_rank = {k: i for i, k in enumerate(modules)}
        self.wall_cpu = []                 # real_time / cpu_time per timed row
        self.families = []                 # ngcc_families
        self.core_clock = None             # the core-clock probe, where there is one
        self.core_unit = False
        self.sha256 = ""

    @property
    def core_estimated(self):
        """Core cycles are estimated unless the probe record says otherwise."""
        return not (self.core_clock and self.core_clock.get("estimated") is False)

    def sizes(self):
        return sorted({m.bytes for m in self.measurements.values()})

    def get(self, instance, variant, nbytes):
        return self.measurements.get((instance, variant, nbytes))

    def module(self, instance, variant):
        """The ngcc_modules entry of instance/variant ({} when there is none)."""
        return self.modules.get("%s/%s" % (instance, variant), {})

    def variants(self, instance):
        """Measured variants of an instance, in ngcc_modules order (the
        campaign's); variants without an entry after them, by name."""
        found = {m.variant for m in self.measurements.values()
                 if m.instance == instance}
        rank = self.module_rank
        return sorted(found, key=lambda v: (rank.get("%s/%s" % (instance, v), len(rank)), v))

    def is_baseline(self, instance, variant):
        kind = self.module(instance, variant).get("kind")
        return kind == "baseline" if kind else variant in BASELINE_VARIANTS

    def baselines(self):
        """Baseline names ('SHA-512/openssl'), in campaign order."""
        return ["%s/%s" % (inst, var) for inst in self.order
                for var in self.variants(inst) if self.is_baseline(inst, var)]


def parse_bench(path):
    ck = Checker(path)
    doc = load_json(path)
    ck.typed(doc, "object", "(top level)")
    context = ck.get(doc, "context", "object", "")
    check_schema(ck, context, path)
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
    bench.families = parse_families(ck, context)
    bench.core_clock = parse_core_clock(ck, context)
    timed = [m for m in measurements.values() if m.ok]
    bench.core_unit = bool(timed) and all(r.core is not None
                                          for m in timed for r in m.reps)
    tsc = ctx_text(context, "cycle_source") == "tsc"
    for m in measurements.values():
        m.core_unit, m.tsc_source = bench.core_unit, tsc
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


def check_schema(ck, context, path):
    """context.ngcc_schema must be "2": schema 1 is read no more, a campaign
    of it is converted once (bench/SCHEMA.md, "Schema 1 is no longer read")."""
    schema = ck.get(context, "ngcc_schema", "string", "context")
    if schema == "1":
        ck.fail("context.ngcc_schema", "bench.json schema 1 is no longer read; convert it once: "
                "tools/ngcc convert-schema1 %s" % (os.path.dirname(path) or "."))
    if schema != "2":
        ck.fail("context.ngcc_schema", "expected \"2\" (bench/SCHEMA.md), found %r" % schema)


def parse_modules(ck, context):
    """context.ngcc_modules: a JSON array encoded as a string (SCHEMA.md §3),
    keyed '<instance>/<variant>' (`instance`, else `name`)."""
    raw = ck.json_text(context, "ngcc_modules", "array", "context", required=False)
    modules = {}
    for i, mod in enumerate(raw or []):
        where = "context.ngcc_modules[%d]" % i
        ck.typed(mod, "object", where)
        name = ck.get(mod, "instance", "string", where, required=False) \
            or ck.get(mod, "name", "string", where)
        variant = ck.get(mod, "variant", "string", where)
        for key in ("candidate_id", "family", "module", "sha256", "kind", "name",
                    "full_name", "implementation", "build_flags", "flags_source",
                    "baseline", "code_path"):
            if mod.get(key) is not None:
                ck.get(mod, key, "string", where)
        modules["%s/%s" % (name, variant)] = mod
    return modules


def parse_families(ck, context):
    """context.ngcc_families: the candidates as declared, each
    {candidate_id, family, full_name, directory, implemented (false: declared
    only, no implementation of ours), instances: [{name, ...}]}."""
    where = "context.ngcc_families"
    families = ck.json_text(context, "ngcc_families", "array", "context")
    seen = set()
    for i, fam in enumerate(families):
        here = "%s[%d]" % (where, i)
        ck.typed(fam, "object", here)
        for key in ("candidate_id", "family", "full_name"):
            ck.get(fam, key, "string", here)
        ck.get(fam, "directory", "string", here, required=False)
        ck.get(fam, "implemented", "boolean", here, required=False)
        if fam["candidate_id"] in seen:
            ck.fail(here + ".candidate_id", "%r declared twice" % fam["candidate_id"])
        seen.add(fam["candidate_id"])
        instances = ck.get(fam, "instances", "array", here)
        if not instances:
            ck.fail(here + ".instances", "empty")
        for j, inst in enumerate(instances):
            iw = "%s.instances[%d]" % (here, j)
            ck.typed(inst, "object", iw)
            ck.get(inst, "name", "string", iw)
            ck.get(inst, "baseline", "string", iw, required=False)
    return families


def parse_core_clock(ck, context):
    """context.core_clock: the core-clock probe, or None."""
    where = "context.core_clock"
    probe = ck.json_text(context, "core_clock", "object", "context", required=False)
    if probe is None:
        return None
    ck.get(probe, "method", "string", where, required=False)
    ck.get(probe, "estimated", "boolean", where)
    for key in ("iterations", "repeats", "disagreement_limit"):
        ck.number(probe, key, where, required=False, minimum=0)
    for end in ("start", "end"):
        part = ck.get(probe, end, "object", where, required=False)
        if part is not None:
            ck.number(part, "core_per_tsc", "%s.%s" % (where, end), minimum=0)
            ck.number(part, "spread", "%s.%s" % (where, end), required=False, minimum=0)
    return probe


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
    retries = ck.number(row, "disturbed_retries", where, required=False, minimum=0)
    meas.disturbed += int(retries or 0)
    flag = ck.number(row, "core_clock_flag", where, required=False, minimum=0)
    meas.reps.append(Repetition(
        calls=calls, seconds=real_time * TIME_UNITS[unit], cycles=cycles,
        core=ck.number(row, "core_cycles", where, required=False, minimum=0),
        cpu=ck.number(row, "cpu_cycles", where, required=False, minimum=0),
        best=ck.number(row, "cycles_min", where, required=False, minimum=0),
        core_per_tsc=ck.number(row, "core_per_tsc", where, required=False, minimum=0),
        clock_flag=bool(flag)))
    for field in ("static_bytes", "stack_bytes", "heap_bytes", "baseline_rss",
                  "peak_rss"):
        meas.take_max(field, ck.number(row, field, where, required=False, minimum=0))


def skipped_entries(text):
    """bench's skipped_modules, 'A/ref: not built (…); B/opt: this CPU
    cannot run it (…; …)', as [(key, reason)]: an entry starts at a module
    key, so a reason may hold '; ' itself."""
    out = []
    for entry in re.split(r";\s+(?=[^\s;:/]+/[^\s;:/]+: )", text):
        name, _, reason = entry.strip().partition(": ")
        if name:
            out.append((name, reason.strip()))
    return out
