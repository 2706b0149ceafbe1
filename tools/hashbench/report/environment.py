"""§2 of a report: the published assessment-environment rows, then our
measurement record. bench.json carries the record in its context in every
mode (a campaign converted from schema 1 part of it: what it lacks reads
"not recorded"), and guide-mode records (records/**.json) add the host facts
they hold."""

import re

from hashbench.report.inputs import ctx_text
from hashbench.report.model import Code, Strong, inline

NA = "not recorded"


def _on_off(value, name):
    """'no_turbo=1' -> 'turbo off'; 'boost=1' -> 'turbo on'; SMT control."""
    table = {"no_turbo=1": "off", "no_turbo=0": "on", "boost=0": "off",
             "boost=1": "on", "off": "off", "on": "on", "forceoff": "off",
             "notsupported": "not supported", "notimplemented": "not supported"}
    return "%s %s" % (name, table.get(value, value))


def _number(text):
    try:
        return float(text)
    except (TypeError, ValueError):
        return None


def core_per_tsc(bench):
    """Mean core/TSC ratio of the probes at the start and end of the run."""
    probe = bench.core_clock or {}
    ratios = [probe[k]["core_per_tsc"] for k in ("start", "end")
              if isinstance(probe.get(k), dict) and "core_per_tsc" in probe[k]]
    ratios = [_number(r) for r in ratios]
    ratios = [r for r in ratios if r is not None]
    return sum(ratios) / len(ratios) if ratios else None


def architecture(bench, records):
    """x86-64 or AArch64: the records' architecture, else the kernel line's machine."""
    machine = ctx_text(records.environment, "architecture")
    if machine is None:
        kernel = ctx_text(bench.context, "kernel", default="")
        machine = kernel.split()[-1] if kernel.split() else "x86_64"
    return {"x86_64": "x86-64", "amd64": "x86-64",
            "aarch64": "AArch64", "arm64": "AArch64"}.get(machine, machine)


def emulated(bench):
    """The runs of a warning when the run was under an emulator (a cross
    build), else ()."""
    emulator = ctx_text(bench.context, "emulator")
    if not emulator:
        return ()
    return inline(Strong(inline(
        "Run under the emulator ", Code(emulator), ": every time, cycle and speed figure in this "
        "report is the emulator's and means nothing for any processor; the run "
        "proves only that the code runs and is correct there.")))


def _processor(ctx, env):
    cpu = ctx_text(ctx, "cpu_model", default=NA)
    where = ctx_text(ctx, "pinned_cpu") or ctx_text(env, "cpu_number") \
        or ctx_text(ctx, "driver_cpu")
    if where is not None and re.fullmatch(r"\d+", where):
        # On a hybrid CPU, the kind of core measured (bench/SCHEMA.md core_type).
        kind = ctx_text(ctx, "core_type")
        if kind in ("performance", "efficiency"):
            name = ctx_text(ctx, "core_name")
            return "%s (CPU %s, one %s core%s)" % (cpu, where, kind, ": " + name if name else "")
        return "%s (CPU %s, one core)" % (cpu, where)
    if where is not None:
        return "%s (not pinned)" % cpu
    return cpu


def _clock(bench, env):
    ctx = bench.context
    parts = []
    tsc = _number(ctx_text(ctx, "tsc_ghz"))
    ratio = core_per_tsc(bench)
    if tsc and ratio:
        how = ("estimated: TSC %.3f GHz × core/TSC %.3f" % (tsc, ratio)
               if bench.core_estimated else
               "TSC %.3f GHz × core/TSC %.3f; cycles counted by perf" % (tsc, ratio))
        parts.append("core ≈ %.2f GHz (%s)" % (tsc * ratio, how))
    max_khz = ctx_text(env, "cpufreq_max_khz")
    if max_khz is not None:
        v = _number(max_khz)
        parts.append("max %.2f GHz" % (v / 1e6) if v else "max %s kHz" % max_khz)
    elif not parts and ctx_text(ctx, "mhz_per_cpu") is not None:
        parts.append("%s MHz reported" % ctx_text(ctx, "mhz_per_cpu"))
    for key, name in (("cpu_governor", "governor"), ("cpu_turbo", "turbo"),
                      ("smt_control", "SMT")):
        value = ctx_text(ctx, key)
        if value is not None:
            parts.append("governor %s" % value if name == "governor"
                         else _on_off(value, name))
    return ", ".join(parts) if parts else NA


