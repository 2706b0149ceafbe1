"""The Markdown of the reports: one per candidate with the sections of the
published x86 reports plus our columns, and the summary ranking every
parameter set. The prose is in templates/; this module fills in the tables
and the parts that depend on the data."""

import re

from report.candidates import (BASELINE_VARIANTS, all_parameter_sets, implementation,
                               parameter_sets, variant_key)
from report.environment import environment_rows
from report.formats import (fmt_calls, fmt_cycles, fmt_int, fmt_kib, fmt_mbs,
                            fmt_one_decimal, fmt_ratio, fmt_time, size_label)
from report.inputs import ctx_text
from report.kat import KAT_KINDS
from report.markdown import code, fill, md_table

CAMPAIGN_BASELINE = "campaign"   # each instance's compare_with (ngcc_modules)
RANKED_SIZES = (1024, 65536)


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


def _optional(value, fmt):
    return "–" if value is None else fmt(value)


class Report:
    """The reports of one campaign against one baseline."""

    def __init__(self, bench, kat, records, baseline, system):
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

    # -- comparison with the baseline ---------------------------------------

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
        other = self.bench.module(m.instance, m.variant).get("compare_with")
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

    def baseline_words(self):
        if self.per_instance:
            return "the baseline campaign.yaml names for each instance"
        return code(self.baseline)

    def baseline_column(self):
        what = "CPU-time cycles/byte" if self.cpu_basis else "cycles/byte"
        if self.per_instance:
            return "%s vs campaign baseline" % what
        return "%s vs %s" % (what, self.baseline.split("/")[0])

    # -- lookups ---------------------------------------------------------------

    def kat_module(self, inst, var):
        return self.kat.get(inst, var) if self.kat else None

    def kat_cell(self, inst, var):
        km = self.kat_module(inst, var)
        return km.overall() if km else "not run"

    def measured(self, fam):
        """Every measurement of the family: instance, variant, size order."""
        b = self.bench
        return [m for i in fam.instances for v in b.variants(i)
                for m in (b.get(i, v, z) for z in self.sizes) if m]

    # -- the candidate report --------------------------------------------------

    def candidate(self, fam, plot_name):
        b = self.bench
        variants = sorted({v for i in fam.instances for v in b.variants(i)},
                          key=variant_key)
        missing = [i for i in parameter_sets(fam.id) if i not in fam.instances]
        measured = self.measured(fam)
        with_cpu = any(m.cpu_cpb is not None for m in measured)
        with_best = any(m.best_cpb is not None for m in measured)
        kat_files = self.kat_file_rows(fam)
        return fill(
            "candidate",
            system=self.system, id=fam.id, title=fam.title, arch=self.arch(),
            implementations=", ".join(self.variant_text(fam, v) for v in variants),
            parameter_sets=", ".join(fam.instances),
            not_measured=("- Not measured in this run: %s" % ", ".join(missing)
                          if missing else ""),
            baseline=self.baseline_words(),
            environment_table=md_table(("item", "value"),
                                       environment_rows(b, self.kat, self.records)),
            kat_table=md_table(("instance", "variant", "build flags", "KAT",
                                "2_12", "2_23", "2_33", "Loop"), self.kat_rows(fam)),
            kat_files=(fill("kat_files", table=md_table(
                ("instance", "variant", "file", "status", "canonical SHA-256",
                 "expected"), kat_files)) if kat_files else ""),
            ratio_column=self.baseline_column(), basis=self.basis_words(),
            cpu_basis_reason=("; CPU-time figures are used because the cycles come "
                              "from the TSC and include time the thread was "
                              "descheduled" if self.cpu_basis else ""),
            best_call=fill("best_call") if with_best else "",
            cpu_time=fill("cpu_time") if with_cpu else "",
            performance_table=self.performance_table(measured, with_cpu, with_best),
            plot=plot_name,
            resource_table=md_table(
                ("instance", "variant", "operation", "static: ELF image (bytes)",
                 "baseline RSS", "peak RSS", "stack (bytes)", "heap (bytes)"),
                [[code(m.instance), m.variant, "hash_%d" % m.bytes]
                 + self.resource_cells(m) for m in measured]),
            evidence_table=md_table(("instance", "variant", "item", "file"),
                                    self.evidence_rows(fam)),
        ) + "\n"

    def variant_text(self, fam, var):
        """'optimized (opt, -O3 -march=x86-64-v3; code path avx2)'."""
        modules = [self.bench.module(inst, var) for inst in fam.instances]
        paths = []
        for mod in modules:
            p = mod.get("code_path")
            if isinstance(p, str) and p and p not in paths:
                paths.append(p)
        name, flags = implementation(var, modules)
        details = ["%s, %s" % (var, flags) if flags else var]
        if paths:
            details.append("code path " + ", ".join(paths))
        return "%s (%s)" % (name, "; ".join(details))

    def arch(self):
        machine = ctx_text(self.records.environment, "architecture")
        if machine is None:
            kernel = ctx_text(self.bench.context, "kernel", default="")
            machine = kernel.split()[-1] if kernel.split() else "x86_64"
        return {"x86_64": "x86-64", "amd64": "x86-64",
                "aarch64": "AArch64", "arm64": "AArch64"}.get(machine, machine)

    def flags(self, inst, var):
        """The build flags cell: the run's compile line for the variant
        (context flags_<variant>), else the module's own flags."""
        f = ctx_text(self.bench.context, "flags_" + var, "cxx_flags_" + var)
        if f is not None:
            return code(f)
        _name, flags = implementation(var, [self.bench.module(inst, var)])
        return "%s (%s)" % (var, flags) if flags else var

    def kat_rows(self, fam):
        rows = []
        for inst in fam.instances:
            for var in self.bench.variants(inst):
                km = self.kat_module(inst, var)
                rows.append([code(inst), var, self.flags(inst, var), self.kat_cell(inst, var)]
                            + [km.status(kind) if km else "not run" for kind in KAT_KINDS])
        return rows

    def kat_file_rows(self, fam):
        rows = []
        for inst in fam.instances:
            for var in self.bench.variants(inst):
                km = self.kat_module(inst, var)
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

    def performance_table(self, measured, with_cpu, with_best):
        header = ["instance", "variant", "message", "mean cycles", "cycles/byte",
                  "mean time", "MB/s", "n", self.baseline_column()]
        if with_cpu:
            header.append("cycles/byte (CPU time)")
        if with_best:
            header += ["cycles/byte (best call)", "relative (best call)"]
        rows = []
        for m in measured:
            cells = [code(m.instance), m.variant, size_label(m.bytes)] \
                + self.perf_cells(m) + [self.ratio_text(m)]
            if with_cpu:
                cells.append(_optional(m.cpu_cpb, fmt_one_decimal))
            if with_best:
                cells += [_optional(m.best_cpb, fmt_one_decimal), self.best_ratio_text(m)]
            rows.append(cells)
        return md_table(header, rows)

    def perf_cells(self, m):
        if not m.ok:
            why = "; ".join(m.errors) if m.errors else "no timed calls"
            return ["error: %s" % why.replace("|", "/")] + ["–"] * 4
        return [fmt_cycles(m.mean_cycles), fmt_one_decimal(m.cpb),
                fmt_time(m.mean_seconds), fmt_mbs(m.mb_per_s),
                fmt_calls(m.calls, m.trials)]

    def resource_cells(self, m):
        return [_optional(m.static_bytes, fmt_int), _optional(m.baseline_rss, fmt_kib),
                _optional(m.peak_rss, fmt_kib), _optional(m.stack_bytes, fmt_int),
                _optional(m.heap_bytes, fmt_int)]

    def evidence_rows(self, fam):
        rows = [["–", "–", "benchmark run (sha256 %s…)" % code(self.bench.sha256[:16]),
                 "`bench.json`"]]
        if self.kat:
            rows.append(["–", "–", "KAT run (sha256 %s…)" % code(self.kat.sha256[:16]),
                         "`kat.json`"])
        for inst in fam.instances:
            for var in self.bench.variants(inst):
                km = self.kat_module(inst, var)
                mod = self.bench.module(inst, var)
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

    # -- the summary -----------------------------------------------------------

    def summary(self, families):
        b = self.bench
        fam_of = {i: f for f in families for i in f.instances}
        with_best = any(m.best_cpb is not None for m in b.measurements.values())
        absent = [i for i in all_parameter_sets() if i not in b.order]
        skipped = skipped_modules(ctx_text(b.context, "skipped_modules", default=""))
        not_pass = [(i, v) for f in families for i in f.instances
                    for v in b.variants(i) if self.kat_cell(i, v) != "PASS"]
        return fill(
            "summary",
            system=self.system, basis=self.basis_words(),
            ranked_sizes=" and ".join(size_label(s) for s in RANKED_SIZES),
            baseline=self.baseline_words(),
            reports=", ".join("[%s](%s.md)" % (f.stem, f.stem) for f in families),
            best_call=fill("best_call") if with_best else "",
            rankings="\n\n".join(
                fill("ranking", size=size_label(size),
                     table=self.ranking_table(size, fam_of, with_best))
                for size in RANKED_SIZES),
            not_measured=("Parameter sets not measured in this run: %s."
                          % ", ".join(absent) if absent else ""),
            skipped="\n\n".join("Skipped by the bench (%s): %s." % (reason, ", ".join(names))
                                 for reason, names in skipped),
            kat_not_pass=("KAT not PASS (see the candidate report §3): %s."
                          % ", ".join("%s/%s (%s)" % (i, v, self.kat_cell(i, v))
                                      for i, v in not_pass) if not_pass else ""),
        ) + "\n"

    def ranking_table(self, size, fam_of, with_best):
        """Candidate instances and baselines at one size, fastest first."""
        b = self.bench
        entries = []
        for inst in b.order:
            for var in b.variants(inst):
                m = b.get(inst, var, size)
                if m is None or not m.ok:
                    continue
                if inst in fam_of:
                    who, kat = fam_of[inst].id, self.kat_cell(inst, var)
                elif var in BASELINE_VARIANTS:
                    who, kat = "baseline", "–"
                else:
                    continue
                entries.append((self.basis(m), inst, var, who, kat, m))
        if not entries:
            return "No measurement at this size."
        entries.sort(key=lambda e: (e[0], e[1], e[2]))
        rows = []
        for rank, (_key, inst, var, who, kat, m) in enumerate(entries, 1):
            cells = [str(rank), code(inst), var, who, fmt_one_decimal(m.cpb)]
            if self.cpu_basis:
                cells.append(fmt_one_decimal(m.cpu_cpb))
            cells += [fmt_mbs(m.mb_per_s), self.ratio_text(m)]
            if with_best:
                cells += [_optional(m.best_cpb, fmt_one_decimal), self.best_ratio_text(m)]
            rows.append(cells + [kat])
        header = ["rank", "instance", "variant", "candidate", "cycles/byte"]
        if self.cpu_basis:
            header.append("cycles/byte (CPU time)")
        header += ["MB/s", "relative"]
        if with_best:
            header += ["cycles/byte (best call)", "relative (best call)"]
        return md_table(header + ["KAT"], rows)
