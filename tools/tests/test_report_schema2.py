"""Tests of the report tool on bench.json schema 2 (tools/testdata/x86_sample2,
written by make_sample.py): the published layout with core cycles, the
environment record, intervals, submitted and external libraries, runs
without a baseline, the family declarations, the plot axes and the method
documentation the reports cite."""

import json
import os
import re
import tempfile
import unittest

from report_testing import (BASIC_LINES, EVIDENCE_HEADER, KAT_HEADER, PERF_HEADER,
                            GeneratedReports,
                            REPO, RESOURCE_HEADER, SAMPLE2, R, load, published,
                            read_reports, reports_from, run, section, split_cell,
                            table_rows)

from hashbench.report import stats
from hashbench.report.bench import parse_bench
from hashbench.report.candidates import group_families
from hashbench.report.figures import family_figure
from hashbench.report.plots import draw

INTERVAL = r"^\d+\.\d\d× \[\d+\.\d\d–\d+\.\d\d\]$"
RELATIVE = "| instance | message | cycles/byte (CPU time) vs SHA-512 |"


def edited(edit_context=None, edit_modules=None, edit_families=None, drop_rows=None):
    """The schema-2 sample's bench.json with its context edited."""
    bench = load(SAMPLE2, "bench.json")
    ctx = bench["context"]
    for key, edit in (("ngcc_modules", edit_modules), ("ngcc_families", edit_families)):
        if edit:
            doc = json.loads(ctx[key])
            edit(doc)
            ctx[key] = json.dumps(doc)
    if edit_context:
        edit_context(ctx)
    if drop_rows:
        bench["benchmarks"] = [r for r in bench["benchmarks"] if not drop_rows(r["name"])]
    return bench


