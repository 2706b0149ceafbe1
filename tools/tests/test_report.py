"""Unit tests of tools/hashbench/report/ and tools/hashbench/report/ (ctest label `unit`):
the sample made as schema 1 and converted, the committed campaigns, bad
input (a schema-1 bench.json refused), the formats. The features of the
bench's schema 2 are in test_report_schema2.py.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import glob
import json
import os
import shutil
import tempfile
import unittest

from report_testing import (BASIC_LINES, EVIDENCE_HEADER, KAT_HEADER, PERF_HEADER,
                            GeneratedReports,
                            REPO, RESOURCE_HEADER, SAMPLE, SAMPLE2,
                            SCHEMA2_CONTEXT, R, load, published,
                            read_reports, reports_from, run, section, split_cell,
                            table_rows)


def png_text(data):
    """The tEXt chunks of a PNG as a dict."""
    out, pos = {}, 8
    while pos + 8 <= len(data):
        length = int.from_bytes(data[pos:pos + 4], "big")
        kind = data[pos + 4:pos + 8]
        if kind == b"tEXt":
            key, _, value = data[pos + 8:pos + 8 + length].partition(b"\0")
            out[key.decode("latin-1")] = value.decode("latin-1")
        pos += 12 + length
    return out


class Formats(unittest.TestCase):
    def test_published_examples(self):
        self.assertEqual(R.fmt_cycles(4276), "4276")
        self.assertEqual(R.fmt_cycles(21000), "21.0 k")
        self.assertEqual(R.fmt_cycles(2130000), "2.13 M")
        self.assertEqual(R.fmt_time(2.04e-6), "2.04 µs")
        self.assertEqual(R.fmt_time(1.02e-3), "1.02 ms")
        self.assertEqual(R.fmt_calls(100000, [20000] * 5), "100000 (5 × 20000)")

    def test_cycles_boundaries(self):
        self.assertEqual(R.fmt_cycles(9996), "9996")
        self.assertEqual(R.fmt_cycles(9999.6), "10.0 k")
        self.assertEqual(R.fmt_cycles(141400), "141.4 k")
        self.assertEqual(R.fmt_cycles(999949), "999.9 k")
        self.assertEqual(R.fmt_cycles(999960), "1.00 M")
        self.assertEqual(R.fmt_cycles(12080000), "12.08 M")
        self.assertEqual(R.fmt_cycles(26800000), "26.80 M")

    def test_time_significant_digits(self):
        self.assertEqual(R.fmt_time(2.0e-6), "2 µs")
        self.assertEqual(R.fmt_time(3.9e-6), "3.9 µs")
        self.assertEqual(R.fmt_time(10.0e-6), "10 µs")
        self.assertEqual(R.fmt_time(14.02e-6), "14 µs")
        self.assertEqual(R.fmt_time(135.4e-6), "135 µs")
        self.assertEqual(R.fmt_time(3.2e-3), "3.2 ms")
        self.assertEqual(R.fmt_time(22.9e-3), "22.9 ms")
        self.assertEqual(R.fmt_time(594e-9), "594 ns")
        self.assertEqual(R.fmt_time(999.7e-6), "1 ms")
        self.assertEqual(R.fmt_time(9.996e-6), "10 µs")
        self.assertEqual(R.fmt_time(1.5), "1.5 s")

    def test_other_columns(self):
        self.assertEqual(R.fmt_one_decimal(1232.06), "1232.1")
        self.assertEqual(R.fmt_one_decimal(2.8), "2.8")
        self.assertEqual(R.fmt_kib(1692 * 1024), "1692 KiB")
        self.assertEqual(R.fmt_int(13305), "13305")
        self.assertEqual(R.fmt_calls(65510, [13102] * 5), "65510 (5 × 13102)")
        self.assertEqual(R.fmt_calls(12345, [12345]), "12345 (1 × 12345)")
        self.assertEqual(R.fmt_calls(60, [20, 20, 19, 1]),
                         "60 (4 trials: 20, 20, 19, 1)")
        self.assertEqual(R.fmt_ratio(0.524), "0.52×")
        self.assertEqual(R.fmt_ratio(12.44), "12.4×")
        self.assertEqual(R.fmt_ratio(184.4), "184×")


class SampleReport(GeneratedReports, unittest.TestCase):
    """The synthetic campaign tools/testdata/x86_sample (make_sample.py),
    made as schema 1 and converted: the report the schema-1 fallback gave."""
    sample = SAMPLE

    def test_files(self):
        self.assertEqual(sorted(os.listdir(self.out)),
                         ["hash-26-CHIME.md", "hash-33-Thunder.md", "summary.md"])

    def test_sections_in_published_order(self):
        titles = [line for line in self.chime.splitlines() if line.startswith("## ")]
        self.assertEqual(titles, ["## 1. Basic information", "## 2. Assessment environment",
                                  "## 3. Functional testing (KAT)", "## 4. Performance",
                                  "## 5. Resource consumption", "## 7. Raw evidence index"])
        self.assertIn("# hash-26 The Hash Function CHIME — performance on x86-64",
                      self.chime)

    def test_basic_information_lines(self):
        lines = [l[2:] for l in section(self.chime, 1).splitlines() if l.startswith("- ")]
        self.assertEqual([l.split(": ")[0] for l in lines], list(BASIC_LINES))
        self.assertIn("- Parameter sets: CHIME-512, CHIME-1024\n", self.chime)
        self.assertIn("- Security evaluation: not assessed by this measurement", self.chime)
        self.assertIn("- Measurement method: [docs/method.md](../../../docs/method.md)",
                      self.chime)
        self.assertIn("- Submission: NICCS page of hash-26 (not linked", self.chime)

    def test_published_headers_come_first(self):
        """Each section's first table has exactly the published columns."""
        for number, header in ((3, KAT_HEADER), (4, PERF_HEADER), (5, RESOURCE_HEADER),
                               (7, EVIDENCE_HEADER)):
            text = section(self.chime, number)
            first = next(l for l in text.splitlines() if l.startswith("| "))
            self.assertEqual(first, header, number)
        environment = section(self.chime, 2)
        rows = table_rows(environment, "| item | value |")
        self.assertEqual([r[0] for r in rows],
                         ["processor", "clock", "memory", "OS / kernel",
                          "compiler / build tool", "campaign start / end (UTC)"])

    def test_additions_are_titled_tables_after_the_published_one(self):
        perf = section(self.chime, 4)
        self.assertLess(perf.index(PERF_HEADER),
                        perf.index("### Relative to the same-run baseline"))
        self.assertLess(perf.index("### Relative to the same-run baseline"),
                        perf.index("### Further cycle figures"))
        self.assertIn("### Measurement record", section(self.chime, 2))
        self.assertIn("### KAT files per module", section(self.chime, 3))
        self.assertIn("### Isolated memory of one call", section(self.chime, 5))

    def test_performance_matches_published_rows(self):
        """Every published CHIME row, cell for cell, with the variant in the
        instance cell; the unit of rows without core cycles named: TSC ticks."""
        perf, _ = published()
        rows = table_rows(self.chime, PERF_HEADER)
        ref = [[split_cell(r[0])[0]] + r[1:] for r in rows
               if split_cell(r[0])[1] == "ref"]
        self.assertEqual(ref, perf)
        self.assertEqual({(r[0], r[1]) for r in rows},
                         {("%s (%s)" % (p[0], v), p[1]) for p in perf for v in ("ref", "opt")})
        self.assertIn("mean cycles are TSC ticks at 2.100 GHz, not core cycles", self.chime)

    def test_resources_match_published_rows(self):
        _, res = published()
        rows = table_rows(self.chime, RESOURCE_HEADER)
        self.assertEqual([[split_cell(r[0])[0]] + r[1:] for r in rows
                          if r[0].endswith("(ref)")], res)
        isolated = table_rows(self.chime, "| instance | operation | stack (bytes) |")
        self.assertEqual([r[2:] for r in isolated if r[0] == "`CHIME-512` (ref)"],
                         [["600", "0"]] * 8)
        self.assertEqual(len(rows), 2 * len(res))

    def test_cpu_time_column(self):
        """cpu_cycles (default-mode opt rows of the sample) per byte; '–' where
        the rows lack the counter (the guide-mode ref rows)."""
        perf = {(r[0], r[1]): r for r in table_rows(self.chime, PERF_HEADER)}
        for r in table_rows(self.chime, "| instance | message | cycles/byte (CPU time) |"):
            if r[0].endswith("(ref)"):
                self.assertEqual(r[2], "–")
            else:
                self.assertAlmostEqual(float(r[2]), 0.9 * float(perf[(r[0], r[1])][3]),
                                       delta=0.11)

    def test_ratio_is_relative_to_baseline(self):
        rows = table_rows(self.chime, "| instance | message | cycles/byte vs SHA-512 |")
        bench = load(SAMPLE, "bench.json")
        base = {b["bytes"]: b["cpb"] for b in bench["benchmarks"]
                if b["name"].startswith("SHA-512/openssl/")}
        perf = {(r[0], r[1]): r for r in table_rows(self.chime, PERF_HEADER)}
        row = next(r for r in rows if r[:2] == ["`CHIME-512` (ref)", "1024 B"])
        expected = float(perf[("`CHIME-512` (ref)", "1024 B")][3]) / base[1024]
        self.assertAlmostEqual(float(row[2].split("×")[0]), expected, delta=0.02)
        # the baseline has one repetition: no interval possible, and said so
        self.assertRegex(row[2], r"^\d\.\d\d× \(no interval: 1 repetition\)$")
        self.assertEqual(row[3], "1 / 1")

    def test_kat_states(self):
        rows = {r[0]: r[1:] for r in table_rows(self.chime, KAT_HEADER)}
        self.assertEqual(rows["`CHIME-512` (ref)"], ["`-O2`", "PASS"])
        self.assertEqual(rows["`CHIME-512` (opt)"], ["`-O3 -march=x86-64-v3`", "incomplete"])
        self.assertEqual(rows["`CHIME-1024` (opt)"][1],
                         "FAIL (KAT_2_12: its canonical SHA-256 is not the manifest's)")
        files = table_rows(self.chime, "| instance | file | status |")
        self.assertIn(["`CHIME-512` (opt)", "KAT_Loop", "not run", "–", "–"], files)
        failed = next(r for r in files if r[0] == "`CHIME-1024` (opt)"
                      and r[1] == "`KAT_2_12_CHIME-1024.txt`")
        self.assertEqual(failed[2], "FAIL")
        self.assertEqual(failed[4], "`" + "ee" * 32 + "`")
        thunder = self.reports["hash-33-Thunder.md"]
        self.assertEqual(table_rows(thunder, KAT_HEADER),
                         [["`Thunder-512` (ref)", "`-O2`", "not run"]])
        self.assertNotRegex(thunder, r"\| PASS \||KAT_\S+ PASS")

    def test_evidence_index_lists_what_exists(self):
        """The published 9 rows per module: the KAT record, 8 timings."""
        rows = table_rows(self.chime, EVIDENCE_HEADER)
        for cell in ("`CHIME-512` (ref)", "`CHIME-512` (opt)", "`CHIME-1024` (ref)"):
            self.assertEqual(len([r for r in rows if r[0] == cell]), 9, cell)
        self.assertIn(["`CHIME-512` (ref)", "timing hash_32",
                       "`records/hash-26/CHIME-512-ref__hash_32.json`"], rows)
        self.assertIn(["`CHIME-512` (opt)", "timing hash_4096",
                       "`bench.json` `CHIME-512/opt/4096`"], rows)
        self.assertIn(["`CHIME-512` (opt)", "KAT incomplete, 2 files (module sha256 "
                       "`0202020202020202`…)", "`kat.json`"], rows)
        self.assertFalse([r for r in rows if r[2] == "–"])

    def test_summary_ranks_both_sizes(self):
        for size in ("1024 B", "65536 B"):
            self.assertIn("\n## %s\n" % size, self.reports["summary.md"])
        part = self.reports["summary.md"].split("## 65536 B")[1]
        rows = table_rows(part, "| rank |")
        cpb = [float(r[4]) for r in rows]
        self.assertEqual(cpb, sorted(cpb))
        self.assertEqual([r[0] for r in rows], [str(i) for i in range(1, len(rows) + 1)])
        names = {(r[1], r[2]) for r in rows}
        for inst in ("CHIME-512", "CHIME-1024"):
            for var in ("ref", "opt"):
                self.assertIn(("`%s`" % inst, var), names)
        self.assertIn(("`SHA-512`", "openssl"), names)
        self.assertIn(("`Thunder-512`", "ref"), names)


