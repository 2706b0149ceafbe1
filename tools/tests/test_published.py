"""Unit tests of the field summary's section set beside the published x86_1
summary (tools/hashbench/report/published.py and its data file
tools/hashbench/report/published/x86_1-hash.json).

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -t tools/tests -p test_published.py
"""

import copy
import json
import math
import os
import re
import shutil
import tempfile
import unittest

from report_testing import R, SAMPLE2, read_reports

from hashbench.report.inputs import ReportError
from hashbench.report.published import (PUBLISHED_HASH, load_published, parse_cycles, ranks, spearman)

TIMED = ("real_time", "cpu_time", "cycles", "core_cycles", "cpb", "cpb_core", "cycles_min", "cpb_min",
         "cpu_cycles")


class DataFile(unittest.TestCase):
    """The transcription is whole and consistent with itself."""

    @classmethod
    def setUpClass(cls):
        cls.published = load_published()
        with open(PUBLISHED_HASH, encoding="utf-8") as f:
            cls.doc = json.load(f)

    def test_every_hash_candidate_once(self):
        ids = [c["id"] for c in self.doc["candidates"]]
        self.assertEqual(ids, ["hash-%02d" % n for n in range(1, 36)])
        self.assertEqual(len(self.published.rows), 35)

    def test_the_source_is_named(self):
        p = self.published
        self.assertEqual((p.repository, p.path, p.system),
                         ("ngcc-dev/ngcc-harness", "performance/summary_x86_1.md", "x86_1"))
        self.assertRegex(p.commit, r"^[0-9a-f]{40}$")
        self.assertIn("i7-12700", p.system_description)

    def test_cycles_grow_with_the_message(self):
        for row in self.published.rows.values():
            self.assertLess(row.cycles[32], row.cycles[1024], row.id)
            self.assertLess(row.cycles[1024], row.cycles[65536], row.id)

    def test_every_figure_as_the_page_prints_it(self):
        for c in self.doc["candidates"]:
            self.assertTrue(c["algorithm"] and c["first_instance"], c["id"])
            self.assertEqual(sorted(c["cycles"]), sorted(c["pseudoxof_ratio"]), c["id"])
            for size, ratio in c["pseudoxof_ratio"].items():
                self.assertRegex(ratio, r"^[0-9]+\.[0-9]{2}×$", "%s at %s" % (c["id"], size))
            self.assertTrue(c["note"] is None or c["note"].strip() == c["note"] != "", c["id"])

    def test_distinct_instances(self):
        instances = [r.instance for r in self.published.rows.values()]
        self.assertEqual(len(set(instances)), len(instances))


class Malformed(unittest.TestCase):
    """A malformed data file is one line naming the file and the field."""

    def load(self, change):
        with open(PUBLISHED_HASH, encoding="utf-8") as f:
            doc = json.load(f)
        change(doc)
        with tempfile.TemporaryDirectory() as tmp:
            path = os.path.join(tmp, "x86_1-hash.json")
            with open(path, "w", encoding="utf-8") as f:
                json.dump(doc, f)
            with self.assertRaises(ReportError) as caught:
                load_published(path)
        message = str(caught.exception)
        self.assertNotIn("\n", message)
        return message

    def test_cycles_not_as_printed(self):
        def change(doc):
            doc["candidates"][2]["cycles"]["65536"] = "67.98 Mcycles"
        self.assertIn("candidates[2].cycles.65536: expected cycles as the page prints them", self.load(change))

    def test_a_candidate_twice(self):
        def change(doc):
            doc["candidates"][1]["id"] = "hash-01"
        self.assertIn("candidates[1].id: hash-01 listed twice", self.load(change))

    def test_no_source(self):
        self.assertIn("source: missing", self.load(lambda doc: doc.pop("source")))

    def test_cycles_text(self):
        self.assertEqual(parse_cycles("2294"), 2294.0)
        self.assertEqual(parse_cycles("23.7 k"), 23700.0)
        self.assertEqual(parse_cycles("12.08 M"), 12080000.0)
        self.assertRaises(ValueError, parse_cycles, "1,2 k")