class Schema2Report(GeneratedReports, unittest.TestCase):
    sample = SAMPLE2

    def test_files(self):
        self.assertEqual(sorted(os.listdir(self.out)),
                         ["hash-26-CHIME.md", "hash-33-Thunder.md", "hash-99-MyHash.md",
                          "summary.md"])

    # -- 1. the published layout ---------------------------------------------------

    def test_published_tables_first_with_their_columns(self):
        for number, header in ((3, KAT_HEADER), (4, PERF_HEADER), (5, RESOURCE_HEADER),
                               (7, EVIDENCE_HEADER)):
            first = next(l for l in section(self.chime, number).splitlines()
                         if l.startswith("| "))
            self.assertEqual(first, header, number)
        lines = [l[2:] for l in section(self.chime, 1).splitlines() if l.startswith("- ")]
        self.assertEqual([l.split(": ")[0] for l in lines], list(BASIC_LINES))

    def test_one_row_per_instance_and_variant(self):
        variants = ["ref", "opt", "avx512", "submitted-ref"]
        cells = ["`%s` (%s)" % (i, v) for i in ("CHIME-512", "CHIME-1024") for v in variants]
        self.assertEqual([r[0] for r in table_rows(self.chime, KAT_HEADER)], cells)
        perf = table_rows(self.chime, PERF_HEADER)
        self.assertEqual(sorted({r[0] for r in perf}), sorted(cells))
        self.assertEqual(len(perf), 8 * len(cells))
        self.assertIn("- Implementation versions measured: ref (portable), opt (avx2), "
                      "avx512 (avx512), submitted-ref (submitted)\n", self.chime)

    def test_published_rows_as_core_cycles(self):
        """The sample's core cycles are the published figures: the ref rows
        reproduce the published table cell for cell."""
        perf, res = published()
        rows = table_rows(self.chime, PERF_HEADER)
        self.assertEqual([[split_cell(r[0])[0]] + r[1:] for r in rows
                          if r[0].endswith("(ref)")], perf)
        resources = table_rows(self.chime, RESOURCE_HEADER)
        self.assertEqual([[split_cell(r[0])[0]] + r[1:] for r in resources
                          if r[0].endswith("(ref)")], res)

    def test_evidence_nine_rows_per_module(self):
        rows = table_rows(self.chime, EVIDENCE_HEADER)
        for cell in {r[0] for r in rows}:
            self.assertEqual(len([r for r in rows if r[0] == cell]), 9, cell)
        self.assertEqual(len({r[0] for r in rows}), 8)

    # -- 2. mean cycles are core cycles -------------------------------------------

    def test_mean_cycles_are_estimated_core_cycles(self):
        self.assertIn("mean cycles are core cycles, estimated from TSC ticks × the "
                      "core/TSC ratio of the clock probes", self.chime)
        perf = {(r[0], r[1]): r for r in table_rows(self.chime, PERF_HEADER)}
        further = table_rows(self.chime, "| instance | message | cycles/byte (best call) "
                             "| cycles/byte (CPU time) | mean TSC ticks | TSC ticks/byte "
                             "| core/TSC |")
        row = next(r for r in further if r[:2] == ["`CHIME-512` (ref)", "32 B"])
        # 2248 core cycles at 1.5 core cycles per TSC tick
        self.assertEqual(perf[("`CHIME-512` (ref)", "32 B")][2], "2248")
        self.assertEqual(row[4], "1499")
        self.assertEqual(row[6], "1.500")

    def test_measured_core_cycles_say_so(self):
        def ctx(c):
            probe = json.loads(c["core_clock"])
            probe["estimated"] = False
            c["core_clock"], c["cycle_source"] = json.dumps(probe), "perf"
        chime = reports_from(edited(ctx), sample=SAMPLE2)["hash-26-CHIME.md"]
        self.assertIn("mean cycles are core cycles counted by `perf_event_open`", chime)
        self.assertNotIn("mean TSC ticks", chime)

    def test_an_aarch64_run_under_an_emulator_says_so(self):
        def ctx(c):
            c["kernel"] = "Linux 6.1.0 #1 SMP aarch64"
            c["cpu_model"] = "Qualcomm Oryon"
            c["cycle_counter"] = ("cntvct_el0 ticks at 0.0625 GHz (cntfrq_el0); "
                                  "core cycles estimated with the core-clock probe")
            c["emulator"] = "qemu-aarch64 -L /deps"
        reports = reports_from(edited(ctx), sample=SAMPLE2)
        chime = reports["hash-26-CHIME.md"]
        self.assertIn("— performance on AArch64", chime)
        warning = "**Run under the emulator `qemu-aarch64 -L /deps`: every time, cycle and speed"
        self.assertIn(warning, chime)
        self.assertIn(warning, reports["summary.md"])
        env = dict(table_rows(section(chime, 2), "| item | value |"))
        self.assertTrue(env["processor"].startswith("Qualcomm Oryon"))
        record = dict(table_rows(section(chime, 2).split("### Measurement record")[1], "| item | value |"))
        self.assertEqual(record["architecture"], "AArch64")
        self.assertEqual(record["emulator"], "`qemu-aarch64 -L /deps`: timings mean nothing")
        self.assertTrue(record["cycle source"].startswith("tsc; cntvct_el0 ticks at 0.0625 GHz (cntfrq_el0)"))
        native = reports_from(edited(), sample=SAMPLE2)
        self.assertNotIn("Run under the emulator", native["summary.md"])

    def test_clock_flag_marks_the_row(self):
        rows = {(r[0], r[1]): r for r in table_rows(self.chime, PERF_HEADER)}
        self.assertTrue(rows[("`CHIME-1024` (opt)", "4096 B")][2].endswith(" ⚠"))
        self.assertFalse(rows[("`CHIME-1024` (opt)", "8192 B")][2].endswith(" ⚠"))
        self.assertIn("⚠ after mean cycles: the core-clock probes", self.chime)

    # -- 3. the environment record -------------------------------------------------

    def test_environment_from_the_schema2_context(self):
        env = dict(table_rows(section(self.chime, 2), "| item | value |"))
        self.assertEqual(env["processor"], "AMD EPYC 9R14 (synthetic) (CPU 1, one core)")
        self.assertEqual(env["clock"], "core ≈ 3.67 GHz (estimated: TSC 2.445 GHz × "
                         "core/TSC 1.502), governor unavailable, turbo unavailable, "
                         "SMT not supported")
        self.assertEqual(env["memory"], "24038 MiB")
        self.assertEqual(env["compiler / build tool"], "GNU 12.2.0 / cmake version 3.25.1")
        self.assertEqual(env["campaign start / end (UTC)"],
                         "2026-12-01T09:00:00Z / 2026-12-01T09:41:07Z")
        record = dict(table_rows(section(self.chime, 2).split("### Measurement record")[1],
                                 "| item | value |"))
        self.assertEqual(record["load average start / end"],
                         "0.50 0.40 0.30 / 1.10 0.80 0.50")
        self.assertTrue(record["cycle source"].startswith("tsc; TSC 2.445 GHz"))
        self.assertIn("core/TSC 1.500 at the start (spread 0.4 %), 1.503 at the end",
                      record["core-clock probe"])
        self.assertIn("disagree by more than 2 %: 1", record["core-clock probe"])
        self.assertEqual(record["baselines"], "OpenSSL 3.0.15 3 Sep 2024; platform: "
                         "debian-amd64; compiler: gcc -fPIC -pthread -m64 -Wa,--noexecstack -O2")
        self.assertEqual(record["repetitions per row"], "1 to 5")

    def test_kind_of_core_on_a_hybrid_cpu(self):
        def hybrid(c):
            c["core_type"] = "performance"
            c["core_name"] = "Golden Cove"
            c["core_type_source"] = "sysfs cpu_core/cpus; CPUID 1Ah: Intel Core (40h)"
        chime = reports_from(edited(hybrid), sample=SAMPLE2)["hash-26-CHIME.md"]
        env = dict(table_rows(section(chime, 2), "| item | value |"))
        self.assertEqual(env["processor"],
                         "AMD EPYC 9R14 (synthetic) (CPU 1, one performance core: Golden Cove)")
        record = dict(table_rows(section(chime, 2).split("### Measurement record")[1],
                                 "| item | value |"))
        self.assertEqual(record["kind of core"], "performance core: Golden Cove "
                         "(sysfs cpu_core/cpus; CPUID 1Ah: Intel Core (40h))")

        def uniform(c):
            c["core_type"] = "uniform"
            c["core_name"] = ""
            c["core_type_source"] = ""
        self.assertEqual(section(reports_from(edited(uniform), sample=SAMPLE2)["hash-26-CHIME.md"], 2),
                         section(reports_from(edited(), sample=SAMPLE2)["hash-26-CHIME.md"], 2))

    def test_flags_are_each_modules_build_flags(self):
        modules = {m["key"]: m for m in json.loads(load(SAMPLE2, "bench.json")
                                                   ["context"]["ngcc_modules"])}
        for cell, flags, _kat in table_rows(self.chime, KAT_HEADER):
            inst, var = split_cell(cell)
            mod = modules["%s/%s" % (inst.strip("`"), var)]
            expected = "`%s`" % mod["build_flags"]
            if "flags_source" in mod:
                expected = "%s: %s" % (mod["flags_source"], expected)
            self.assertEqual(flags, expected)

    # -- 4. intervals ---------------------------------------------------------------

    def test_every_ratio_has_an_interval(self):
        rows = table_rows(self.chime, RELATIVE)
        self.assertEqual(len(rows), 64)
        for r in rows:
            self.assertRegex(r[2], INTERVAL)
            self.assertRegex(r[3], INTERVAL)
            self.assertEqual(r[4], "5 / 5")
            point, low, high = map(float, re.findall(r"\d+\.\d\d", r[2]))
            self.assertLessEqual(low, point)
            self.assertLessEqual(point, high)

    def test_one_repetition_says_no_interval(self):
        external = self.reports["hash-99-MyHash.md"]
        rows = table_rows(external, RELATIVE)
        self.assertEqual({r[4] for r in rows}, {"1 / 5"})
        for r in rows:
            self.assertRegex(r[2], r"^\d+\.\d\d× \(no interval: 1 repetition\)$")

    def test_summary_carries_the_intervals(self):
        rows = table_rows(self.reports["summary.md"], "| rank |")
        chime = next(r for r in rows if r[1:3] == ["`CHIME-512`", "opt"])
        self.assertRegex(chime[7], INTERVAL)


