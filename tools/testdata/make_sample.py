#!/usr/bin/env python3
"""Regenerate the synthetic campaigns tools/testdata/x86_sample/ (bench.json
written as schema 1, then converted as the committed schema-1 campaign was:
tools/ngcc convert-schema1) and tools/testdata/x86_sample2/
(schema 2).

x86_sample follows bench/SCHEMA.md (Google Benchmark JSON + ngcc context and
counters, guide records), x86_sample2 the schema 2 agreed for the bench
(core cycles, the core-clock probe, ngcc_families, the environment record,
interleaved repetitions; a submitted-ref variant, an avx512 variant, an
external library); both with a kat.json of schema ngcc-kat/1. In both, the
CHIME ref figures are chosen so that the report reproduces the published
x86_1 CHIME tables (published-hash-26-CHIME.tsv) cell for cell (schema 2:
as core cycles); everything else is invented.

    /usr/bin/python3 tools/testdata/make_sample.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
from hashbench import results  # noqa: E402
from hashbench import report as R  # noqa: E402

SIZES = [32, 128, 512, 1024, 4096, 8192, 16384, 65536]
OUT = os.path.join(HERE, "x86_sample")
OUT2 = os.path.join(HERE, "x86_sample2")


def published():
    """{(instance, size): perf cells} and {(instance, size): resource cells}."""
    perf, res = {}, {}
    with open(os.path.join(HERE, "published-hash-26-CHIME.tsv"),
              encoding="utf-8") as f:
        for line in f:
            cells = line.rstrip("\n").split("\t")
            inst = cells[0].strip("`")
            if cells[1].endswith(" B"):
                perf[(inst, int(cells[1][:-2]))] = cells[2:]
            else:
                res[(inst, int(cells[1][len("hash_"):]))] = cells[2:]
    return perf, res


def solve(size, cells):
    """Numbers (cycles, seconds) whose formatting gives the published cells."""
    cyc_t, cpb_t, time_t, mbs_t, _n = cells
    cycles = None
    centre = float(cpb_t) * size
    for k in sorted(range(-500, 501), key=abs):
        c = centre + k * size * 0.0001
        if R.fmt_cycles(c) == cyc_t and R.fmt_one_decimal(c / size) == cpb_t:
            cycles = c
            break
    seconds = None
    for k in sorted(range(-500, 501), key=abs):
        mbs = float(mbs_t) + k * 0.0001
        t = size / (mbs * 1e6)
        if R.fmt_time(t) == time_t and R.fmt_one_decimal(mbs) == mbs_t:
            seconds = t
            break
    if cycles is None or seconds is None:
        raise SystemExit("cannot reproduce %r at %d B" % (cells, size))
    return cycles, seconds


def calls_of(n_text):
    total, rest = n_text.split(" (")
    k, m = rest.rstrip(")").split(" × ")
    return int(total), int(k), int(m)


def modules():
    mods = []
    for inst, bits in (("CHIME-512", 512), ("CHIME-1024", 1024)):
        for var in ("ref", "opt"):
            mods.append({"key": "%s/%s" % (inst, var), "name": inst, "variant": var,
                         "candidate_id": "hash-26", "family": "CHIME",
                         "kat_name": inst.lower().replace("-", "_"),
                         "digest_bits": bits, "is_xof": False,
                         "code_path": "portable" if var == "ref" else "avx2",
                         "kind": "candidate",
                         "module": "lib%s-%s.so" % (inst, var),
                         "path": "/build/modules/lib%s-%s.so" % (inst, var),
                         "sha256": ("%02x" % (len(mods) + 1)) * 32,
                         "static_bytes": 13305 if bits == 512 else 13889,
                         "compare_with": "SHA-512"})
    mods.append({"key": "Thunder-512/ref", "name": "Thunder-512", "variant": "ref",
                 "candidate_id": "hash-33", "family": "Thunder",
                 "kat_name": "thunder_512", "digest_bits": 512, "is_xof": False,
                 "code_path": "portable", "kind": "candidate",
                 "module": "libThunder-512-ref.so", "path": "/build/modules/x.so",
                 "sha256": "77" * 32, "static_bytes": 12865,
                 "compare_with": "SHA-512"})
    for name, bits in (("SHA-512", 512), ("SHA-256", 256)):
        mods.append({"key": name + "/openssl", "name": name, "variant": "openssl",
                     "candidate_id": "baseline", "family": "OpenSSL",
                     "kat_name": name, "digest_bits": bits, "is_xof": False,
                     "code_path": "openssl", "kind": "baseline",
                     "module": "lib%s-openssl.so" % name, "path": "/x.so",
                     "sha256": "ab" * 32, "static_bytes": 9000,
                     "compare_with": None})
    return mods


def context():
    ctx = {
        "date": "2026-11-29T20:00:00+00:00",
        "host_name": "sample",
        "executable": "build/release/bench/bench",
        "num_cpus": 2, "mhz_per_cpu": 2994, "cpu_scaling_enabled": False,
        "caches": [], "load_avg": [0.1, 0.1, 0.1],
        "library_build_type": "release",
        "ngcc_schema": "1", "ngcc_mode": "guide",
        "cycle_source": "tsc",
        "cycle_source_reason": "perf_event_open: Permission denied",
        "tsc_ghz": "2.100",
        "cpu_model": "Synthetic CPU @ 2.10GHz",
        "cpu_governor": "performance", "cpu_turbo": "no_turbo=1",
        "smt_control": "off", "perf_event_paranoid": "2",
        "kernel": "Linux 6.12.0 #1 SMP x86_64",
        "os": "Debian GNU/Linux 13 (trixie)",
        "compiler": "GNU 14.2.0",
        "flags_ref": "-O2", "flags_opt": "-O3 -march=x86-64-v3",
        "flags_openssl": "-O2",
        "openssl_version": "OpenSSL 3.5.0 (synthetic)",
        "campaign": "bench/campaign.yaml", "campaign_sha256": "00" * 32,
        "sizes": ",".join(str(s) for s in SIZES),
        "skipped_modules": "",
        "ngcc_modules": json.dumps(modules(), sort_keys=True),
    }
    for m in modules():
        ctx["sha256:" + m["module"]] = m["sha256"]
    return ctx


def guide_row(name, size, cycles, seconds, trials, per_trial, mem):
    calls = trials * per_trial
    row = {"name": name + "/iterations:1/manual_time",
           "family_index": 0, "per_family_instance_index": 0,
           "run_name": name + "/iterations:1/manual_time",
           "run_type": "iteration", "repetitions": 1, "repetition_index": 0,
           "threads": 1, "iterations": 1,
           "real_time": seconds * 1e9, "cpu_time": 12345.0, "time_unit": "ns",
           "bytes_per_second": size / seconds,
           "cycles": cycles, "cpb": cycles / size, "calls": calls, "bytes": size,
           "digest_bits": 512, "trials": trials,
           "iterations_per_trial": per_trial, "warmups": 3,
           "t1_seconds": seconds * 1.5,
           "median_trial_cycles": cycles, "median_trial_seconds": seconds,
           "min_trial_seconds": seconds * 0.99, "max_trial_seconds": seconds * 1.01,
           "disturbed_retries": 0}
    row.update(mem)
    return row


def default_rows(name, size, cycles, seconds, iters, reps, mem):
    rows = []
    for r in range(reps):
        wobble = 1.0 + 0.002 * (r - (reps - 1) / 2)
        row = {"name": name, "family_index": 1, "per_family_instance_index": 0,
               "run_name": name, "run_type": "iteration", "repetitions": reps,
               "repetition_index": r, "threads": 1, "iterations": iters,
               "real_time": seconds * 1e9 * wobble, "cpu_time": seconds * 1e9,
               "time_unit": "ns", "bytes_per_second": size / seconds,
               "cycles": cycles * wobble, "cpb": cycles * wobble / size,
               "cpu_cycles": cycles * wobble * 0.9,
               "calls": iters, "bytes": size, "digest_bits": 512}
        row.update(mem)
        rows.append(row)
    return rows + (aggregates(name, rows[0]) if reps > 1 else [])


def aggregates(name, row):
    """Google Benchmark's aggregate rows after the repetitions (their figures
    are a repetition's: the reader skips them when iteration rows exist)."""
    out = []
    for agg in ("mean", "median", "stddev", "cv"):
        out.append(dict(row, name=name + "_" + agg, run_type="aggregate",
                        aggregate_name=agg, aggregate_unit="time"))
    return out


