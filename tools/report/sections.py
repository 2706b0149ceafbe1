"""The candidate reports: each section's published table first, in the
columns and number formats of the published x86 reports, one row per
(instance, variant) with the variant in the instance cell
('`CHIME-512` (opt)'); our additions after it in titled tables. The prose
is in templates/; this module fills in the tables."""

from report.bench import skipped_entries
from report.candidates import implementation
from report.environment import architecture, emulated, published_rows, record_rows
from report.formats import (fmt_calls, fmt_cycles, fmt_int, fmt_kib, fmt_mbs,
                            fmt_one_decimal, fmt_time, size_label)
from report.inputs import ctx_text
from report.kat import KAT_KINDS
from report.markdown import code, fill, md_table

FLAG = " ⚠"   # the core-clock probes around the row disagree (SCHEMA 2)


def _optional(value, fmt):
    return "–" if value is None else fmt(value)


def instance_cell(instance, variant):
    return "%s (%s)" % (code(instance), variant)


def _titled(title, body):
    return "### %s\n\n%s" % (title, body) if body else ""


class Report:
    """The reports of one campaign against one Comparison."""

    def __init__(self, bench, kat, records, comparison, system, ct=None, method_link="../../../docs/method.md"):
        self.bench = bench
        self.method_link = method_link  # docs/method.md as a link from where the pages are written
        self.kat = kat
        self.ct = ct  # ct.json, where the campaign has one
        self.records = records
        self.cmp = comparison
        self.system = system
        self.sizes = bench.sizes()

    # -- lookups ---------------------------------------------------------------

    def rows(self, fam):
        """(instance, variant) of the family's report, in its order."""
        return [(i, v) for i in fam.instances for v in self.bench.variants(i)]

    def kat_rows(self, fam):
        """rows(fam), then the family's other modules that the KAT run checked
        or the bench skipped: every library appears in §3, measured or not."""
        rows = self.rows(fam)
        shown = {id(self.kat_module(i, v)) for i, v in rows}
        others = [(km.instance, km.variant) for km in self.kat.modules.values()
                  if id(km) not in shown] if self.kat else []
        others += [tuple(key.split("/", 1)) for key, _why in self.bench_skipped()]
        for row in others:
            if row[0] in fam.instances and row not in rows:
                rows.append(row)
        return rows

    def bench_skipped(self):
        """[(instance/variant, why)] of the modules the bench did not measure."""
        return skipped_entries(ctx_text(self.bench.context, "skipped_modules", default=""))

    def measured(self, fam):
        """Every measurement of the family: instance, variant, size order."""
        b = self.bench
        return [m for i, v in self.rows(fam)
                for m in (b.get(i, v, z) for z in self.sizes) if m]

    def kat_module(self, inst, var):
        if not self.kat:
            return None
        return self.kat.find(inst, var, self.bench.module(inst, var).get("sha256") or "")

    def kat_cell(self, inst, var):
        km = self.kat_module(inst, var)
        if km:
            return km.overall()
        why = dict(self.bench_skipped()).get("%s/%s" % (inst, var))
        return "not run (not measured either: %s)" % why if why else "not run"

    def flags(self, inst, var):
        """The module's exact compile line (schema 2 `build_flags`; schema 1:
        the run's flags_<variant>); a submitted library's with the flag set
        the submission builder used ('guide: `-std=c99 …`')."""
        mod = self.bench.module(inst, var)
        flags = mod.get("build_flags") or ctx_text(self.bench.context, "flags_" + var)
        if not flags:
            _name, flags = implementation(var, [mod])
        text = code(flags) if flags else "not recorded"
        if mod.get("flags_source"):
            text = "%s: %s" % (mod["flags_source"], text)
        return text

    def arch(self):
        return architecture(self.bench, self.records)

    # -- §1 --------------------------------------------------------------------

    def implementations(self, fam):
        """'ref (portable), opt (avx2), submitted-ref (submitted)'."""
        variants = []
        for _i, v in self.rows(fam):
            if v not in variants:
                variants.append(v)
        out = []
        for var in variants:
            modules = [self.bench.module(i, var) for i in fam.instances]
            name, _flags = implementation(var, modules)
            paths = sorted({m["code_path"] for m in modules
                            if isinstance(m.get("code_path"), str) and m["code_path"]}
                           - {name})
            details = [name] + ["code path %s" % ", ".join(paths)] if paths else [name]
            out.append("%s (%s)" % (var, ", ".join(details)))
        return ", ".join(out)

    def basic_information(self, fam):
        tests = "ctest label `findings`"
        if fam.directory:
            tests += " in `hashes/%s/tests/`" % fam.directory
        if fam.implemented:
            security = ("not assessed by this measurement; the published findings on "
                        "%s are reproduced as tests (%s)" % (fam.id, tests))
        else:
            security = ("not assessed by this measurement; the suite has no implementation "
                        "of its own of %s (declared only, `hashes/%s/candidate.json`), so no "
                        "findings are reproduced and every row is a submitted library"
                        % (fam.id, fam.directory))
        return dict(
            title=fam.title,
            implementations=self.implementations(fam),
            parameter_sets=", ".join(fam.instances),
            security=security,
            method="[docs/method.md](%s) in this repository; " % self.method_link +
                   "where it departs from the published x86_1 method is stated there",
            submission="NICCS page of %s (not linked: the run records no address)"
                       % fam.id,
            not_measured=("Not measured in this run: %s." % ", ".join(fam.missing)
                          if fam.missing else ""),
            baseline=("Relative figures compare with %s, %s measured in "
                      "the same run." % (self.cmp.baseline_words(), self.cmp.provenance())
                      if self.cmp.active else self.cmp.absent()),
        )

    # -- §2 --------------------------------------------------------------------

    def environment(self):
        return dict(
            environment_table=md_table(("item", "value"),
                                       published_rows(self.bench, self.records)),
            record_table=md_table(("item", "value"), record_rows(self.bench, self.kat, self.records)),
        )

    # -- §3 --------------------------------------------------------------------

    def kat_table(self, fam):
        return md_table(("instance", "build flags", "KAT"),
                        [[instance_cell(i, v), self.flags(i, v), self.kat_cell(i, v)]
                         for i, v in self.kat_rows(fam)])

    def kat_files_table(self, fam):
        rows = []
        for inst, var in self.kat_rows(fam):
            km = self.kat_module(inst, var)
            if km is None or km.skipped:
                rows.append([instance_cell(inst, var), "–", km.overall() if km else "not run", "–", "–"])
                continue
            for kind in KAT_KINDS:
                f = km.files.get(kind)
                if f is None:
                    rows.append([instance_cell(inst, var), "KAT_%s" % kind,
                                 "not run", "–", "–"])
                    continue
                status = f["status"] + (" (%s)" % f["reason"] if f["reason"] else "")
                expected = ("–" if not f["expected"] or f["expected"] == f["canonical"]
                            else code(f["expected"]))
                rows.append([instance_cell(inst, var),
                             code(f["file"]) if f["file"] else "KAT_%s" % kind, status,
                             code(f["canonical"]) if f["canonical"] else "–", expected])
        return md_table(("instance", "file", "status", "canonical SHA-256",
                         "manifest (where it differs)"), rows)

    def ct_section(self, fam):
        """The constant-time check of every library in §3, where ct.json exists."""
        if not self.ct:
            return ""
        rows = []
        for inst, var in self.kat_rows(fam):
            sha = self.bench.module(inst, var).get("sha256") or ""
            entry = self.ct.find(inst, var, sha)
            rows.append([instance_cell(inst, var), entry.verdict() if entry else "not run"])
        return ("\n\n### Constant-time check\n\n"
                "Each library ran under valgrind memcheck with the message bytes marked undefined "
                "(`tools/ngcc ct`, `ct.json` of %s): every branch or memory index that depends on the "
                "message is a site, named by its source line or, in a library without debug "
                "information, its function. The avx512 code is checked against SIMDe in the "
                "emulated build (valgrind runs no AVX-512 instructions).\n\n%s"
                % (self.ct.date, md_table(("instance", "constant-time check"), rows)))

    # -- §4 --------------------------------------------------------------------

    def unit_words(self):
        """What the `mean cycles` column counts."""
        b = self.bench
        source = ctx_text(b.context, "cycle_source", default="")
        if b.core_unit and b.core_estimated:
            return ("mean cycles are core cycles, estimated from TSC ticks × the "
                    "core/TSC ratio of the clock probes taken around each row "
                    "(the TSC ticks are in *Further cycle figures*)")
        if b.core_unit or source.startswith("perf"):
            return "mean cycles are core cycles counted by `perf_event_open` (user mode)"
        tsc = ctx_text(b.context, "tsc_ghz")
        return ("mean cycles are TSC ticks%s, not core cycles (this bench.json "
                "has no core-cycle figure): wall-clock reference cycles, which "
                "include time the thread was descheduled"
                % (" at %s GHz" % tsc if tsc else ""))

    def performance_table(self, measured):
        rows = []
        for m in measured:
            rows.append([instance_cell(m.instance, m.variant), size_label(m.bytes)]
                        + self.perf_cells(m))
        return md_table(("instance", "message", "mean cycles", "cycles/byte",
                         "mean time", "MB/s", "n"), rows)

    def perf_cells(self, m):
        if not m.ok:
            why = "; ".join(m.errors) if m.errors else "no timed calls"
            return ["error: %s" % why.replace("|", "/")] + ["–"] * 4
        return [fmt_cycles(m.mean_cycles) + (FLAG if m.clock_flagged else ""),
                fmt_one_decimal(m.cpb), fmt_time(m.mean_seconds), fmt_mbs(m.mb_per_s),
                fmt_calls(m.calls, m.trials)]

    def relative_section(self, measured):
        c = self.cmp
        if not c.active:
            return c.absent()
        with_best = any(c.ratio(m, best=True) for m in measured)
        header = ["instance", "message"]
        if c.per_instance:
            header.append("baseline")
        header.append(c.column())
        if with_best:
            header.append(c.column(best=True))
        header.append("repetitions (row / baseline)")
        rows = []
        for m in measured:
            cells = [instance_cell(m.instance, m.variant), size_label(m.bytes)]
            if c.per_instance:
                name = c.baseline_of(m)
                cells.append(code(name.rpartition("/")[0]) if name else "–")
            cells.append(c.cell(m))
            if with_best:
                cells.append(c.cell(m, best=True))
            base = c.baseline_measurement(m)
            cells.append("%d / %s" % (len(m.reps), len(base.reps) if base else "–"))
            rows.append(cells)
        text = c.explanation()
        if with_best:
            text += (" The best-call column compares each repetition's fastest "
                     "sampled call the same way.")
        return "%s\n\n%s" % (text, md_table(header, rows))

    def cycle_figures(self, measured):
        """Best call, CPU time, TSC ticks, core/TSC: the columns this run has."""
        b = self.bench
        tsc = b.core_unit and ctx_text(b.context, "cycle_source") == "tsc"
        columns = []
        if any(m.best_cpb is not None for m in measured):
            columns.append(("cycles/byte (best call)",
                            lambda m: _optional(m.best_cpb, fmt_one_decimal),
                            "the fastest call sampled through the timed loops "
                            "(`cycles_min`) per byte"))
        if any(m.cpu_cpb is not None for m in measured):
            columns.append(("cycles/byte (CPU time)",
                            lambda m: _optional(m.cpu_cpb, fmt_one_decimal),
                            "the thread's CPU time × the TSC rate%s per byte: the "
                            "cycles the thread really ran, not a hardware count"
                            % (" × core/TSC" if b.core_unit else "")))
        if tsc:
            columns.append(("mean TSC ticks",
                            lambda m: _optional(m.mean("source"), fmt_cycles),
                            "the TSC readings the core cycles were estimated from"))
            columns.append(("TSC ticks/byte",
                            lambda m: _optional(m.mean("source"),
                                                lambda v: fmt_one_decimal(v / m.bytes)),
                            "the same per byte"))
        if any(m.core_per_tsc for m in measured):
            columns.append(("core/TSC", self.core_per_tsc_cell,
                            "the probe ratio used for the row (median over its "
                            "repetitions; ⚠: the probes before and after it "
                            "disagree by more than the limit)"))
        if not columns:
            return ""
        rows = [[instance_cell(m.instance, m.variant), size_label(m.bytes)]
                + [(fn(m) if m.ok else "–") for _t, fn, _w in columns] for m in measured]
        text = "; ".join("`%s`: %s" % (title, words) for title, _fn, words in columns)
        return "%s.\n\n%s" % (text, md_table(["instance", "message"]
                                             + [t for t, _f, _w in columns], rows))

    @staticmethod
    def core_per_tsc_cell(m):
        ratios = sorted(m.core_per_tsc)
        if not ratios:
            return "–"
        return "%.3f%s" % (ratios[len(ratios) // 2], FLAG if m.clock_flagged else "")

    def performance(self, fam, plot_name):
        measured = self.measured(fam)
        flagged = any(m.clock_flagged for m in measured)
        return dict(
            unit=self.unit_words(),
            performance_table=self.performance_table(measured),
            clock_note=("⚠ after mean cycles: the core-clock probes before and after "
                        "that row disagree by more than the limit (measurement record), so its "
                        "core-cycle estimate is uncertain." if flagged else ""),
            relative=_titled("Relative to the same-run baseline",
                             self.relative_section(measured)),
            cycle_figures=_titled("Further cycle figures", self.cycle_figures(measured)),
            plot=("![cycles/byte against message size](%s)" % plot_name
                  if plot_name else ""),
        )

    # -- §5 --------------------------------------------------------------------

    def resources(self, fam):
        measured = self.measured(fam)
        published = md_table(
            ("instance", "operation", "static: ELF image (bytes)", "baseline RSS",
             "peak RSS"),
            [[instance_cell(m.instance, m.variant), "hash_%d" % m.bytes,
              _optional(m.static_bytes, fmt_int), _optional(m.baseline_rss, fmt_kib),
              _optional(m.peak_rss, fmt_kib)] for m in measured])
        isolated = ""
        if any(m.stack_bytes is not None or m.heap_bytes is not None for m in measured):
            isolated = ("The algorithm's own high-water marks for one call, after one "
                        "warm-up call: painted stack bytes overwritten (minus an empty "
                        "call's) and the peak of live heap bytes requested.\n\n"
                        + md_table(("instance", "operation", "stack (bytes)",
                                    "heap (bytes)"),
                                   [[instance_cell(m.instance, m.variant),
                                     "hash_%d" % m.bytes,
                                     _optional(m.stack_bytes, fmt_int),
                                     _optional(m.heap_bytes, fmt_int)] for m in measured]))
        return dict(resource_table=published,
                    isolated=_titled("Isolated memory of one call", isolated))

    # -- §7 --------------------------------------------------------------------

    def evidence(self, fam):
        rows = []
        for inst, var in self.rows(fam):
            cell = instance_cell(inst, var)
            mod = self.bench.module(inst, var)
            sha = mod.get("sha256") or ""
            km = self.kat_module(inst, var)
            if km is not None:
                item = "KAT %s, %d files" % (km.overall(), len(km.files))
                if km.sha256:
                    item += " (module sha256 %s…)" % code(km.sha256[:16])
                if km.sha256 and sha and km.sha256 != sha:
                    item += "; the bench measured another build (sha256 %s…)" \
                            % code(sha[:16])
                rows.append([cell, item, "`kat.json`"])
            elif sha:
                rows.append([cell, "module %s (sha256 %s…)"
                             % (code(mod.get("module") or inst), code(sha[:16])),
                             "`bench.json` context `ngcc_modules`"])
            for size in self.sizes:
                m = self.bench.get(inst, var, size)
                if m is None:
                    continue
                rec = self.records.get((inst, var, size))
                target = code(rec) if rec else "`bench.json` %s" % code(m.names[0])
                rows.append([cell, "timing hash_%d" % size, target])
        return dict(
            bench_sha=code(self.bench.sha256[:16]) + "…",
            kat_files=("`kat.json` (sha256 %s…) every KAT file's canonical SHA-256 and "
                       "manifest entry" % code(self.kat.sha256[:16]) if self.kat
                       else "no `kat.json`: no KAT run belongs to this campaign"),
            evidence_table=md_table(("instance", "item", "file"), rows),
        )

    # -- the report --------------------------------------------------------------

    def candidate(self, fam, plot_name):
        values = dict(system=self.system, id=fam.id, arch=self.arch(), emulated=emulated(self.bench))
        for part in (self.basic_information(fam), self.environment(),
                     self.performance(fam, plot_name), self.resources(fam),
                     self.evidence(fam)):
            values.update(part)
        values.update(kat_table=self.kat_table(fam),
                      kat_files_table=self.kat_files_table(fam),
                      ct_section=self.ct_section(fam),
                      modules=self.modules_list(fam) if fam.external else "")
        return fill("external" if fam.external else "candidate", **values) + "\n"

    def modules_list(self, fam):
        """An external library's modules, one line each."""
        lines = []
        for inst, var in self.rows(fam):
            mod = self.bench.module(inst, var)
            text = "- %s: %s" % (instance_cell(inst, var),
                                 code(mod.get("module") or inst))
            if mod.get("path"):
                text += " (%s)" % code(mod["path"])
            if mod.get("digest_bits") is not None:
                text += ", `digest_len_bits` %s" % ctx_text(mod, "digest_bits")
            if mod.get("sha256"):
                text += ", sha256 %s" % code(mod["sha256"])
            lines.append(text)
        return "\n".join(lines)