class Intervals(unittest.TestCase):
    values = [10.0, 10.4, 9.8, 10.1, 10.7]
    base = [5.0, 5.1, 4.9, 5.3, 5.05]

    def test_numpy_and_standard_library_agree(self):
        a = stats.ratio_interval(self.values, self.base, use_numpy=True)
        b = stats.ratio_interval(self.values, self.base, use_numpy=False)
        for x, y in zip(a, b):
            self.assertAlmostEqual(x, y, places=12)

    def test_point_and_bounds(self):
        point, low, high = stats.ratio_interval(self.values, self.base)
        self.assertAlmostEqual(point, 10.1 / 5.05)
        self.assertLess(low, point)
        self.assertLess(point, high)
        # the bounds are ratios of medians of resamples: within the extremes
        self.assertGreaterEqual(low, min(self.values) / max(self.base))
        self.assertLessEqual(high, max(self.values) / min(self.base))
        self.assertEqual(stats.ratio_interval(self.values, self.base),
                         (point, low, high))

    def test_identical_repetitions_give_a_point(self):
        self.assertEqual(stats.ratio_interval([3.0] * 4, [2.0] * 5), (1.5, 1.5, 1.5))

    def test_one_repetition_gives_none(self):
        self.assertEqual(stats.ratio_interval([3.0], [2.0, 2.0]), (1.5, None, None))

    def test_format(self):
        self.assertEqual(R.fmt_ratio_interval(0.8412, 0.8061, 0.8749), "0.84× [0.81–0.87]")
        self.assertEqual(R.fmt_ratio_interval(12.44, 12.01, 13.0), "12.4× [12.0–13.0]")