def mem_of(static, base_kib, peak_kib, stack, heap):
    return {"static_bytes": static, "baseline_rss": base_kib * 1024,
            "peak_rss": peak_kib * 1024, "stack_bytes": stack, "heap_bytes": heap}


def record(inst, var, size, cycles, seconds, trials, per_trial, mem, cid):
    return {
        "schema": 2, "status": "complete", "candidate": cid, "label": inst,
        "instance": inst.lower().replace("-", "_"),
        "variant": {"ref": "reference", "opt": "optimized"}[var],
        "ngcc_variant": var, "flags": "ngcc-" + var, "operation": "hash",
        "input_bytes": size, "digest_bits": 512,
        "plan": {"iterations_per_trial": per_trial, "warmups": 3,
                 "trials": trials, "separate_processes": True},
        "kat": "not-checked-by-bench", "kat_not_passed": None,
        "disturbed_retries": 0,
        "started_utc": "2026-11-29T20:00:%02dZ" % (SIZES.index(size) * 2),
        "ended_utc": "2026-11-29T20:05:%02dZ" % (SIZES.index(size) * 2 + 1),
        "environment": {"hostname": "sample", "architecture": "x86_64",
                        "cpu_model": "Synthetic CPU @ 2.10GHz", "cpu_number": 1,
                        "memory_total_kib": 8155048, "cmake": "cmake version 3.31.6",
                        "cpufreq_max_khz": 2100000, "cycle_source": "tsc",
                        "tsc_ghz": 2.1},
        "trials": [{"measurements": per_trial, "seconds": seconds * per_trial,
                    "cycles": cycles * per_trial}] * trials,
        "measurements": trials * per_trial, "mean_seconds": seconds,
        "mean_cycles": cycles, "cycles_per_byte": cycles / size,
        "baseline_rss_bytes": mem["baseline_rss"], "peak_rss_bytes": mem["peak_rss"],
        "static_bytes": mem["static_bytes"], "stack_bytes": mem["stack_bytes"],
        "heap_bytes": mem["heap_bytes"], "timing_scope": "loop",
    }


