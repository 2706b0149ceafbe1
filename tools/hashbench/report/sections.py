"""The candidate reports as model pages (model.py): each section's published
table first, in the columns and number formats of the published x86
reports, one row per (instance, variant) with the variant in the instance
cell ('`CHIME-512` (opt)'); our additions after it in titled tables. An
external library's report has the same figures in a free layout."""

from hashbench.report.bench import skipped_entries
from hashbench.report.candidates import declaration_dir, implementation_name
from hashbench.report.environment import architecture, emulated, published_rows, record_rows
from hashbench.report.formats import (fmt_calls, fmt_cycles, fmt_int, fmt_kib, fmt_mbs,
                            fmt_one_decimal, fmt_time, size_label)
from hashbench.report.figures import family_figure
from hashbench.report.inputs import ctx_text
from hashbench.report.kat import KAT_KINDS
from hashbench.report.model import (BulletList, Code, Column, Emphasis, Heading, Link, cell, inline, join,
                          page, paragraph, table)

FLAG = " ⚠"   # the core-clock probes around the row disagree (SCHEMA 2)
NONE = "–"    # no figure


def _optional(value, fmt):
    return cell(NONE, value=None) if value is None else cell(fmt(value), value=value)


def instance_cell(instance, variant):
    return cell(Code(instance), " (%s)" % variant, value="%s (%s)" % (instance, variant))


def size_cell(nbytes):
    return cell(size_label(nbytes), value=nbytes)


def operation_cell(nbytes):
    return cell("hash_%d" % nbytes, value=nbytes)


def _titled(title, blocks):
    """A '###' section of blocks, or nothing when there are none."""
    return [Heading(3, title)] + blocks if blocks else []


INSTANCE = Column("instance", "instance")
MESSAGE = Column("message", "message", "right")
OPERATION = Column("operation", "operation", "right")
ITEM_VALUE = (Column("item", "item"), Column("value", "value"))