class SubmittedAndExternal(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.reports = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2)
        cls.chime = cls.reports["hash-26-CHIME.md"]

    def test_submitted_variant_in_its_instance_report(self):
        rows = {r[0]: r for r in table_rows(self.chime, KAT_HEADER)}
        self.assertEqual(rows["`CHIME-512` (submitted-ref)"][1:],
                         ["guide: `-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE`",
                          "PASS"])
        # kat.json calls it 'submitted': found by the module's SHA-256
        self.assertEqual(rows["`CHIME-1024` (submitted-ref)"][1:],
                         ["harness-default: `-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC "
                          "-D_GNU_SOURCE`", "incomplete"])
        self.assertEqual(rows["`CHIME-1024` (avx512)"][2],
                         "SKIP (the CPU lacks AVX-512 (F, BW, VL))")

    def test_submitted_kat_by_instance_and_variant_first(self):
        kat = load(SAMPLE2, "kat.json")
        for mod in kat["modules"]:
            if mod["variant"] == "submitted-ref":
                mod["module_sha256"] = "00" * 32   # the label alone finds it
        chime = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2,
                             kat=kat)["hash-26-CHIME.md"]
        rows = {r[0]: r for r in table_rows(chime, KAT_HEADER)}
        self.assertEqual(rows["`CHIME-512` (submitted-ref)"][2], "PASS")
        evidence = table_rows(chime, EVIDENCE_HEADER)
        self.assertIn("the bench measured another build", next(
            r[1] for r in evidence if r[0] == "`CHIME-512` (submitted-ref)"))

    def test_external_library_gets_its_own_report(self):
        self.assertNotIn("MyHash", self.chime)
        external = self.reports["hash-99-MyHash.md"]
        self.assertIn("# hash-99 MyHash — external library on x86-64", external)
        self.assertIn("- `MyHash-256` (external): `libmyhash.so` (`/opt/myhash/libmyhash.so`)",
                      external)
        self.assertEqual(table_rows(external, KAT_HEADER),
                         [["`MyHash-256` (external)", "not recorded", "not run"]])
        self.assertEqual(len(table_rows(external, PERF_HEADER)), 8)
        self.assertNotIn("## 1. Basic information", external)