def _memory(ctx, env):
    mib = _number(ctx_text(ctx, "memory_total_mib"))
    if mib is not None:
        return "%d MiB" % mib
    kib = _number(ctx_text(env, "memory_total_kib"))
    return "%d MiB" % (int(kib) // 1024) if kib is not None else NA


def _build_tool(ctx, env):
    tool = ctx_text(ctx, "build_tool") or ctx_text(env, "cmake")
    if tool is not None and re.fullmatch(r"[0-9][0-9.]*", tool):
        tool = "cmake version " + tool
    return tool or NA


def _campaign(ctx, records):
    start = ctx_text(ctx, "campaign_start") or (
        min(records.started) if records.started else ctx_text(ctx, "date", default=NA))
    end = ctx_text(ctx, "campaign_end") or (max(records.ended) if records.ended else NA)
    return "%s / %s" % (start, end)


def published_rows(bench, records):
    """The six (item, value) rows of the published §2 table."""
    ctx, env = bench.context, records.environment
    return [
        ("processor", _processor(ctx, env)),
        ("clock", _clock(bench, env)),
        ("memory", _memory(ctx, env)),
        ("OS / kernel", "%s / %s" % (ctx_text(ctx, "os", default=NA),
                                     ctx_text(ctx, "kernel", default=NA))),
        ("compiler / build tool", "%s / %s" % (ctx_text(ctx, "compiler", default=NA),
                                               _build_tool(ctx, env))),
        ("campaign start / end (UTC)", _campaign(ctx, records)),
    ]


def _probe_text(bench):
    probe = bench.core_clock
    ends = []
    for key in ("start", "end"):
        part = probe.get(key)
        if isinstance(part, dict) and "core_per_tsc" in part:
            text = "%.3f at the %s" % (float(part["core_per_tsc"]), key)
            if part.get("spread") is not None:
                text += " (spread %.1f %%)" % (100 * float(part["spread"]))
            ends.append(text)
    text = "%s core/TSC %s" % (probe.get("method") or "probe",
                               ", ".join(ends) if ends else NA)
    if probe.get("iterations") is not None:
        text += "; %d iterations and twice that, median of %s" % (
            int(float(probe["iterations"])), ctx_text(probe, "repeats", default="?"))
    limit = probe.get("disagreement_limit")
    flagged = sum(1 for m in bench.measurements.values() if m.clock_flagged)
    if limit is not None:
        text += "; rows whose probes disagree by more than %g %%: %d" % (
            100 * float(limit), flagged)
        if flagged:
            text += " (marked ⚠ in the performance tables)"
    return text


def record_rows(bench, kat, records):
    """Our measurement record: how the figures were taken, (item, runs or str)."""
    ctx = bench.context
    rows = [("architecture", architecture(bench, records))]
    if ctx_text(ctx, "emulator"):
        rows.append(("emulator", inline(Code(ctx_text(ctx, "emulator")), ": timings mean nothing")))
    ident = [ctx_text(ctx, "microarchitecture")]
    if ctx_text(ctx, "cpu_family") is not None:
        ident.append("family %s model %s" % (ctx_text(ctx, "cpu_family"),
                                             ctx_text(ctx, "cpu_model_number", default="?")))
    if ctx_text(ctx, "num_cpus") is not None:
        ident.append("%s logical CPUs" % ctx_text(ctx, "num_cpus"))
    if ctx_text(ctx, "virtualized", default="").lower() in ("yes", "true", "1"):
        ident.append("virtualized")
    ident = [i for i in ident if i]
    if ident:
        rows.append(("CPU", "; ".join(ident)))
    kind = ctx_text(ctx, "core_type")
    if kind in ("performance", "efficiency"):
        text = "%s core" % kind
        if ctx_text(ctx, "core_name"):
            text += ": " + ctx_text(ctx, "core_name")
        if ctx_text(ctx, "core_type_source"):
            text += " (%s)" % ctx_text(ctx, "core_type_source")
        rows.append(("kind of core", text))
    elif kind == "mixed":
        rows.append(("kind of core", "mixed: a CPU of several kinds of core, not pinned to one"))
    cycles = ctx_text(ctx, "cycle_source", default=NA)
    tsc = _number(ctx_text(ctx, "tsc_ghz"))
    if ctx_text(ctx, "cycle_counter"):
        cycles += "; " + ctx_text(ctx, "cycle_counter")
    elif tsc:
        cycles += "; TSC %.3f GHz" % tsc
    if ctx_text(ctx, "cycle_source_reason"):
        cycles += " (%s)" % ctx_text(ctx, "cycle_source_reason")
    rows.append(("cycle source", cycles))
    hidden = ctx_text(ctx, "NGCC_CPU_DISABLE")
    if hidden is not None:
        rows.append(("CPU extensions hidden", inline(Code("NGCC_CPU_DISABLE=%s" % hidden),
                                                      ": the modules that need them were skipped "
                                                      "as on a CPU without them")))
    if bench.core_clock:
        rows.append(("core-clock probe", _probe_text(bench)))
    if ctx_text(ctx, "library_build_type") == "debug":
        rows.append(("Google Benchmark library", "a debug build (Debian's; it warns \"Library was "
                     "built as DEBUG\"): only its bookkeeping between timed loops, which bench "
                     "inlines and builds in Release; guide-mode trials do not use it "
                     "(bench/README.md)"))
    start, end = ctx_text(ctx, "load_avg_start"), ctx_text(ctx, "load_avg_end")
    load = ctx.get("load_avg")
    if start is not None or end is not None:
        rows.append(("load average start / end", "%s / %s" % (start or NA, end or NA)))
    elif isinstance(load, list) and load and all(
            isinstance(v, (int, float)) and not isinstance(v, bool) for v in load):
        rows.append(("load average at start", ", ".join("%.2f" % v for v in load)))
    mode = ctx_text(ctx, "ngcc_mode")
    if mode is not None:
        rows.append(("bench mode", inline(Code(mode))))
    reps = sorted({len(m.reps) for m in bench.measurements.values() if m.ok})
    if reps:
        rows.append(("repetitions per row", "%d" % reps[0] if len(reps) == 1
                     else "%d to %d" % (reps[0], reps[-1])))
    lib = [ctx_text(ctx, k) for k in ("openssl_version", "openssl_platform",
                                      "openssl_build")]
    if any(lib):
        rows.append(("baselines", "; ".join(v for v in lib if v)))
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
    rows.append(("KAT run (UTC)", kat.date if kat else "not run (no kat.json)"))
    if kat and kat.cpu_disable:
        rows.append(("KAT run with hidden CPU extensions", inline(Code("NGCC_CPU_DISABLE=%s" % kat.cpu_disable))))
    return rows