class Ranking(unittest.TestCase):
    def test_ranks_with_ties(self):
        # 1.17 M twice: Cuishen-512 and Dragon-512 on the published page.
        self.assertEqual(ranks([3.0, 1.0, 3.0, 2.0]), [3.5, 1.0, 3.5, 2.0])
        self.assertEqual(ranks([5.0, 5.0, 5.0]), [2.0, 2.0, 2.0])

    def test_spearman_by_hand(self):
        # Ranks 1..5 against 2 1 4 3 5: sum of d² = 4, rho = 1 - 6·4 / (5·24) = 0.8.
        self.assertAlmostEqual(spearman([1, 2, 3, 4, 5], [20, 10, 40, 30, 50]), 0.8)
        # A tie: ranks 1 2.5 2.5 4 against 1 2 3 4, the Pearson correlation
        # of the ranks = 4.5 / sqrt(4.5 · 5) = 3 / sqrt(10).
        self.assertAlmostEqual(spearman([10, 20, 20, 40], [1, 2, 3, 4]), 3 / math.sqrt(10))
        self.assertAlmostEqual(spearman([1, 2, 3], [3, 2, 1]), -1.0)

    def test_fewer_than_three_or_no_order(self):
        self.assertIsNone(spearman([1, 2], [2, 1]))
        self.assertIsNone(spearman([1, 1, 1], [1, 2, 3]))


def cloned(bench, clones):
    """bench (x86_sample2's) with CHIME-512/submitted-ref copied as each of
    clones, (candidate id, family, instance, factor): the same rows under the
    instance's name, every timing × factor, its module record renamed."""
    doc = copy.deepcopy(bench)
    ctx = doc["context"]
    modules = json.loads(ctx["ngcc_modules"])
    source = next(m for m in modules if m["key"] == "CHIME-512/submitted-ref")
    prefix = "CHIME-512/submitted-ref/"
    rows = [b for b in doc["benchmarks"] if b["name"].startswith(prefix)]
    for n, (cid, family, instance, factor) in enumerate(clones):
        mod = dict(source, candidate_id=cid, family=family, full_name=family, instance=instance, name=instance,
                   kat_name=instance, key="%s/submitted-ref" % instance, sha256="%02x" % (0x40 + n) * 32)
        modules.append(mod)
        for row in rows:
            new = dict(row, name=instance + "/submitted-ref/" + row["name"][len(prefix):],
                       run_name=instance + "/submitted-ref/" + row["run_name"][len(prefix):])
            if not new["name"].endswith("_cv"):
                for key in TIMED:
                    if key in new:
                        new[key] *= factor
                new["bytes_per_second"] /= factor
            doc["benchmarks"].append(new)
    ctx["ngcc_modules"] = json.dumps(modules)
    return doc