class NoBaseline(unittest.TestCase):
    def test_run_without_baselines(self):
        bench = edited(drop_rows=lambda name: "/openssl/" in name)
        reports = reports_from(bench, sample=SAMPLE2)
        chime = reports["hash-26-CHIME.md"]
        why = ("No relative figures: baseline `SHA-512/openssl` was not measured in this "
               "run (it measured no baseline).")
        self.assertIn(why, chime)
        self.assertFalse(re.search(r"\d×", chime))
        self.assertIn(why, reports["summary.md"])
        self.assertNotIn("| relative |", reports["summary.md"])
        self.assertEqual(table_rows(chime, PERF_HEADER)[0][:3],
                         ["`CHIME-512` (ref)", "32 B", "2248"])

    def test_default_baseline_missing_but_others_measured(self):
        bench = edited(drop_rows=lambda name: name.startswith("SHA-512/"))
        chime = reports_from(bench, sample=SAMPLE2)["hash-26-CHIME.md"]
        self.assertIn("No relative figures: baseline `SHA-512/openssl` was not measured "
                      "in this run.", chime)

    def test_baseline_none(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = run(SAMPLE2, "--out", tmp, "--no-plots", "--baseline", "none")
            self.assertEqual(proc.returncode, 0, proc.stderr)
            reports = read_reports(tmp)
        for name in ("hash-26-CHIME.md", "summary.md"):
            self.assertIn("No relative figures: no baseline was chosen (`--baseline none`).",
                          reports[name])
            self.assertFalse(re.search(r"\d×", reports[name]), name)   # no ratio anywhere

    def test_campaign_baseline_from_the_declarations(self):
        chime = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2,
                             baseline="campaign")["hash-26-CHIME.md"]
        rows = table_rows(chime, "| instance | message | baseline |")
        self.assertEqual({r[2] for r in rows}, {"`SHA-512`"})


def with_pseudoxof_512():
    """The sample with its SHA-512/openssl rows measured again as the ICCS
    helper pseudoXOF-512/iccs (docs/iccs-helpers.md): a run that has the
    published divisor of the 512-bit instances, not that of CHIME-1024."""
    bench = load(SAMPLE2, "bench.json")
    modules = json.loads(bench["context"]["ngcc_modules"])
    sha512 = next(m for m in modules if m["instance"] == "SHA-512")
    modules.append(dict(sha512, instance="pseudoXOF-512", name="pseudoXOF-512", variant="iccs",
                        key="pseudoXOF-512/iccs", module="pseudoXOF-512-iccs"))
    bench["context"]["ngcc_modules"] = json.dumps(modules)
    rows = [r for r in bench["benchmarks"] if r["name"].startswith("SHA-512/openssl/")]
    for row in rows:
        copy = json.loads(json.dumps(row).replace("SHA-512/openssl/", "pseudoXOF-512/iccs/"))
        bench["benchmarks"].append(copy)
    return bench


