"""§2 of a candidate report: the assessment environment, from the bench
context and the first guide record's environment."""

import re

from report.inputs import ctx_text
from report.markdown import code


def _on_off(value, name):
    """'no_turbo=1' -> 'turbo off'; 'boost=1' -> 'turbo on'; SMT control."""
    table = {"no_turbo=1": "off", "no_turbo=0": "on", "boost=0": "off",
             "boost=1": "on", "off": "off", "on": "on", "forceoff": "off",
             "notsupported": "not supported", "notimplemented": "not supported"}
    return "%s %s" % (name, table.get(value, value))


def environment_rows(bench, kat, records):
    """(item, value) rows of the §2 table."""
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