class Report:
    """The reports of one campaign against one Comparison."""

    def __init__(self, bench, kat, records, comparison, system, ct=None,
                 method_link="../../../docs/method.md", plots=True):
        self.bench = bench
        self.method_link = method_link  # docs/method.md as a link from where the pages are written
        self.kat = kat
        self.ct = ct  # ct.json, where the campaign has one
        self.records = records
        self.cmp = comparison
        self.system = system
        self.plots = plots  # whether the pages show their plots
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

    def ct_entry(self, inst, var):
        """The library's ct.json verdict, or None (no ct.json, or no record)."""
        if not self.ct:
            return None
        return self.ct.find(inst, var, self.bench.module(inst, var).get("sha256") or "")

    def flags(self, inst, var):
        """The module's exact compile line (`build_flags`); a submitted
        library's with the flag set the submission builder used
        ('guide: `-std=c99 …`')."""
        mod = self.bench.module(inst, var)
        flags = mod.get("build_flags")
        text = inline(Code(flags)) if flags else inline("not recorded")
        if mod.get("flags_source"):
            text = inline("%s: " % mod["flags_source"], text)
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
            name = implementation_name(var, modules)
            paths = sorted({m["code_path"] for m in modules
                            if isinstance(m.get("code_path"), str) and m["code_path"]}
                           - {name})
            details = [name] + ["code path %s" % ", ".join(paths)] if paths else [name]
            out.append("%s (%s)" % (var, ", ".join(details)))
        return ", ".join(out)

    def security(self, fam):
        tests = inline("ctest label ", Code("findings"),
                       (" in ", Code("hashes/%s/tests/" % fam.directory)) if fam.directory else "")
        if fam.implemented:
            return inline("not assessed by this measurement; the published findings on "
                          "%s are reproduced as tests (" % fam.id, tests, ")")
        return inline("not assessed by this measurement; the suite has no implementation "
                      "of its own of %s (declared only, " % fam.id,
                      Code("%s/candidate.json" % declaration_dir(fam.id)),
                      "), so no findings are reproduced and every row is a submitted library")

    def basic_information(self, fam):
        return [
            Heading(2, "1. Basic information"),
            BulletList((
                inline("Category: cryptographic hash algorithm; function: hash"),
                inline("Algorithm: ", fam.title),
                inline("Implementation versions measured: ", self.implementations(fam)),
                inline("Parameter sets: ", ", ".join(fam.instances)),
                inline("Security evaluation: ", self.security(fam)),
                inline("Measurement method: ", Link(self.method_link, inline("docs/method.md")),
                       " in this repository; where it departs from the published x86_1 method "
                       "is stated there"),
                inline("Submission: NICCS page of %s (not linked: the run records no address)" % fam.id),
            )),
            paragraph("Not measured in this run: %s." % ", ".join(fam.missing) if fam.missing else ""),
            self.baseline_sentence(),
        ]

    def baseline_sentence(self):
        if not self.cmp.active:
            return paragraph(self.cmp.absent())
        return paragraph("Relative figures compare with ", self.cmp.baseline_words(),
                         ", %s measured in the same run." % self.cmp.provenance())

    # -- §2 --------------------------------------------------------------------

    def environment(self, title, record_title):
        return [
            Heading(2, title),
            table(ITEM_VALUE, published_rows(self.bench, self.records)),
            Heading(3, record_title),
            table(ITEM_VALUE, record_rows(self.bench, self.kat, self.records)),
        ]

    # -- §3 --------------------------------------------------------------------

    def kat_table(self, fam):
        return table((INSTANCE, Column("flags", "build flags"), Column("kat", "KAT")),
                     [[instance_cell(i, v), cell(self.flags(i, v)), cell(self.kat_cell(i, v))]
                      for i, v in self.kat_rows(fam)])

    def kat_files_table(self, fam):
        rows = []
        for inst, var in self.kat_rows(fam):
            km = self.kat_module(inst, var)
            if km is None or km.skipped:
                rows.append([instance_cell(inst, var), NONE, km.overall() if km else "not run", NONE, NONE])
                continue
            for kind in KAT_KINDS:
                f = km.files.get(kind)
                if f is None:
                    rows.append([instance_cell(inst, var), "KAT_%s" % kind, "not run", NONE, NONE])
                    continue
                status = f["status"] + (" (%s)" % f["reason"] if f["reason"] else "")
                expected = (NONE if not f["expected"] or f["expected"] == f["canonical"]
                            else inline(Code(f["expected"])))
                rows.append([instance_cell(inst, var),
                             inline(Code(f["file"])) if f["file"] else "KAT_%s" % kind, status,
                             inline(Code(f["canonical"])) if f["canonical"] else NONE, expected])
        return table((INSTANCE, Column("file", "file"), Column("status", "status"),
                      Column("canonical", "canonical SHA-256"),
                      Column("manifest", "manifest (where it differs)")), rows)

    def ct_section(self, fam):
        """The constant-time check of every library in §3, where ct.json exists."""
        if not self.ct:
            return []
        rows = []
        for inst, var in self.kat_rows(fam):
            entry = self.ct_entry(inst, var)
            rows.append([instance_cell(inst, var), entry.verdict() if entry else "not run"])
        return [
            Heading(3, "Constant-time check"),
            paragraph("Each library ran under valgrind memcheck with the message bytes marked undefined (",
                      Code("tools/ngcc ct"), ", ", Code("ct.json"), " of %s): every branch or memory "
                      "index that depends on the message is a site, named by its source line or, in a "
                      "library without debug information, its function. The avx512 code is checked "
                      "against SIMDe in the emulated build (valgrind runs no AVX-512 instructions)."
                      % self.ct.date),
            table((INSTANCE, Column("ct", "constant-time check")), rows),
        ]

    # -- §4 --------------------------------------------------------------------

    def unit_words(self):
        """What the `mean cycles` column counts."""
        b = self.bench
        source = ctx_text(b.context, "cycle_source", default="")
        if b.core_unit and b.core_estimated:
            return inline("mean cycles are core cycles, estimated from TSC ticks × the "
                          "core/TSC ratio of the clock probes taken around each row "
                          "(the TSC ticks are in ", Emphasis(inline("Further cycle figures")), ")")
        if b.core_unit or source.startswith("perf"):
            return inline("mean cycles are core cycles counted by ", Code("perf_event_open"), " (user mode)")
        tsc = ctx_text(b.context, "tsc_ghz")
        return inline("mean cycles are TSC ticks%s, not core cycles (this bench.json "
                      "has no core-cycle figure): wall-clock reference cycles, which "
                      "include time the thread was descheduled"
                      % (" at %s GHz" % tsc if tsc else ""))

    def performance_table(self, measured):
        return table((INSTANCE, MESSAGE, Column("mean_cycles", "mean cycles", "right", "lower"),
                      Column("cpb", "cycles/byte", "right", "lower"),
                      Column("mean_time", "mean time", "right", "lower"),
                      Column("mbs", "MB/s", "right", "higher"), Column("n", "n", "right")),
                     [[instance_cell(m.instance, m.variant), size_cell(m.bytes)] + self.perf_cells(m)
                      for m in measured])

    def perf_cells(self, m):
        if not m.ok:
            why = "; ".join(m.errors) if m.errors else "no timed calls"
            return [cell("error: %s" % why, value=None)] + [cell(NONE, value=None)] * 4
        return [cell(fmt_cycles(m.mean_cycles) + (FLAG if m.clock_flagged else ""), value=m.mean_cycles),
                cell(fmt_one_decimal(m.cpb), value=m.cpb),
                cell(fmt_time(m.mean_seconds), value=m.mean_seconds),
                cell(fmt_mbs(m.mb_per_s), value=m.mb_per_s),
                cell(fmt_calls(m.calls, m.trials), value=m.calls)]

    def relative_section(self, measured):
        c = self.cmp
        if not c.active:
            return [paragraph(c.absent())]
        with_best = any(c.ratio(m, best=True) for m in measured)
        columns = [INSTANCE, MESSAGE]
        if c.per_instance:
            columns.append(Column("baseline", "baseline"))
        columns.append(Column("relative", c.column(), "right", "lower"))
        if with_best:
            columns.append(Column("relative_best", c.column(best=True), "right", "lower"))
        columns.append(Column("repetitions", "repetitions (row / baseline)", "right"))
        rows = []
        for m in measured:
            cells = [instance_cell(m.instance, m.variant), size_cell(m.bytes)]
            if c.per_instance:
                name = c.baseline_of(m)
                cells.append(cell(Code(name.rpartition("/")[0])) if name else cell(NONE, value=None))
            cells.append(c.cell(m))
            if with_best:
                cells.append(c.cell(m, best=True))
            base = c.baseline_measurement(m)
            cells.append(cell("%d / %s" % (len(m.reps), len(base.reps) if base else NONE), value=len(m.reps)))
            rows.append(cells)
        return [paragraph(c.explanation(),
                          " The best-call column compares each repetition's fastest "
                          "sampled call the same way." if with_best else ""),
                table(columns, rows)]

    def cycle_figures(self, measured):
        """Best call, CPU time, TSC ticks, core/TSC: the columns this run has,
        each (column, its cell of a measurement, what it is)."""
        b = self.bench
        tsc = b.core_unit and ctx_text(b.context, "cycle_source") == "tsc"
        columns = []
        if any(m.best_cpb is not None for m in measured):
            columns.append((Column("best_cpb", "cycles/byte (best call)", "right", "lower"),
                            lambda m: _optional(m.best_cpb, fmt_one_decimal),
                            inline("the fastest call sampled through the timed loops (",
                                   Code("cycles_min"), ") per byte")))
        if any(m.cpu_cpb is not None for m in measured):
            columns.append((Column("cpu_cpb", "cycles/byte (CPU time)", "right", "lower"),
                            lambda m: _optional(m.cpu_cpb, fmt_one_decimal),
                            inline("the thread's CPU time × the TSC rate%s per byte: the "
                                   "cycles the thread really ran, not a hardware count"
                                   % (" × core/TSC" if b.core_unit else ""))))
        if tsc:
            columns.append((Column("tsc", "mean TSC ticks", "right", "lower"),
                            lambda m: _optional(m.mean("source"), fmt_cycles),
                            inline("the TSC readings the core cycles were estimated from")))
            columns.append((Column("tsc_per_byte", "TSC ticks/byte", "right", "lower"),
                            lambda m: _optional(None if m.mean("source") is None else m.mean("source") / m.bytes,
                                                fmt_one_decimal),
                            inline("the same per byte")))
        if any(m.core_per_tsc for m in measured):
            columns.append((Column("core_per_tsc", "core/TSC", "right"), self.core_per_tsc_cell,
                            inline("the probe ratio used for the row (median over its "
                                   "repetitions; ⚠: the probes before and after it "
                                   "disagree by more than the limit)")))
        if not columns:
            return []
        rows = [[instance_cell(m.instance, m.variant), size_cell(m.bytes)]
                + [(fn(m) if m.ok else cell(NONE, value=None)) for _c, fn, _w in columns] for m in measured]
        words = join([inline(Code(column.header), ": ", what) for column, _fn, what in columns], "; ")
        return [paragraph(words, "."),
                table([INSTANCE, MESSAGE] + [column for column, _f, _w in columns], rows)]

    @staticmethod
    def core_per_tsc_cell(m):
        ratios = sorted(m.core_per_tsc)
        if not ratios:
            return cell(NONE, value=None)
        median = ratios[len(ratios) // 2]
        return cell("%.3f%s" % (median, FLAG if m.clock_flagged else ""), value=median)

    def plot(self, fam):
        """The family's Figure, where the pages show plots."""
        if not self.plots:
            return None
        ratio_baseline = self.cmp.baseline if not self.cmp.per_instance else None
        return family_figure(self.bench, fam, ratio_baseline, self.system, fam.stem + "-cpb")

    def performance(self, fam, title, words):
        measured = self.measured(fam)
        flagged = any(m.clock_flagged for m in measured)
        return [
            Heading(2, title),
            paragraph(words, "; ", self.unit_words(),
                      "; cycles/byte = mean cycles / message size; MB/s = message size / mean time / "
                      "10⁶; n = calls (repetitions × calls per repetition)."),
            self.performance_table(measured),
            paragraph("⚠ after mean cycles: the core-clock probes before and after "
                      "that row disagree by more than the limit (measurement record), so its "
                      "core-cycle estimate is uncertain." if flagged else ""),
            _titled("Relative to the same-run baseline", self.relative_section(measured)),
            _titled("Further cycle figures", self.cycle_figures(measured)),
            self.plot(fam),
        ]

    # -- §5 --------------------------------------------------------------------

    def resources(self, fam, title, words):
        measured = self.measured(fam)
        published = table(
            (INSTANCE, OPERATION, Column("static", "static: ELF image (bytes)", "right", "lower"),
             Column("baseline_rss", "baseline RSS", "right", "lower"),
             Column("peak_rss", "peak RSS", "right", "lower")),
            [[instance_cell(m.instance, m.variant), operation_cell(m.bytes),
              _optional(m.static_bytes, fmt_int), _optional(m.baseline_rss, fmt_kib),
              _optional(m.peak_rss, fmt_kib)] for m in measured])
        isolated = []
        if any(m.stack_bytes is not None or m.heap_bytes is not None for m in measured):
            isolated = [
                paragraph("The algorithm's own high-water marks for one call, after one "
                          "warm-up call: painted stack bytes overwritten (minus an empty "
                          "call's) and the peak of live heap bytes requested."),
                table((INSTANCE, OPERATION, Column("stack", "stack (bytes)", "right", "lower"),
                       Column("heap", "heap (bytes)", "right", "lower")),
                      [[instance_cell(m.instance, m.variant), operation_cell(m.bytes),
                        _optional(m.stack_bytes, fmt_int), _optional(m.heap_bytes, fmt_int)]
                       for m in measured])]
        return [Heading(2, title), paragraph(words), published,
                _titled("Isolated memory of one call", isolated)]

    # -- §7 --------------------------------------------------------------------

    def evidence_table(self, fam):
        rows = []
        for inst, var in self.rows(fam):
            mod = self.bench.module(inst, var)
            sha = mod.get("sha256") or ""
            km = self.kat_module(inst, var)
            if km is not None:
                item = inline("KAT %s, %d files" % (km.overall(), len(km.files)))
                if km.sha256:
                    item = inline(item, " (module sha256 ", Code(km.sha256[:16]), "…)")
                if km.sha256 and sha and km.sha256 != sha:
                    item = inline(item, "; the bench measured another build (sha256 ", Code(sha[:16]), "…)")
                rows.append([instance_cell(inst, var), item, inline(Code("kat.json"))])
            elif sha:
                rows.append([instance_cell(inst, var),
                             inline("module ", Code(mod.get("module") or inst), " (sha256 ", Code(sha[:16]), "…)"),
                             inline(Code("bench.json"), " context ", Code("ngcc_modules"))])
            for size in self.sizes:
                m = self.bench.get(inst, var, size)
                if m is None:
                    continue
                rec = self.records.get((inst, var, size))
                target = inline(Code(rec)) if rec else inline(Code("bench.json"), " ", Code(m.names[0]))
                rows.append([instance_cell(inst, var), "timing hash_%d" % size, target])
        return table((INSTANCE, Column("item", "item"), Column("file", "file")), rows)

    def bench_sha(self):
        return inline(Code("bench.json"), " (sha256 ", Code(self.bench.sha256[:16]), "…)")

    def kat_files(self):
        if not self.kat:
            return inline("no ", Code("kat.json"), ": no KAT run belongs to this campaign")
        return inline(Code("kat.json"), " (sha256 ", Code(self.kat.sha256[:16]), "…) every KAT file's "
                      "canonical SHA-256 and manifest entry")

    # -- the pages ---------------------------------------------------------------

    def breadcrumb(self, fam):
        return paragraph("Performance measurements › %s › %s · system: %s" % (self.system, fam.id, self.system))

    def candidate(self, fam):
        """The report page of a candidate, or of an external library."""
        if fam.external:
            return self.external(fam)
        title = "%s %s — performance on %s (system %s)" % (fam.id, fam.title, self.arch(), self.system)
        return page(
            fam.stem, title,
            self.breadcrumb(fam),
            Heading(1, title),
            paragraph(emulated(self.bench)),
            paragraph("Measurement with ngcc-hashbench following the structure of the NICCS x86 "
                      "self-assessment guide, §3.5 (1)–(7). Not a submitter self-assessment. Generated by ",
                      Code("tools/ngcc report"), " from ", Code("bench.json"), " and ", Code("kat.json"),
                      ". Each section gives the published table first; our additions follow it in titled "
                      "tables (docs/reports.md)."),
            self.basic_information(fam),
            self.environment("2. Assessment environment", "Measurement record"),
            Heading(2, "3. Functional testing (KAT)"),
            paragraph("Each module was checked with ", Code("ngcc-kat"), " against the submitted KAT "
                      "vectors (SHA-256 manifest ", Code("%s/kat.sha256" % declaration_dir(fam.id)), "): it "
                      "writes the four official files KAT_2_12, KAT_2_23, KAT_2_33 and KAT_Loop and "
                      "compares each file's canonical SHA-256 with the manifest line (docs/method.md). "
                      "KAT is PASS only when all four files passed; ", Code("incomplete"), ": none failed, "
                      "some were not run; ", Code("not run"), ": the KAT run has no record of this module. "
                      "The build flags are each module's exact compile line (a submitted library's "
                      "prefixed with the flag set its build used, ", Code("guide"), " or ",
                      Code("harness-default"), ")."),
            self.kat_table(fam),
            Heading(3, "KAT files per module"),
            self.kat_files_table(fam),
            self.ct_section(fam),
            self.performance(fam, "4. Performance",
                             "Mean over all timed calls of all repetitions (Σ cycles / Σ calls, "
                             "Σ seconds / Σ calls)"),
            self.resources(fam, "5. Resource consumption",
                           "Static memory is approximated by the module's loadable ELF segments (Σ PT_LOAD "
                           "p_memsz); baseline and peak RSS are the VmRSS before the first call and the "
                           "VmHWM at the end of a fresh driver process, which includes the driver and libc, "
                           "so both are upper-bound proxies rather than isolated algorithm memory."),
            Heading(2, "7. Raw evidence index"),
            paragraph("Paths are relative to ", Code("results/%s/" % self.system), ": ", self.bench_sha(),
                      " holds every timed row and, in its context, the environment record and every "
                      "module's SHA-256; ", self.kat_files(), "; ", Code("records/"),
                      " the guide-mode records, where the run wrote them."),
            self.evidence_table(fam),
            paragraph("Scripts: ", Code("bench/"), " (measurement), ", Code("kat_tests/"), " (KAT), ",
                      Code("tools/ngcc report"), " (this report); method: ", Code("docs/method.md"), "."),
        )

    def external(self, fam):
        """An external library's page: the figures of a candidate report, free layout."""
        title = "%s %s — external library on %s (system %s)" % (fam.id, fam.title, self.arch(), self.system)
        return page(
            fam.stem, title,
            self.breadcrumb(fam),
            Heading(1, title),
            paragraph(emulated(self.bench)),
            paragraph("A library exporting ", Code("CryptHash"), " for a candidate this suite does not "
                      "implement, measured by ngcc-hashbench beside the others in the same run. Generated "
                      "by ", Code("tools/ngcc report"), " from ", Code("bench.json"), " and ",
                      Code("kat.json"), "; the figures are those of the candidate reports "
                      "(docs/reports.md), the layout is free."),
            Heading(2, "Library"),
            self.modules_list(fam),
            self.baseline_sentence(),
            Heading(2, "KAT"),
            paragraph("Outcome of the KAT run for each module (", Code("kat.json"), "; ", Code("not run"),
                      " when it has no record of the module, e.g. no manifest for this candidate in ",
                      Code("candidates/"), ")."),
            self.kat_table(fam),
            self.ct_section(fam),
            self.environment("Environment", "Measurement record"),
            self.performance(fam, "Performance", "Mean over all timed calls of all repetitions"),
            self.resources(fam, "Memory",
                           "Static memory: the library's loadable ELF segments; baseline and peak RSS: a "
                           "fresh driver process, including the driver and libc (upper-bound proxies)."),
            Heading(2, "Evidence"),
            paragraph("Paths are relative to ", Code("results/%s/" % self.system), ": ", self.bench_sha(),
                      "; ", self.kat_files(), "."),
            self.evidence_table(fam),
        )

    def modules_list(self, fam):
        """An external library's modules, one item each."""
        items = []
        for inst, var in self.rows(fam):
            mod = self.bench.module(inst, var)
            item = inline(Code(inst), " (%s): " % var, Code(mod.get("module") or inst))
            if mod.get("path"):
                item = inline(item, " (", Code(mod["path"]), ")")
            if mod.get("digest_bits") is not None:
                item = inline(item, ", ", Code("digest_len_bits"), " %s" % ctx_text(mod, "digest_bits"))
            if mod.get("sha256"):
                item = inline(item, ", sha256 ", Code(mod["sha256"]))
            items.append(item)
        return BulletList(tuple(items)) if items else None