class PublishedRelativeFigure(unittest.TestCase):
    def test_pseudoxof_of_the_same_width_is_the_default_divisor(self):
        reports = reports_from(with_pseudoxof_512(), sample=SAMPLE2)
        chime = reports["hash-26-CHIME.md"]
        self.assertIn("Relative figures compare with the ICCS helper `pseudoXOF` of the instance's output "
                      "width (`pseudoXOF-<bits>/iccs`, as the published summary divides; "
                      "docs/iccs-helpers.md), clean-room on OpenSSL's SM3 and HMAC measured in the same run.",
                      chime)
        rows = table_rows(chime, "| instance | message | baseline |")
        by_instance = {r[0].split()[0]: r[2] for r in rows}
        self.assertEqual(by_instance["`CHIME-512`"], "`pseudoXOF-512`")
        self.assertEqual(by_instance["`CHIME-1024`"], "–")  # pseudoXOF-1024 was not measured
        # The same rows as SHA-512/openssl: the 512-bit ratios are those of the OpenSSL default.
        named = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2)["hash-26-CHIME.md"]
        old = table_rows(named, "| instance | message | cycles/byte")
        new = [r for r in rows if r[0].startswith("`CHIME-512`")]
        self.assertEqual([r[3] for r in new], [r[2] for r in old if r[0].startswith("`CHIME-512`")])

    def test_the_openssl_baseline_stays_a_named_alternative(self):
        chime = reports_from(with_pseudoxof_512(), sample=SAMPLE2,
                             baseline="SHA-512/openssl")["hash-26-CHIME.md"]
        self.assertIn("Relative figures compare with `SHA-512/openssl`, OpenSSL EVP measured in the same run.",
                      chime)

    def test_pseudoxof_requested_but_not_measured(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = run(SAMPLE2, "--out", tmp, "--no-plots", "--baseline", "pseudoXOF")
        self.assertEqual(proc.returncode, 2)
        self.assertIn("baseline 'pseudoXOF': this run measured no pseudoXOF-<bits>/iccs", proc.stderr)


class RunBesideACampaign(unittest.TestCase):
    """A run that goes to results/<system>/runs/<UTC>/ is of that system, and
    its pages link the method page from where they are."""

    def test_system_and_method_link(self):
        from hashbench import ROOT
        from hashbench.report.cli import method_link, system_of
        run = os.path.join(ROOT, "results", "x86_64-amd-epyc-zen5", "runs", "20261206T235821Z")
        self.assertEqual(system_of(run), "x86_64-amd-epyc-zen5")
        self.assertEqual(system_of(os.path.dirname(os.path.dirname(run))), "x86_64-amd-epyc-zen5")
        self.assertEqual(method_link(os.path.join(run, "report")), "../../../../../docs/method.md")
        self.assertEqual(method_link(os.path.join(ROOT, "results", "x", "report")), "../../../docs/method.md")
        with tempfile.TemporaryDirectory() as tmp:
            self.assertEqual(method_link(tmp), "../../../docs/method.md")


class FamilyDeclarations(unittest.TestCase):
    """Titles, parameter sets and their order come from ngcc_families."""

    def test_title_and_order_follow_the_declaration(self):
        def families(doc):
            chime = doc[0]
            chime["full_name"] = "CHIME, as declared"
            chime["family"] = "Chime"
            chime["instances"].reverse()
        reports = reports_from(edited(edit_families=families), sample=SAMPLE2)
        chime = reports["hash-26-Chime.md"]
        self.assertIn("# hash-26 CHIME, as declared — performance on", chime)
        self.assertIn("- Parameter sets: CHIME-1024, CHIME-512\n", chime)
        self.assertEqual(table_rows(chime, KAT_HEADER)[0][0], "`CHIME-1024` (ref)")

    def test_a_new_candidate_needs_no_table(self):
        """A family the tool has never heard of is a candidate report, not an
        external one, once it is declared."""
        def families(doc):
            doc.append({"candidate_id": "hash-99", "family": "MyHash", "directory": "myhash",
                        "full_name": "The MyHash Function",
                        "instances": [{"name": "MyHash-256", "baseline": "SHA-256"},
                                      {"name": "MyHash-512", "baseline": "SHA-512"}]})
        reports = reports_from(edited(edit_families=families), sample=SAMPLE2)
        text = reports["hash-99-MyHash.md"]
        self.assertIn("# hash-99 The MyHash Function — performance on", text)
        self.assertIn("## 1. Basic information", text)
        self.assertIn("Not measured in this run: MyHash-512.", text)
        self.assertIn("`findings` in `hashes/myhash/tests/`", text)

    def test_a_declared_only_candidate_says_it_has_no_implementation_of_ours(self):
        def families(doc):
            doc[0]["implemented"] = False
            doc[0]["directory"] = "chime"
        reports = reports_from(edited(edit_families=families), sample=SAMPLE2)
        chime = reports["hash-26-CHIME.md"]
        self.assertIn("the suite has no implementation of its own of hash-26 (declared only, "
                      "`candidates/hash-26-chime/candidate.json`)", chime)
        self.assertNotIn("are reproduced as tests", chime)
        ours = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2)["hash-26-CHIME.md"]
        self.assertNotIn("no implementation of its own", ours)

    def test_declared_but_unmeasured_instances_listed(self):
        thunder = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2)["hash-33-Thunder.md"]
        self.assertIn("Not measured in this run: Thunder-768, Thunder-1024, Thunder-XOF-256, "
                      "Thunder-XOF-384, Thunder-XOF-512.", thunder)

    def test_schema2_requires_the_declarations(self):
        bench = edited(lambda c: c.pop("ngcc_families"))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(bench, f)
            with self.assertRaisesRegex(R.ReportError, r"context\.ngcc_families: missing"):
                parse_bench(path)