class Determinism(unittest.TestCase):
    def test_two_runs_identical_including_plots(self):
        for sample in (SAMPLE, SAMPLE2):
            with self.subTest(sample=sample), tempfile.TemporaryDirectory() as tmp:
                a, b = os.path.join(tmp, "a"), os.path.join(tmp, "b")
                for out in (a, b):
                    proc = run(sample, "--out", out)
                    self.assertEqual(proc.returncode, 0, proc.stderr)
                names = sorted(os.listdir(a))
                self.assertIn("hash-26-CHIME-cpb.png", names)
                self.assertEqual(names, sorted(os.listdir(b)))
                for name in names:
                    with open(os.path.join(a, name), "rb") as fa, \
                            open(os.path.join(b, name), "rb") as fb:
                        self.assertEqual(fa.read(), fb.read(), name)

    def test_committed_campaigns_render(self):
        """Every results/<system>/ of the repository renders without error into the files of its committed
        report, each with the published tables. (The committed reports are
        regenerated with the tool, not compared byte for byte.)"""
        campaigns = sorted(glob.glob(os.path.join(REPO, "results", "*", "bench.json")))
        self.assertTrue(campaigns)
        for bench in campaigns:
            system = os.path.dirname(bench)
            with self.subTest(system=system), tempfile.TemporaryDirectory() as tmp:
                proc = run(system, "--out", tmp)
                self.assertEqual(proc.returncode, 0, proc.stderr)
                committed = os.path.join(system, "report")
                if os.path.isdir(committed):
                    self.assertEqual(sorted(os.listdir(tmp)), sorted(os.listdir(committed)))
                for name, text in read_reports(tmp).items():
                    if name == "summary.md":
                        continue
                    for header in (KAT_HEADER, PERF_HEADER, RESOURCE_HEADER,
                                   EVIDENCE_HEADER):
                        self.assertIn("\n%s\n" % header, text, name)
                    self.assertNotIn("DESIGN.md", text)

    def test_png_metadata_fixed(self):
        with tempfile.TemporaryDirectory() as tmp:
            proc = run(SAMPLE, "--out", tmp)
            self.assertEqual(proc.returncode, 0, proc.stderr)
            with open(os.path.join(tmp, "hash-26-CHIME-cpb.png"), "rb") as f:
                text = png_text(f.read())
        self.assertNotIn("Software", text)
        self.assertNotIn("Creation Time", text)
        self.assertTrue(text["Source"].startswith("tools/ngcc report, matplotlib "))