ALL_KINDS = ["2_12", "2_23", "2_33", "Loop"]


def write_json(path, doc):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=2)
        f.write("\n")


def write_bench_lines(path, context, rows):
    """bench.json with one benchmark row per line (the schema-2 sample has
    many repetitions; this keeps it small and its diffs readable)."""
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as f:
        f.write('{"context": %s,\n "benchmarks": [\n' % json.dumps(context, indent=2))
        f.write(",\n".join("  " + json.dumps({k: float("%.10g" % v) if isinstance(v, float)
                                               else v for k, v in r.items()},
                                              separators=(",", ":")) for r in rows))
        f.write("\n]}\n")


def kat_files(inst, kinds, fail=(), skip=None):
    """File entries of kat.json; skip: the reason every file was skipped."""
    out = []
    for kind in kinds:
        if skip:
            out.append({"kind": kind, "file": "KAT_%s_%s.txt" % (kind, inst),
                        "status": "SKIP", "reason": skip})
            continue
        out.append({"kind": kind, "file": "KAT_%s_%s.txt" % (kind, inst),
                    "status": "FAIL" if kind in fail else "PASS",
                    "canonical_sha256": (kind.encode().hex() * 64)[:64],
                    "expected_sha256": ("ee" * 32 if kind in fail else
                                        (kind.encode().hex() * 64)[:64]),
                    "manifest_entry": "%s/KAT_%s_%s.txt" % (inst, kind, inst),
                    "seconds": 1.5})
    return out


