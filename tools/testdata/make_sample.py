#!/usr/bin/env python3
"""Regenerate the synthetic campaign tools/testdata/x86_sample/.

The sample follows bench/SCHEMA.md (Google Benchmark JSON + ngcc context and
counters, guide records) and the ngcc-kat/1 schema of kat.json. Its CHIME
ref figures are chosen so that the report reproduces the published x86_1
CHIME tables (published-hash-26-CHIME.tsv) cell for cell; everything else
(opt variant, Thunder-512, baselines, memory) is invented.

    /usr/bin/python3 tools/testdata/make_sample.py
"""

import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, os.path.dirname(HERE))
import report as R  # noqa: E402

SIZES = [32, 128, 512, 1024, 4096, 8192, 16384, 65536]
OUT = os.path.join(HERE, "x86_sample")


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
    if reps > 1:
        for agg in ("mean", "median", "stddev", "cv"):
            row = dict(rows[0])
            row.update({"name": name + "_" + agg, "run_type": "aggregate",
                        "aggregate_name": agg, "aggregate_unit": "time"})
            rows.append(row)
    return rows


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


def main():
    perf, res = published()
    benchmarks = []
    records = {}
    for inst in ("CHIME-512", "CHIME-1024"):
        for size in SIZES:
            cycles, seconds = solve(size, perf[(inst, size)])
            total, trials, per_trial = calls_of(perf[(inst, size)][4])
            assert total == trials * per_trial
            static, base, peak = res[(inst, size)]
            mem = mem_of(int(static), int(base.split()[0]), int(peak.split()[0]),
                         600 if inst == "CHIME-512" else 1100, 0)
            name = "%s/ref/%d" % (inst, size)
            benchmarks.append(guide_row(name, size, cycles, seconds, trials,
                                        per_trial, mem))
            if size in (32, 65536):
                records["hash-26/%s-ref__hash_%d.json" % (inst, size)] = record(
                    inst, "ref", size, cycles, seconds, trials, per_trial, mem,
                    "hash-26")
    for inst in ("CHIME-512", "CHIME-1024"):
        for size in SIZES:
            cycles, seconds = solve(size, perf[(inst, size)])
            static, base, peak = res[(inst, size)]
            mem = mem_of(int(static) + 4096, int(base.split()[0]) + 8,
                         int(peak.split()[0]) + 8, 900, 0)
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
    os.makedirs(OUT, exist_ok=True)
    with open(os.path.join(OUT, "bench.json"), "w", encoding="utf-8") as f:
        json.dump({"context": context(), "benchmarks": benchmarks}, f, indent=2)
        f.write("\n")

    def kat_files(inst, kinds, fail=()):
        out = []
        for kind in kinds:
            out.append({"kind": kind, "file": "KAT_%s_%s.txt" % (kind, inst),
                        "status": "FAIL" if kind in fail else "PASS",
                        "canonical_sha256": (kind.encode().hex() * 64)[:64],
                        "expected_sha256": ("ee" * 32 if kind in fail else
                                            (kind.encode().hex() * 64)[:64]),
                        "manifest_entry": "%s/KAT_%s_%s.txt" % (inst, kind, inst),
                        "seconds": 1.5})
        return out

    all4 = ["2_12", "2_23", "2_33", "Loop"]
    kat = {"schema": "ngcc-kat/1", "date": "2026-11-29T19:50:00Z",
           "command": "tools/ngcc kat --full", "modules": []}
    for inst, var, kinds, fail in (("CHIME-512", "ref", all4, ()),
                                   ("CHIME-512", "opt", all4[:2], ()),
                                   ("CHIME-1024", "ref", all4, ()),
                                   ("CHIME-1024", "opt", all4, ("2_12",))):
        kat["modules"].append({
            "module": "%s-%s" % (inst, var),
            "module_sha256": next(m["sha256"] for m in modules()
                                  if m["key"] == "%s/%s" % (inst, var)),
            "name": inst, "kat_name": inst, "candidate_id": "hash-26",
            "family": "CHIME", "variant": var,
            "digest_bits": int(inst.split("-")[1]),
            "files": kat_files(inst, kinds, fail)})
    with open(os.path.join(OUT, "kat.json"), "w", encoding="utf-8") as f:
        json.dump(kat, f, indent=2)
        f.write("\n")
    for rel, rec in records.items():
        path = os.path.join(OUT, "records", rel)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w", encoding="utf-8") as f:
            json.dump(rec, f, indent=2)
            f.write("\n")


if __name__ == "__main__":
    main()