class BadInput(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.mkdtemp(prefix="ngcc-report-bad-")
        self.dir = os.path.join(self.tmp, "sys")
        os.makedirs(self.dir)
        for name in ("bench.json", "kat.json"):
            shutil.copy(os.path.join(SAMPLE, name), self.dir)
        with open(os.path.join(SAMPLE, "bench.json"), encoding="utf-8") as f:
            self.bench = json.load(f)
        with open(os.path.join(SAMPLE, "kat.json"), encoding="utf-8") as f:
            self.kat = json.load(f)

    def tearDown(self):
        shutil.rmtree(self.tmp)

    def write(self, name, doc):
        with open(os.path.join(self.dir, name), "w", encoding="utf-8") as f:
            if isinstance(doc, str):
                f.write(doc)
            else:
                json.dump(doc, f)

    def fails(self, *needles):
        proc = run(self.dir, "--out", os.path.join(self.tmp, "out"), "--no-plots")
        self.assertNotEqual(proc.returncode, 0)
        self.assertEqual(proc.stdout, "")
        lines = proc.stderr.splitlines()
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)
        for needle in needles:
            self.assertIn(needle, lines[0])
        return lines[0]

    def test_truncated_bench(self):
        with open(os.path.join(SAMPLE, "bench.json"), encoding="utf-8") as f:
            text = f.read()
        self.write("bench.json", text[:len(text) // 2])
        self.fails("bench.json", "truncated JSON", "line ")

    def test_truncated_everywhere(self):
        """Cut at many points: always one line naming the file, never a traceback."""
        with open(os.path.join(SAMPLE, "kat.json"), encoding="utf-8") as f:
            text = f.read()
        for cut in range(1, len(text) - 2, max(1, len(text) // 25)):
            self.write("kat.json", text[:cut])
            with self.subTest(cut=cut):
                self.fails("kat.json", "truncated JSON")

    def test_truncated_kat(self):
        with open(os.path.join(SAMPLE, "kat.json"), encoding="utf-8") as f:
            text = f.read()
        self.write("kat.json", text[:100])
        self.fails("kat.json", "truncated JSON")

    def test_malformed_bench(self):
        self.write("bench.json", '{"context": {}, "benchmarks": [1,]}')
        self.fails("bench.json", "malformed JSON", "column")

    def test_empty_file(self):
        self.write("bench.json", "")
        self.fails("bench.json", "empty")

    def test_missing_bench(self):
        os.remove(os.path.join(self.dir, "bench.json"))
        self.fails("bench.json", "cannot read")

    def test_schema1_refused(self):
        """A schema-1 bench.json: one line naming it and the converter."""
        self.bench["context"]["ngcc_schema"] = "1"
        self.write("bench.json", self.bench)
        self.fails(os.path.join(self.dir, "bench.json"), "bench.json schema 1 is no longer read",
                   "convert it once: tools/ngcc convert-schema1 %s" % self.dir)

    def test_unknown_schema(self):
        del self.bench["context"]["ngcc_schema"]
        self.write("bench.json", self.bench)
        self.fails("bench.json", "context.ngcc_schema", "missing")
        self.bench["context"]["ngcc_schema"] = "3"
        self.write("bench.json", self.bench)
        self.fails("bench.json", "context.ngcc_schema", "expected \"2\"", "'3'")

    def test_missing_counter(self):
        del self.bench["benchmarks"][3]["cycles"]
        self.write("bench.json", self.bench)
        self.fails("bench.json", "benchmarks[3].cycles", "missing")

    def test_mistyped_field(self):
        self.bench["benchmarks"][0]["real_time"] = "fast"
        self.write("bench.json", self.bench)
        self.fails("bench.json", "benchmarks[0].real_time", "expected number")

    def test_bad_name(self):
        self.bench["benchmarks"][0]["name"] = "CHIME-512"
        self.bench["benchmarks"][0]["run_name"] = "CHIME-512"
        self.write("bench.json", self.bench)
        self.fails("bench.json", "benchmarks[0].name")

    def test_bad_ngcc_modules(self):
        self.bench["context"]["ngcc_modules"] = "[{"
        self.write("bench.json", self.bench)
        self.fails("bench.json", "context.ngcc_modules")

    def test_bad_kat_status(self):
        self.kat["modules"][1]["files"][0]["status"] = "OK"
        self.write("kat.json", self.kat)
        self.fails("kat.json", "modules[1].files[0].status")

    def test_kat_wrong_schema(self):
        self.kat["schema"] = "other"
        self.write("kat.json", self.kat)
        self.fails("kat.json", "schema")

    def test_kat_missing_field(self):
        del self.kat["modules"][0]["variant"]
        self.write("kat.json", self.kat)
        self.fails("kat.json", "modules[0].variant", "missing")

    def test_bad_record(self):
        os.makedirs(os.path.join(self.dir, "records", "hash-26"))
        self.write(os.path.join("records", "hash-26", "x.json"), '{"label": ')
        self.fails(os.path.join("records", "hash-26", "x.json"), "truncated")

    def test_unknown_baseline(self):
        """A named baseline the run lacks is a typo until shown otherwise."""
        proc = run(self.dir, "--out", os.path.join(self.tmp, "out"), "--no-plots",
                   "--baseline", "MD5/openssl")
        self.assertNotEqual(proc.returncode, 0)
        self.assertIn("MD5/openssl", proc.stderr)
        self.assertIn("campaign, none", proc.stderr)
        self.assertEqual(len(proc.stderr.splitlines()), 1)

    def test_other_baseline(self):
        proc = run(self.dir, "--out", os.path.join(self.tmp, "out"), "--no-plots",
                   "--baseline", "SHA-256/openssl")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(self.tmp, "out", "hash-26-CHIME.md"),
                  encoding="utf-8") as f:
            self.assertIn("| instance | message | cycles/byte vs SHA-256 |", f.read())

    def test_campaign_baseline(self):
        out = os.path.join(self.tmp, "out")
        proc = run(self.dir, "--out", out, "--no-plots", "--baseline", "campaign")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(out, "hash-26-CHIME.md"), encoding="utf-8") as f:
            text = f.read()
        rows = table_rows(text, "| instance | message | baseline | cycles/byte vs its baseline |")
        self.assertEqual(rows[0][2], "`SHA-512`")
        self.assertRegex(rows[0][3], r"^\d+\.\d\d× ")

    def test_wall_cpu_ratio_reported_outside_guide_mode(self):
        self.bench["context"]["ngcc_mode"] = "default"
        for row in self.bench["benchmarks"]:
            row["cpu_time"] = row["real_time"] / 4.0
        self.write("bench.json", self.bench)
        out = os.path.join(self.tmp, "out")
        proc = run(self.dir, "--out", out, "--no-plots")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(out, "hash-26-CHIME.md"), encoding="utf-8") as f:
            self.assertIn("| wall / CPU time | 4.00 (median over ", f.read())

    def test_no_kat_json_is_not_run(self):
        os.remove(os.path.join(self.dir, "kat.json"))
        out = os.path.join(self.tmp, "out")
        proc = run(self.dir, "--out", out, "--no-plots")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(out, "hash-26-CHIME.md"), encoding="utf-8") as f:
            text = f.read()
        rows = table_rows(text, KAT_HEADER)
        self.assertEqual({r[2] for r in rows}, {"not run"})
        self.assertNotRegex(text, r"\| PASS \||KAT_\S+ PASS")
        self.assertIn("no `kat.json`: no KAT run belongs to this campaign", text)

    def test_module_missing_from_kat_is_not_run(self):
        self.kat["modules"] = [m for m in self.kat["modules"]
                               if not (m["name"] == "CHIME-512" and m["variant"] == "ref")]
        self.write("kat.json", self.kat)
        out = os.path.join(self.tmp, "out")
        proc = run(self.dir, "--out", out, "--no-plots")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(out, "hash-26-CHIME.md"), encoding="utf-8") as f:
            text = f.read()
        self.assertEqual(table_rows(text, KAT_HEADER)[0], ["`CHIME-512` (ref)", "`-O2`",
                                                           "not run"])
        self.assertIn(["`CHIME-512` (ref)", "–", "not run", "–", "–"],
                      table_rows(text, "| instance | file | status |"))

    def test_error_row_reported(self):
        row = self.bench["benchmarks"][0]
        err = {k: row[k] for k in ("name", "run_name", "run_type", "repetitions",
                                   "repetition_index", "threads", "iterations",
                                   "real_time", "cpu_time", "time_unit")}
        err.update({"error_occurred": True, "error_message": "CryptHash returned 2"})
        self.bench["benchmarks"][0] = err
        self.write("bench.json", self.bench)
        out = os.path.join(self.tmp, "out")
        proc = run(self.dir, "--out", out, "--no-plots")
        self.assertEqual(proc.returncode, 0, proc.stderr)
        with open(os.path.join(out, "hash-26-CHIME.md"), encoding="utf-8") as f:
            rows = table_rows(f.read(), PERF_HEADER)
        self.assertEqual(rows[0][2:], ["error: CryptHash returned 2"] + ["–"] * 4)


