"""The markdown tables of estimates, beside bench's cycles per byte where
measured."""

import collections
import json
import re
import statistics

from hashbench.mca import McaError

LONG_MESSAGE_BYTES = 65536


def measured_cycles_per_byte(bench_json):
    """(instance, variant) -> core cycles per byte at 65536 B of a bench
    --benchmark_out file: per repetition the cycles the thread ran
    (cpu_cycles: its CPU time in TSC cycles, not inflated where a neighbour
    took the core) times core_per_tsc (the core clock probe), over the
    bytes; the median of the repetitions."""
    with open(bench_json) as f:
        report = json.load(f)
    samples = collections.defaultdict(list)
    for b in report.get("benchmarks", []):
        match = re.match(r"^([^/]+)/([^/]+)/%d$" % LONG_MESSAGE_BYTES, b.get("run_name", ""))
        if b.get("run_type") != "iteration" or not match:
            continue
        try:
            samples[(match.group(1), match.group(2))].append(b["cpu_cycles"] * b["core_per_tsc"] / b["bytes"])
        except (KeyError, TypeError, ZeroDivisionError):
            raise McaError("%s: %s has no cpu_cycles, core_per_tsc and bytes" % (bench_json, b.get("name")))
    return {key: statistics.median(v) for key, v in samples.items()}


def table(rows, cpu, measured=None):
    """The markdown table of one CPU."""
    lines = ["### llvm-mca estimate (static, %s)" % cpu, ""]
    head = ["instance", "variant", "block B", "est. cycles/byte", "instructions/block", "skipped (no model)",
            "IPC", "bottleneck"]
    if measured is not None:
        head += ["bench cycles/byte (this machine)", "estimate ÷ measured"]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        e = row["estimates"][cpu]
        if "error" in e:
            cells = [row["instance"], row["variant"], str(row["block_bytes"]), "n/a", str(row["trace_instructions"]),
                     "-", "-", "the model does not take this code: " + e["error"].split(": ", 1)[-1]]
            lines.append("| " + " | ".join(cells + ["-", "-"][:len(head) - len(cells)]) + " |")
            continue
        cells = [row["instance"], row["variant"], str(row["block_bytes"]), "%.2f" % e["cycles_per_byte"],
                 str(row["trace_instructions"]), str(sum(e["skipped"].values())), "%.2f" % e["ipc"],
                 e["bottleneck"]]
        if measured is not None:
            m = measured.get((row["instance"], row["variant"]))
            cells += ["%.2f" % m, "%.2f" % (e["cycles_per_byte"] / m)] if m else ["-", "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def family_ratios(rows, cpu, measured):
    """family -> variant -> median of estimate / measured over its instances
    whose blocks the model took whole."""
    ratios = collections.defaultdict(lambda: collections.defaultdict(list))
    for row in rows:
        m = measured.get((row["instance"], row["variant"]))
        # An estimate without some of the block's instructions (AVX-512 on a
        # model of a core without it) is no estimate of that code.
        e = row["estimates"][cpu]
        if m and "error" not in e and not e["skipped"]:
            ratios[row["family"]][row["variant"]].append(row["estimates"][cpu]["cycles_per_byte"] / m)
    return {f: {v: statistics.median(r) for v, r in vs.items()} for f, vs in ratios.items()}


def report(document, measured):
    """The markdown of an estimates document: a table per CPU, the ratios to
    bench where measured (added to the document), the skipped instructions."""
    rows, parts = document["rows"], []
    for cpu in document["cpus"]:
        parts.append(table(rows, cpu, measured))
        if measured is not None:
            ratios = family_ratios(rows, cpu, measured)
            document.setdefault("estimate_over_measured", {})[cpu] = ratios
            parts.append("estimate ÷ measured per family (median over its instances), %s:\n" % cpu +
                         "".join("- %s: %s\n" % (family, ", ".join("%s %.2f" % kv for kv in sorted(v.items())))
                                 for family, v in sorted(ratios.items())))
    for cpu in document["cpus"]:
        skipped = collections.Counter()
        for row in rows:
            skipped.update(row["estimates"][cpu].get("skipped", {}))
        if skipped:
            parts.append("instructions llvm-mca skips on %s (no scheduling model; form: count in all blocks):\n" % cpu +
                         "".join("- `%s`: %d\n" % kv for kv in skipped.most_common()))
    return "\n".join(parts)
