"""The constant-time check in the reports: ct.json (tools/hashbench/ct.py) beside
bench.json and kat.json gives §3 a table with every library's verdict;
without it the reports are unchanged; a malformed ct.json is one line."""

import json
import os
import shutil
import tempfile
import unittest

from report_testing import SAMPLE2, R, read_reports, section, table_rows

CT_HEADER = "| instance | constant-time check |"


def ct_doc(libraries):
    return {"schema": "ngcc-ct/1", "date": "2026-12-01T00:00:00Z", "libraries": libraries}


PASS = {"instance": "CHIME-512", "variant": "ref", "status": "PASS", "calls": 117,
        "max_bits": 32799, "sites": []}
FAIL = {"instance": "CHIME-512", "variant": "submitted-ref", "status": "FAIL", "calls": 117,
        "max_bits": 32799,
        "sites": [{"kind": "Use of uninitialised value of size 8", "where": "sbox (in libX.so)"},
                  {"kind": "Conditional jump or move depends on uninitialised value(s)",
                   "where": "round (in libX.so)"}]}
SKIP = {"instance": "CHIME-512", "variant": "avx512", "status": "SKIP",
        "why": "valgrind runs no AVX-512 instructions", "sites": []}


class CtInReports(unittest.TestCase):
    def reports(self, ct):
        with tempfile.TemporaryDirectory() as tmp:
            src = os.path.join(tmp, os.path.basename(SAMPLE2))  # the system name
            shutil.copytree(SAMPLE2, src)
            if ct is not None:
                with open(os.path.join(src, "ct.json"), "w", encoding="utf-8") as f:
                    f.write(ct if isinstance(ct, str) else json.dumps(ct))
            out = os.path.join(tmp, "out")
            R.generate(src, out, plots=False)
            return read_reports(out)

    def test_every_library_of_section_3_has_a_verdict(self):
        chime = self.reports(ct_doc([PASS, FAIL, SKIP]))["hash-26-CHIME.md"]
        rows = dict(table_rows(section(chime, 3), CT_HEADER))
        self.assertEqual(rows["`CHIME-512` (ref)"],
                         "PASS: no message-dependent branch or memory index in 117 calls "
                         "(messages of 0 to 32799 bits)")
        self.assertEqual(rows["`CHIME-512` (submitted-ref)"],
                         "FAIL: 2 sites, first: Use of uninitialised value of size 8 at sbox (in libX.so)")
        self.assertEqual(rows["`CHIME-512` (avx512)"], "SKIP (valgrind runs no AVX-512 instructions)")
        self.assertEqual(rows["`CHIME-1024` (ref)"], "not run")

    def test_without_ct_json_the_reports_are_unchanged(self):
        self.assertEqual(self.reports(None), read_reports_of_sample())
        self.assertNotIn("Constant-time", self.reports(None)["hash-26-CHIME.md"])

    def test_a_malformed_ct_json_is_one_line_naming_the_field(self):
        bad = dict(PASS, status="MAYBE")
        with self.assertRaises(R.ReportError) as e:
            self.reports(ct_doc([bad]))
        self.assertIn("ct.json: libraries[0].status: expected one of PASS, FAIL, SKIP, ERROR", str(e.exception))
        with self.assertRaises(R.ReportError) as e:
            self.reports(ct_doc([dict(FAIL, sites=[])]))
        self.assertIn("libraries[0].sites: a FAIL names at least one site", str(e.exception))


def read_reports_of_sample():
    with tempfile.TemporaryDirectory() as tmp:
        R.generate(SAMPLE2, os.path.join(tmp, "out"), plots=False)
        return read_reports(os.path.join(tmp, "out"))


if __name__ == "__main__":
    unittest.main()