def field_page(bench):
    """field.md of x86_sample2 with its bench.json replaced by bench."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "sys")
        os.makedirs(src)
        shutil.copy(os.path.join(SAMPLE2, "kat.json"), src)
        with open(os.path.join(src, "bench.json"), "w", encoding="utf-8") as f:
            json.dump(bench, f)
        out = os.path.join(tmp, "out")
        R.generate(src, out, plots=False, field=True)
        return read_reports(out)["field.md"]


def section(markdown):
    start = markdown.index("\n## Set beside the published summary (x86_1)\n")
    end = markdown.find("\n## ", start + 1)
    return markdown[start:end if end >= 0 else len(markdown)]


def table_rows(text):
    return [[c.strip() for c in line.strip("|").split(" | ")]
            for line in text.splitlines() if line.startswith("| hash-")]


class Section(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        with open(os.path.join(SAMPLE2, "bench.json"), encoding="utf-8") as f:
            cls.bench = json.load(f)

    def test_one_candidate_in_common_is_too_few(self):
        text = section(field_page(self.bench))
        rows = table_rows(text)
        self.assertEqual([r[:2] for r in rows], [["hash-26 CHIME", "`CHIME-512` (submitted-ref)"]])
        self.assertEqual(rows[0][3:], ["1", "34.2 (2.24 M cycles)", "1", "0"])
        self.assertIn("1 candidate in both rankings: too few for a rank correlation (it needs 3).", text)
        self.assertNotIn("ρ =", text)
        self.assertIn("- hash-33 Thunder: no `Thunder-512 (submitted-ref)` measured at 65536 B in this run", text)
        self.assertIn("- hash-99 MyHash: not in the published table", text)
        self.assertIn("5a17c23af0d30e84b576e973e9d798a3d610a569", text)

    def test_the_ranks_the_correlation_and_the_far_apart(self):
        # The published order at 64 KiB (cycles/byte): ZC-EDMC 6.6, Eijen 9.5,
        # Cuishen 17.9 = Dragon 17.9, CHIME 34.2, Iphe 82.4, Duet 128.2,
        # AFS-TrEDM 184.3, Wish 4753.3; ours CHIME × factor, the reverse but Wish.
        clones = [("hash-32", "ZC-EDMC", "ZC-EDMC-1280-512", 64.0), ("hash-09", "Eijen", "Eijen-256", 32.0),
                  ("hash-06", "Cuishen", "Cuishen-512", 16.0), ("hash-07", "Dragon", "Dragon-512", 8.0),
                  ("hash-12", "Iphe", "Iphe-512", 0.5), ("hash-08", "Duet", "Duet-512", 0.25),
                  ("hash-01", "AFS-TrEDM", "AFS-TrEDM-512", 0.125), ("hash-35", "Wish", "Wish512", 128.0)]
        text = section(field_page(cloned(self.bench, clones)))
        ranks_of = {r[1].split("`")[1]: (r[3], r[5], r[6]) for r in table_rows(text)}
        self.assertEqual(ranks_of["AFS-TrEDM-512"], ("1", "8", "-7"))
        self.assertEqual(ranks_of["Cuishen-512"], ("6", "3.5", "+2.5"))
        self.assertEqual(ranks_of["Dragon-512"], ("5", "3.5", "+1.5"))
        self.assertEqual(ranks_of["CHIME-512"], ("4", "5", "-1"))
        self.assertEqual(ranks_of["ZC-EDMC-1280-512"], ("8", "1", "+7"))
        self.assertEqual(ranks_of["Wish512"], ("9", "9", "0"))
        ours = [1, 2, 3, 4, 5, 6, 7, 8, 9]   # AFS Duet Iphe CHIME Dragon Cuishen Eijen ZC-EDMC Wish
        theirs = [8, 7, 6, 5, 3.5, 3.5, 2, 1, 9]
        rho = re.search(r"Spearman's rank correlation over the 9 candidates in both: ρ = (-?[0-9.]+) ", text)
        self.assertIsNotNone(rho, text)
        self.assertEqual(rho.group(1), "%.2f" % spearman(ours, theirs))
        far = [l for l in text.splitlines() if l.startswith("- hash-") and " places)" in l]
        self.assertEqual([l.split(",")[0] for l in far], ["- hash-01 AFS-TrEDM", "- hash-32 ZC-EDMC"])
        afs = far[0]
        self.assertIn("our rank 1, published 8 (-7 places)", afs)
        self.assertIn("Our library's flags: guide: `-std=c99 -Wpedantic -Wall -Wextra -O2 -fPIC -D_GNU_SOURCE`", afs)
        self.assertIn("the published row has no note", afs)
        self.assertIn("measured on sys (AMD EPYC 9R14 (synthetic), zen4), the published on x86_1 "
                      "(one 12th Gen Intel(R) Core(TM) i7-12700 core", afs)

    def test_a_run_without_a_published_candidate(self):
        doc = copy.deepcopy(self.bench)
        doc["context"]["ngcc_families"] = json.dumps([f for f in json.loads(doc["context"]["ngcc_families"])
                                                      if f["candidate_id"] not in ("hash-26", "hash-33")])
        doc["benchmarks"] = [b for b in doc["benchmarks"] if not b["name"].startswith(("CHIME", "Thunder"))]
        text = section(field_page(doc))
        self.assertEqual(text.strip().splitlines()[2:],
                         ["No candidate of this run is in the published x86_1 hash table "
                          "(`performance/summary_x86_1.md` of `ngcc-dev/ngcc-harness` at commit "
                          "`5a17c23af0d30e84b576e973e9d798a3d610a569`)."])

    def test_a_run_without_submitted_reference_code(self):
        doc = copy.deepcopy(self.bench)
        doc["benchmarks"] = [b for b in doc["benchmarks"] if "/submitted-ref/" not in b["name"]]
        text = section(field_page(doc))
        self.assertEqual(text.strip().splitlines()[2:],
                         ["This run measured no submitted reference code (no `submitted-ref` library), which is "
                          "what the published x86_1 table ranks (`performance/summary_x86_1.md` of "
                          "`ngcc-dev/ngcc-harness` at commit `5a17c23af0d30e84b576e973e9d798a3d610a569`)."])


if __name__ == "__main__":
    unittest.main()