def published_cells(perf, res, inst, size):
    """(cycles, seconds, (total, trials, per trial), static, baseline KiB,
    peak KiB) of a published CHIME row."""
    cycles, seconds = solve(size, perf[(inst, size)])
    total, trials, per_trial = calls_of(perf[(inst, size)][4])
    assert total == trials * per_trial
    static, base, peak = res[(inst, size)]
    return (cycles, seconds, (total, trials, per_trial), int(static),
            int(base.split()[0]), int(peak.split()[0]))


def main_schema1():
    perf, res = published()
    benchmarks = []
    records = {}
    for inst in ("CHIME-512", "CHIME-1024"):
        for size in SIZES:
            cycles, seconds, (_total, trials, per_trial), static, base, peak = \
                published_cells(perf, res, inst, size)
            mem = mem_of(static, base, peak, 600 if inst == "CHIME-512" else 1100, 0)
            name = "%s/ref/%d" % (inst, size)
            benchmarks.append(guide_row(name, size, cycles, seconds, trials,
                                        per_trial, mem))
            if size in (32, 65536):
                records["hash-26/%s-ref__hash_%d.json" % (inst, size)] = record(
                    inst, "ref", size, cycles, seconds, trials, per_trial, mem,
                    "hash-26")
    for inst in ("CHIME-512", "CHIME-1024"):
        for size in SIZES:
            cycles, seconds, _n, static, base, peak = published_cells(perf, res, inst, size)
            mem = mem_of(static + 4096, base + 8, peak + 8, 900, 0)
            benchmarks += default_rows("%s/opt/%d" % (inst, size), size,
                                       cycles * 0.55, seconds * 0.55,
                                       max(20, min(20000, int(0.05 / seconds))), 3,
                                       mem)
    for size in SIZES:
        cpb = 130.0 * (32.0 / size) ** 0.5 + 32.0
        benchmarks += default_rows("Thunder-512/ref/%d" % size, size, cpb * size,
                                   cpb * size / 2.1e9, 1000, 1,
                                   mem_of(12865, 1700, 1790, 700, 0))
    for name, base in (("SHA-512", 10.5), ("SHA-256", 7.2)):
        for size in SIZES:
            cpb = base * (1.0 + 60.0 / size)
            benchmarks += default_rows("%s/openssl/%d" % (name, size), size,
                                       cpb * size, cpb * size / 2.1e9, 5000, 1,
                                       mem_of(9000, 3900, 4000, 300, 0))
    write_json(os.path.join(OUT, "bench.json"),
               {"context": context(), "benchmarks": benchmarks})
    kat = {"schema": "ngcc-kat/1", "date": "2026-11-29T19:50:00Z",
           "command": "tools/ngcc kat --full", "modules": []}
    for inst, var, kinds, fail in (("CHIME-512", "ref", ALL_KINDS, ()),
                                   ("CHIME-512", "opt", ALL_KINDS[:2], ()),
                                   ("CHIME-1024", "ref", ALL_KINDS, ()),
                                   ("CHIME-1024", "opt", ALL_KINDS, ("2_12",))):
        kat["modules"].append({
            "module": "%s-%s" % (inst, var),
            "module_sha256": next(m["sha256"] for m in modules()
                                  if m["key"] == "%s/%s" % (inst, var)),
            "name": inst, "kat_name": inst, "candidate_id": "hash-26",
            "family": "CHIME", "variant": var,
            "digest_bits": int(inst.split("-")[1]),
            "files": kat_files(inst, kinds, fail)})
    write_json(os.path.join(OUT, "kat.json"), kat)
    for rel, rec in records.items():
        write_json(os.path.join(OUT, "records", rel), rec)


# --- schema 2 -----------------------------------------------------------------