class Mutations(unittest.TestCase):
    """Random wrong values and missing keys in both inputs of both samples
    (fixed seed, 150 each): the tool either writes reports or raises
    ReportError, never anything else."""

    def test_mutated_inputs(self):
        for sample in (SAMPLE, SAMPLE2):
            with self.subTest(sample=sample):
                self.mutate(load(sample, "bench.json"), load(sample, "kat.json"))

    def mutate(self, bench, kat):
        import random
        values = [None, "x", -1, 0, 1.5, [], {}, True, "1e999", float("nan"),
                  float("inf"), "", 10 ** 30]

        def paths(o, pre=()):
            if isinstance(o, dict):
                for k, v in o.items():
                    yield pre + (k,)
                    yield from paths(v, pre + (k,))
            elif isinstance(o, list):
                for i, v in enumerate(o[:3]):
                    yield pre + (i,)
                    yield from paths(v, pre + (i,))

        rng = random.Random(4)
        with tempfile.TemporaryDirectory() as tmp:
            for n in range(150):
                docs = {"bench.json": json.loads(json.dumps(bench)),
                        "kat.json": json.loads(json.dumps(kat))}
                name = ("bench.json", "kat.json")[n % 2]
                path = rng.choice(list(paths(docs[name])))
                parent = docs[name]
                for key in path[:-1]:
                    parent = parent[key]
                if isinstance(parent, dict) and rng.random() < 0.3:
                    del parent[path[-1]]
                else:
                    parent[path[-1]] = rng.choice(values)
                for fname, doc in docs.items():
                    with open(os.path.join(tmp, fname), "w", encoding="utf-8") as f:
                        json.dump(doc, f)
                with self.subTest(file=name, path=path):
                    try:
                        R.generate(tmp, os.path.join(tmp, "out"), plots=False)
                    except R.ReportError:
                        pass