class PlotAxes(unittest.TestCase):
    def test_log_axes_with_two_sizes(self):
        bench = edited(drop_rows=lambda name: name.rsplit("/", 1)[-1] not in ("1024", "65536"))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(bench, f)
            parsed = parse_bench(path)
        self.assertEqual(parsed.sizes(), [1024, 65536])
        from matplotlib import pyplot as plt
        for fam in group_families(parsed, None):
            fig = draw(family_figure(parsed, fam, "SHA-512/openssl", "x", fam.stem + "-cpb"))
            ax = fig.axes[0]
            self.assertEqual((ax.get_xscale(), ax.get_yscale()), ("log", "log"), fam.id)
            self.assertGreaterEqual(len([t for t in ax.get_yticklabels() if t.get_text()]), 1)
            plt.close(fig)


class MethodDocumentation(unittest.TestCase):
    """The reports and READMEs cite the method in the repository (docs/),
    not notes outside it."""
    OUTSIDE = ("DESIGN.md", "perf-method", "api-kat", "research/")

    def test_docs_exist_and_reports_cite_them(self):
        for page in ("method.md", "reports.md"):
            self.assertTrue(os.path.exists(os.path.join(REPO, "docs", page)), page)
        chime = reports_from(load(SAMPLE2, "bench.json"), sample=SAMPLE2)["hash-26-CHIME.md"]
        self.assertIn("docs/method.md", chime)
        self.assertIn("docs/reports.md", chime)

    def test_no_citation_outside_the_repository(self):
        # The reports' prose is in the content builders, tools/hashbench/report/*.py.
        builders = os.path.join(REPO, "tools", "hashbench", "report")
        files = [os.path.join(builders, n) for n in os.listdir(builders) if n.endswith(".py")]
        files += [os.path.join(REPO, "README.md"), os.path.join(REPO, "bench", "README.md")]
        files += [os.path.join(d, n) for d, _, names in os.walk(os.path.join(REPO, "docs"))
                  for n in names if n.endswith(".md")]
        for path in files:
            with open(path, encoding="utf-8") as f:
                text = f.read()
            for name in self.OUTSIDE:
                self.assertNotIn(name, text, path)


if __name__ == "__main__":
    unittest.main()