TSC_GHZ = 2.445
CORE_PER_TSC = 1.5      # the core runs at 3.67 GHz against a 2.445 GHz TSC
REPETITIONS = 5
MODULE_FLAGS = "-fPIC -Wall -Wextra -fvisibility=hidden -fvisibility-inlines-hidden"
CHIME_VARIANTS = (  # variant, kind, implementation, flags, core cycles × published
    ("ref", "candidate", "portable", MODULE_FLAGS + " -O2 -std=gnu++17", 1.0),
    ("opt", "candidate", "avx2", MODULE_FLAGS + " -O3 -march=x86-64-v3 -std=gnu++17", 0.55),
    ("avx512", "candidate", "avx512", MODULE_FLAGS
     + " -O3 -march=x86-64-v3 -mavx512f -mavx512bw -mavx512vl -std=gnu++17", 0.4),
    ("submitted-ref", "submitted", "submitted",
     "-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE", 1.1),
)
# The row whose core-clock probes disagree (core_clock_flag).
FLAGGED = ("CHIME-1024", "opt", 4096, 2)


def families2():
    return [
        {"directory": "chime", "candidate_id": "hash-26", "family": "CHIME",
         "full_name": "The Hash Function CHIME",
         "instances": [{"name": n, "kat_name": n, "digest_bits": b,
                        "max_digest_bits": b, "xof": False, "baseline": "SHA-512"}
                       for n, b in (("CHIME-512", 512), ("CHIME-1024", 1024))]},
        {"directory": "thunder", "candidate_id": "hash-33", "family": "Thunder",
         "full_name": "Thunder Hash Family",
         "instances": [{"name": n, "kat_name": n, "digest_bits": b,
                        "max_digest_bits": b, "xof": False, "baseline": "SHA-512"}
                       for n, b in (("Thunder-512", 512), ("Thunder-768", 768),
                                    ("Thunder-1024", 1024))]
         + [{"name": "Thunder-XOF-%d" % b, "kat_name": "Thunder-XOF-%d" % b,
             "digest_bits": w, "max_digest_bits": 65536, "xof": True,
             "baseline": "SHAKE256-%d" % w}
            for b, w in ((256, 1280), (384, 1152), (512, 1024))]},
    ]


def modules2():
    mods = []

    def add(instance, variant, kind, implementation, flags, bits, cid, family,
            baseline, **extra):
        entry = {"key": "%s/%s" % (instance, variant), "name": instance,
                 "instance": instance, "variant": variant, "kind": kind,
                 "candidate_id": cid, "family": family, "kat_name": instance,
                 "digest_bits": bits, "is_xof": False, "implementation": implementation,
                 "code_path": implementation, "module": "lib%s-%s.so" % (instance, variant),
                 "path": "/build/modules/lib%s-%s.so" % (instance, variant),
                 "sha256": ("%02x" % (len(mods) + 0x30)) * 32, "baseline": baseline,
                 "compare_with": baseline, "cpu_features": ""}
        if flags is not None:
            entry["build_flags"] = flags
        entry.update(extra)
        mods.append(entry)

    for inst, bits in (("CHIME-512", 512), ("CHIME-1024", 1024)):
        for var, kind, impl, flags, _speed in CHIME_VARIANTS:
            extra = {}
            if kind == "submitted":
                extra = {"flags_source": "guide" if bits == 512 else "harness-default",
                         "module": "libchime%d-theirs.so" % bits}
            if var == "avx512":
                extra = {"cpu_features": "avx512f avx512bw avx512vl"}
            add(inst, var, kind, impl, flags, bits, "hash-26", "CHIME", "SHA-512",
                full_name="The Hash Function CHIME", **extra)
    add("Thunder-512", "ref", "candidate", "portable", CHIME_VARIANTS[0][3], 512,
        "hash-33", "Thunder", "SHA-512", full_name="Thunder Hash Family")
    add("MyHash-256", "external", "external", "external", None, 256, "hash-99",
        "MyHash", "SHA-256", path="/opt/myhash/libmyhash.so", module="libmyhash.so")
    for name, bits in (("SHA-512", 512), ("SHA-256", 256)):
        add(name, "openssl", "baseline", "openssl-evp",
            MODULE_FLAGS + " -O2 -std=gnu++17", bits, "baseline", "OpenSSL", None)
    return mods