class Helpers(unittest.TestCase):
    def test_skipped_modules_grouped_without_paths(self):
        text = ("A-1/ref: not built (/b/modules/libA-1-ref.so not found); "
                "A-1/opt: not built (/b/modules/libA-1-opt.so not found); "
                "B-2/ref: no ngcc_instance() (describe it under external: in the campaign)")
        self.assertEqual(R.skipped_modules(text),
                         [("no ngcc_instance()", ["B-2/ref"]),
                          ("not built", ["A-1/ref", "A-1/opt"])])
        self.assertEqual(R.skipped_modules(""), [])


class Aggregation(unittest.TestCase):
    def test_repetitions_weighted_by_calls(self):
        rows = [{"name": "X-1/ref/64", "run_type": "iteration", "iterations": n,
                 "real_time": t, "time_unit": "ns", "cycles": c, "calls": n}
                for n, t, c in ((100, 10.0, 30.0), (300, 20.0, 50.0))]
        rows.append(dict(rows[0], name="X-1/ref/64_mean", run_type="aggregate",
                         aggregate_name="mean"))
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            with open(path, "w") as f:
                json.dump({"context": SCHEMA2_CONTEXT, "benchmarks": rows}, f)
            bench = R.parse_bench(path)
        m = bench.get("X-1", "ref", 64)
        self.assertEqual(m.trials, [100, 300])
        self.assertAlmostEqual(m.mean_cycles, (100 * 30 + 300 * 50) / 400)
        self.assertAlmostEqual(m.mean_seconds, (100 * 10 + 300 * 20) / 400 * 1e-9)

    def test_best_call_is_min_over_repetitions(self):
        rows = [{"name": "X-1/ref/64", "run_type": "iteration", "iterations": 10,
                 "real_time": 1.0, "time_unit": "ns", "cycles": 90.0, "calls": 10,
                 "cycles_min": best} for best in (70.0, 64.0)]
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            with open(path, "w") as f:
                json.dump({"context": SCHEMA2_CONTEXT, "benchmarks": rows}, f)
            self.assertAlmostEqual(R.parse_bench(path).get("X-1", "ref", 64).best_cpb, 1.0)
            # A repetition without the counter: no best-call figure at all.
            del rows[1]["cycles_min"]
            with open(path, "w") as f:
                json.dump({"context": SCHEMA2_CONTEXT, "benchmarks": rows}, f)
            self.assertIsNone(R.parse_bench(path).get("X-1", "ref", 64).best_cpb)

    def test_best_call_columns(self):
        """cycles_min on the default-mode rows of the sample: the relative
        table gains a best-call ratio, the further figures a best-call
        cycles/byte; rows without the counter show '–'."""
        bench = load(SAMPLE, "bench.json")
        for row in bench["benchmarks"]:
            if "cpu_cycles" in row:
                share = 0.5 if row["name"].startswith("SHA-512/") else 0.8
                row["cycles_min"] = row["cycles"] * share
        reports = reports_from(bench)
        chime, summary = reports["hash-26-CHIME.md"], reports["summary.md"]
        perf = {(r[0], r[1]): r for r in table_rows(chime, PERF_HEADER)}
        relative = {(r[0], r[1]): r for r in table_rows(
            chime, "| instance | message | cycles/byte vs SHA-512 | best call vs SHA-512 |")}
        for r in table_rows(chime, "| instance | message | cycles/byte (best call) |"):
            rel = relative[(r[0], r[1])]
            if r[0].endswith("(ref)"):
                self.assertEqual((r[2], rel[3]), ("–", "–"))
            else:
                self.assertAlmostEqual(float(r[2]), 0.8 * float(perf[(r[0], r[1])][3]),
                                       delta=0.11)
                # (0.8 cpb) / (0.5 baseline cpb) = 1.6 × the mean ratio, to rounding
                best_ratio = float(rel[3].split("×")[0])
                self.assertAlmostEqual(best_ratio, 1.6 * float(rel[2].split("×")[0]),
                                       delta=0.05 * best_ratio + 0.011)
        self.assertIn("| MB/s | relative | cycles/byte (best call) | relative (best call) | KAT |",
                      summary)

    def test_guide_row_trials(self):
        row = {"name": "X-1/ref/64/iterations:1/manual_time", "run_type": "iteration",
               "iterations": 1, "real_time": 1000.0, "time_unit": "ns",
               "cycles": 2100.0, "calls": 100000, "trials": 5,
               "iterations_per_trial": 20000}
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "bench.json")
            with open(path, "w") as f:
                json.dump({"context": SCHEMA2_CONTEXT, "benchmarks": [row]}, f)
            m = R.parse_bench(path).get("X-1", "ref", 64)
        self.assertEqual(R.fmt_calls(m.calls, m.trials), "100000 (5 × 20000)")
        self.assertEqual(R.fmt_time(m.mean_seconds), "1 µs")

    def test_guide_trials_are_the_repetitions(self):
        """A guide row's record lists its five trials: they are the repetitions
        of the interval; the means stay the row's."""
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, "sys")
            shutil.copytree(SAMPLE, src)
            rec_dir = os.path.join(src, "records", "baseline")
            os.makedirs(rec_dir)
            bench = load(SAMPLE, "bench.json")
            row = next(b for b in bench["benchmarks"] if b["name"].startswith("SHA-512/openssl/32"))
            per = row["calls"] // 5
            trials = [{"measurements": per, "seconds": row["real_time"] * 1e-9 * per * f,
                       "cycles": row["cycles"] * per * f} for f in (0.98, 0.99, 1.0, 1.01, 1.02)]
            with open(os.path.join(rec_dir, "SHA-512-openssl__hash_32.json"), "w") as f:
                json.dump({"label": "SHA-512", "ngcc_variant": "openssl", "input_bytes": 32,
                           "trials": trials}, f)
            out = os.path.join(tmp, "out")
            proc = run(src, "--out", out, "--no-plots")
            self.assertEqual(proc.returncode, 0, proc.stderr)
            chime = read_reports(out)["hash-26-CHIME.md"]
        rows = table_rows(chime, "| instance | message | cycles/byte vs SHA-512 |")
        row = next(r for r in rows if r[:2] == ["`CHIME-512` (ref)", "32 B"])
        self.assertRegex(row[2], r"^\d\.\d\d× \[\d\.\d\d–\d\.\d\d\]$")
        self.assertEqual(row[3], "5 / 5")
        perf = {(r[0], r[1]): r for r in table_rows(chime, PERF_HEADER)}
        self.assertEqual(perf[("`CHIME-512` (ref)", "32 B")][2], "2248")


if __name__ == "__main__":
    unittest.main()