def context2():
    probe = {"method": "dependent-add chain", "estimated": True, "iterations": 20000000,
             "repeats": 5, "start": {"core_per_tsc": CORE_PER_TSC, "spread": 0.004},
             "end": {"core_per_tsc": CORE_PER_TSC * 1.002, "spread": 0.003},
             "disagreement_limit": 0.02}
    return {
        "date": "2026-12-01T09:00:00+00:00", "host_name": "sample2",
        "executable": "build/release/bench/bench", "num_cpus": 2,
        "mhz_per_cpu": 2445, "cpu_scaling_enabled": False, "caches": [],
        "load_avg": [0.5, 0.4, 0.3], "library_build_type": "release",
        "ngcc_schema": "2", "ngcc_mode": "default",
        "cycle_source": "tsc",
        "cycle_source_reason": "perf_event_open: No such file or directory",
        "tsc_ghz": "%.3f" % TSC_GHZ,
        "core_clock": json.dumps(probe, sort_keys=True),
        "cpu_model": "AMD EPYC 9R14 (synthetic)", "cpu_family": "25",
        "cpu_model_number": "17", "microarchitecture": "zen4",
        "system": "x86_sample2", "memory_total_mib": "24038",
        "compiler": "GNU 12.2.0", "build_tool": "cmake version 3.25.1",
        "os": "Debian GNU/Linux 12 (bookworm)",
        "kernel": "Linux 6.1.0-28-amd64 #1 SMP PREEMPT_DYNAMIC x86_64",
        "campaign_start": "2026-12-01T09:00:00Z", "campaign_end": "2026-12-01T09:41:07Z",
        "load_avg_start": "0.50 0.40 0.30", "load_avg_end": "1.10 0.80 0.50",
        "pinned_cpu": "1", "cpu_governor": "unavailable", "cpu_turbo": "unavailable",
        "smt_control": "notsupported", "perf_event_paranoid": "2", "virtualized": "yes",
        "openssl_version": "OpenSSL 3.0.15 3 Sep 2024",
        "openssl_platform": "platform: debian-amd64",
        "openssl_build": "compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -O2",
        "campaign": "bench/campaign.yaml", "campaign_sha256": "11" * 32,
        "sizes": ",".join(str(s) for s in SIZES), "skipped_modules": "",
        "ngcc_families": json.dumps(families2(), sort_keys=True),
        "ngcc_modules": json.dumps(modules2(), sort_keys=True),
    }


def repetition_rows(name, size, core, seconds, iters, mem, reps=REPETITIONS):
    """Interleaved repetitions around the given core cycles and seconds per
    call (symmetric, so the means are exact), then Google Benchmark's
    aggregates."""
    inst, var = name.split("/")[:2]
    rows = []
    for r in range(reps):
        wobble = 1.0 + 0.004 * (r - (reps - 1) / 2)
        ratio = CORE_PER_TSC * (1.0 + 0.0005 * (r - (reps - 1) / 2))
        flagged = (inst, var, size, r) == FLAGGED
        row = {"name": name, "family_index": 1, "per_family_instance_index": 0,
               "run_name": name, "run_type": "iteration", "repetitions": reps,
               "repetition_index": r, "threads": 1, "iterations": iters,
               "real_time": seconds * 1e9 * wobble, "cpu_time": seconds * 1e9 * wobble,
               "time_unit": "ns", "bytes_per_second": size / (seconds * wobble),
               "core_cycles": core * wobble, "cpb_core": core * wobble / size,
               "cycles": core * wobble / ratio, "cpb": core * wobble / ratio / size,
               "cycles_min": core * wobble / ratio * 0.9,
               "cpb_min": core * wobble / ratio * 0.9 / size,
               "cpu_cycles": core * wobble / ratio * 0.98,
               "core_per_tsc": ratio,
               "core_clock_disagreement": 0.031 if flagged else 0.001,
               "core_clock_flag": 1 if flagged else 0,
               "calls": iters, "bytes": size, "digest_bits": 512}
        row.update(mem)
        rows.append(row)
    # The reader skips aggregates; CHIME-512's are enough to show it.
    return rows + (aggregates(name, rows[0]) if reps > 1 and inst == "CHIME-512" else [])


def main_schema2():
    perf, res = published()
    benchmarks = []
    for inst in ("CHIME-512", "CHIME-1024"):
        for k, (var, _kind, _impl, _flags, speed) in enumerate(CHIME_VARIANTS):
            for size in SIZES:
                cycles, seconds, (_t, trials, per_trial), static, base, peak = \
                    published_cells(perf, res, inst, size)
                mem = mem_of(static + 4096 * k, base + 8 * k, peak + 8 * k,
                             (600 if inst == "CHIME-512" else 1100) + 100 * k, 0)
                # ref: the published row as 5 repetitions of the published
                # calls per trial; the others a fraction of its cost.
                iters = per_trial if var == "ref" else max(20, min(20000, int(
                    0.05 / (seconds * speed))))
                benchmarks += repetition_rows("%s/%s/%d" % (inst, var, size), size,
                                              cycles * speed, seconds * speed, iters, mem,
                                              reps=trials if var == "ref" else REPETITIONS)
    for size in SIZES:
        cpb = 130.0 * (32.0 / size) ** 0.5 + 32.0
        benchmarks += repetition_rows("Thunder-512/ref/%d" % size, size, cpb * size,
                                      cpb * size / 3.67e9, 1000,
                                      mem_of(12865, 1700, 1790, 700, 0))
    for size in SIZES:
        cpb = 20.0 * (1.0 + 40.0 / size)
        benchmarks += repetition_rows("MyHash-256/external/%d" % size, size, cpb * size,
                                      cpb * size / 3.67e9, 800,
                                      mem_of(20480, 1800, 1900, 2048, 4096), reps=1)
    for name, base in (("SHA-512", 10.5), ("SHA-256", 7.2)):
        for size in SIZES:
            cpb = base * (1.0 + 60.0 / size)
            benchmarks += repetition_rows("%s/openssl/%d" % (name, size), size,
                                          cpb * size, cpb * size / 3.67e9, 5000,
                                          mem_of(9000, 3900, 4000, 300, 0))
    write_bench_lines(os.path.join(OUT2, "bench.json"), context2(), benchmarks)
    sha = {m["key"]: m["sha256"] for m in modules2()}
    kat = {"schema": "ngcc-kat/1", "date": "2026-12-01T08:30:00Z",
           "command": "tools/ngcc kat --results results/x86_sample2", "modules": []}
    skip = "the CPU lacks AVX-512 (F, BW, VL)"
    # (instance, variant the KAT run recorded, bench variant, kinds, skip)
    for inst, kat_var, var, kinds, skipped in (
            ("CHIME-512", "ref", "ref", ALL_KINDS, None),
            ("CHIME-512", "opt", "opt", ALL_KINDS, None),
            ("CHIME-512", "avx512", "avx512", ALL_KINDS, None),
            ("CHIME-512", "submitted-ref", "submitted-ref", ALL_KINDS, None),
            ("CHIME-1024", "ref", "ref", ALL_KINDS, None),
            ("CHIME-1024", "opt", "opt", ALL_KINDS, None),
            ("CHIME-1024", "avx512", "avx512", ALL_KINDS, skip),
            # labelled otherwise by the KAT run: found by its SHA-256
            ("CHIME-1024", "submitted", "submitted-ref", ALL_KINDS[:2], None),
            ("Thunder-512", "ref", "ref", ALL_KINDS, None)):
        cid, family = ("hash-33", "Thunder") if inst.startswith("Thunder") \
            else ("hash-26", "CHIME")
        kat["modules"].append({
            "module": "%s-%s" % (inst, kat_var), "module_sha256": sha["%s/%s" % (inst, var)],
            "name": inst, "instance": inst, "variant": kat_var, "kat_name": inst,
            "candidate_id": cid, "family": family,
            "digest_bits": int(inst.split("-")[-1]),
            "files": kat_files(inst, kinds, skip=skipped)})
    write_json(os.path.join(OUT2, "kat.json"), kat)


def main():
    main_schema1()
    print(results.convert_schema1(OUT))
    main_schema2()


if __name__ == "__main__":
    main()
