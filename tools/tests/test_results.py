"""Unit tests of tools/hashbench/results.py: a run never overwrites a campaign; a
schema-1 bench.json is converted once, its rows untouched.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import datetime
import json
import os
import subprocess
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hashbench import results as results  # noqa: E402

NGCC = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "ngcc")

ZEN5 = {"machine": "x86_64", "vendor": "AuthenticAMD", "family": 26, "model": 2, "stepping": 1,
        "features": "AVX2 BMI1 BMI2 FMA AVX512F AVX512BW AVX512VL"}
ZEN5_AVX512_HIDDEN = dict(ZEN5, features="AVX2 BMI1 BMI2 FMA")
ZEN3 = {"machine": "x86_64", "vendor": "AuthenticAMD", "family": 25, "model": 1, "stepping": 1,
        "features": "AVX2 BMI1 BMI2 FMA"}
T1 = datetime.datetime(2026, 12, 1, 20, 0, 0, tzinfo=datetime.timezone.utc)
T2 = T1 + datetime.timedelta(minutes=5)


class ResultsDirectory(unittest.TestCase):
    """A temporary results/<system>/ and the campaigns a test puts there."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = os.path.join(self.tmp.name, "results", "x86_64-amd-epyc-zen5")

    def tearDown(self):
        self.tmp.cleanup()

    def campaign(self, identity, files=("bench.json", "kat.json"), directory=None):
        """A campaign as committed: its files and cpu.json."""
        directory = directory or self.dir
        os.makedirs(directory, exist_ok=True)
        for name in files:
            with open(os.path.join(directory, name), "w") as f:
                f.write("{}\n")
        if identity is not None:
            with open(os.path.join(directory, "cpu.json"), "w") as f:
                json.dump(identity, f)

    def place(self, name, here, replace=False, now=T1, merge=False):
        return results.place(self.dir, name, here, "AMD EPYC (test)", replace, now, merge)


class Place(ResultsDirectory):
    def test_a_new_directory_is_written_in_place_with_the_identity(self):
        where, line = self.place("bench.json", ZEN5)
        self.assertEqual(where, self.dir)
        with open(os.path.join(self.dir, "cpu.json")) as f:
            self.assertEqual(json.load(f), ZEN5)
        with open(os.path.join(self.dir, "cpu.txt")) as f:
            self.assertEqual(f.read(), "AMD EPYC (test)\n")
        self.assertIn("bench.json goes to " + self.dir, line)

    def test_bench_completes_what_a_kat_run_began(self):
        self.assertEqual(self.place("kat.json", ZEN5)[0], self.dir)
        self.campaign(None, files=("kat.json",))
        self.assertEqual(self.place("bench.json", ZEN5)[0], self.dir)

    def test_a_campaign_of_this_cpu_is_never_overwritten(self):
        self.campaign(ZEN5)
        where, line = self.place("bench.json", ZEN5)
        self.assertEqual(where, os.path.join(self.dir, "runs", "20261201T200000Z"))
        self.assertTrue(os.path.exists(os.path.join(where, "cpu.json")))
        self.assertIn("holds a campaign of this CPU, never overwritten", line)

    def test_a_kat_run_and_the_bench_run_after_it_share_one_run(self):
        self.campaign(ZEN5)
        kat_run, _ = self.place("kat.json", ZEN5, now=T1)
        self.campaign(None, files=("kat.json",), directory=kat_run)
        bench_run, line = self.place("bench.json", ZEN5, now=T2)
        self.assertEqual(bench_run, kat_run)
        self.assertIn("beside the kat.json there", line)
        self.campaign(None, files=("bench.json",), directory=bench_run)
        self.assertNotEqual(self.place("bench.json", ZEN5, now=T2)[0], kat_run)

    def unfinished_kat(self, directory):
        """A kat.json as ngcc-kat leaves it when stopped or killed."""
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "kat.json"), "w") as f:
            json.dump({"schema": "ngcc-kat/1", "complete": False, "modules": []}, f)

    def test_an_unfinished_kat_run_is_continued_where_it_is(self):
        self.assertEqual(self.place("kat.json", ZEN5)[0], self.dir)
        self.unfinished_kat(self.dir)
        where, line = self.place("kat.json", ZEN5, now=T2)
        self.assertEqual(where, self.dir)
        self.assertIn("continuing the unfinished " + os.path.join(self.dir, "kat.json"), line)
        self.assertTrue(results.unfinished(os.path.join(self.dir, "kat.json")))

    def test_an_unfinished_kat_run_beside_a_campaign_is_continued(self):
        self.campaign(ZEN5)
        kat_run, _ = self.place("kat.json", ZEN5, now=T1)
        self.unfinished_kat(kat_run)
        self.assertEqual(self.place("kat.json", ZEN5, now=T2)[0], kat_run)
        self.assertEqual(self.place("bench.json", ZEN5, now=T2)[0], kat_run, "the bench run joins it")

    def test_a_finished_kat_run_is_not_continued(self):
        self.campaign(ZEN5)
        self.assertFalse(results.unfinished(os.path.join(self.dir, "kat.json")))
        self.assertNotEqual(self.place("kat.json", ZEN5)[0], self.dir)

    def test_an_unfinished_kat_run_of_another_cpu_is_not_continued(self):
        self.campaign(ZEN3, files=())
        self.unfinished_kat(self.dir)
        self.assertNotEqual(self.place("kat.json", ZEN5)[0], self.dir)

    def test_a_stopped_bench_run_is_continued_where_it_is(self):
        self.campaign(ZEN5)
        bench_run, _ = self.place("bench.json", ZEN5, now=T1)
        with open(os.path.join(bench_run, "bench.rows.jsonl"), "w") as f:
            f.write("{}\n")
        where, line = self.place("bench.json", ZEN5, now=T2)
        self.assertEqual(where, bench_run)
        self.assertIn("continuing the bench run stopped in " + bench_run, line)
        self.campaign(None, files=("bench.json",), directory=bench_run)
        self.assertNotEqual(self.place("bench.json", ZEN5, now=T2)[0], bench_run, "a finished run is not")

    def test_a_run_that_left_no_result_is_taken_again(self):
        self.campaign(ZEN5)
        failed, _ = self.place("bench.json", ZEN5, now=T1)
        with open(os.path.join(failed, "bench.log"), "w") as f:
            f.write("bench: campaign.yaml:3: key 'sizes': expected a list\n")
        open(os.path.join(failed, "bench.rows.jsonl"), "w").close()  # no row ended
        where, line = self.place("bench.json", ZEN5, now=T2)
        self.assertEqual(where, failed)
        self.assertIn("the run placed there left no result", line)
        self.campaign(None, files=("bench.json",), directory=failed)
        self.assertNotEqual(self.place("bench.json", ZEN5, now=T2)[0], failed, "a run with a result is not")

    def test_a_stopped_bench_run_of_another_cpu_is_not_continued(self):
        self.campaign(ZEN3, files=())
        with open(os.path.join(self.dir, "bench.rows.jsonl"), "w") as f:
            f.write("{}\n")
        self.assertNotEqual(self.place("bench.json", ZEN5)[0], self.dir)

    def test_constant_time_verdicts_join_a_finished_campaign_of_this_cpu(self):
        self.campaign(ZEN5)
        where, line = self.place("ct.json", ZEN5, merge=True)
        self.assertEqual(where, self.dir)
        self.assertIn("ct.json merged into " + os.path.join(self.dir, "ct.json"), line)

    def test_constant_time_verdicts_of_another_cpu_go_to_a_run_of_their_own(self):
        self.campaign(ZEN3)
        self.assertIn(os.path.join(self.dir, "runs"), self.place("ct.json", ZEN5, merge=True)[0])

    def test_another_cpu_gets_a_run_of_its_own_and_is_told_how_it_differs(self):
        self.campaign(ZEN3)
        where, line = self.place("bench.json", ZEN5)
        self.assertIn(os.path.join(self.dir, "runs"), where)
        self.assertIn("campaign of another CPU (family 25 there, 26 here", line)

    def test_hidden_extensions_make_another_cpu(self):
        self.campaign(ZEN5)
        kat_run, _ = self.place("kat.json", ZEN5, now=T1)
        self.campaign(None, files=("kat.json",), directory=kat_run)
        where, _ = self.place("bench.json", ZEN5_AVX512_HIDDEN, now=T2)
        self.assertNotEqual(where, kat_run)

    def test_unrecorded_fields_match_any_value(self):
        self.campaign(dict(ZEN3, model=None, stepping=None))
        self.assertEqual(results.differences(dict(ZEN3, model=None, stepping=None), dict(ZEN3, model=33)), [])
        where, line = self.place("bench.json", dict(ZEN3, model=33))
        self.assertIn("campaign of this CPU", line)

    def test_replace_on_the_cpu_it_was_made_on(self):
        self.campaign(ZEN5)
        self.assertEqual(self.place("bench.json", ZEN5, replace=True)[0], self.dir)

    def test_replace_refused_on_another_cpu(self):
        self.campaign(ZEN3)
        with self.assertRaisesRegex(results.PlaceError, "made on another CPU .*not replaced"):
            self.place("bench.json", ZEN5, replace=True)

    def test_replace_refused_without_an_identity(self):
        self.campaign(None)
        with self.assertRaisesRegex(results.PlaceError, "records no CPU identity"):
            self.place("bench.json", ZEN5, replace=True)

    def test_a_campaign_without_identity_is_left_alone(self):
        self.campaign(None, files=("kat.json",))
        where, _ = self.place("bench.json", ZEN5)
        self.assertIn(os.path.join(self.dir, "runs"), where)

    def test_unreadable_identity_is_one_line(self):
        self.campaign(None)
        with open(os.path.join(self.dir, "cpu.json"), "w") as f:
            f.write("{not json")
        with self.assertRaisesRegex(results.PlaceError, "cpu.json: unreadable CPU identity"):
            self.place("bench.json", ZEN5)


class MergeKat(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.library = os.path.join(self.tmp.name, "libA-ref.so")
        with open(self.library, "w") as f:
            f.write("our module\n")

    def tearDown(self):
        self.tmp.cleanup()

    def kat(self, name, modules, date="2026-12-01T20:00:00Z"):
        path = os.path.join(self.tmp.name, name)
        with open(path, "w") as f:
            json.dump({"schema": "ngcc-kat/1", "date": date, "command": "ngcc-kat " + name,
                       "modules": modules}, f)
        return path

    def module(self, instance, variant, status="PASS", path=None, sha256=None):
        return {"module": "%s-%s" % (instance, variant), "instance": instance, "variant": variant,
                "path": path or "/nowhere/lib.so", "module_sha256": sha256 or "0" * 64,
                "files": [{"kind": "2_12", "status": status}]}

    def test_a_new_kat_json_starts_from_the_unchanged_modules_of_the_last_full_run(self):
        from hashbench.common import file_sha256
        seed = self.kat("full.json", [self.module("A", "ref", path=self.library, sha256=file_sha256(self.library)),
                                      self.module("A", "opt", path=self.library, sha256="f" * 64)])
        new = self.kat("run.json", [self.module("A", "submitted-ref")])
        target = os.path.join(self.tmp.name, "kat.json")
        self.assertEqual(results.merge_kat(target, new, seed), (0, 1))
        with open(target) as f:
            doc = json.load(f)
        self.assertEqual([(m["instance"], m["variant"]) for m in doc["modules"]],
                         [("A", "ref"), ("A", "submitted-ref")], "A-opt changed since it was checked")

    def test_runs_accumulate_and_a_library_checked_again_replaces_its_verdict(self):
        target = self.kat("kat.json", [self.module("A", "ref")])
        results.merge_kat(target, self.kat("p1.json", [self.module("A", "submitted-ref", "FAIL")]))
        results.merge_kat(target, self.kat("p2.json", [self.module("B", "submitted-opt")],
                                           date="2026-12-01T21:00:00Z"))
        self.assertEqual(results.merge_kat(target, self.kat("p3.json", [self.module("A", "submitted-ref")])), (1, 0))
        with open(target) as f:
            doc = json.load(f)
        self.assertEqual([(m["variant"], m["files"][0]["status"]) for m in doc["modules"]],
                         [("ref", "PASS"), ("submitted-ref", "PASS"), ("submitted-opt", "PASS")])
        self.assertEqual([r["command"] for r in doc["runs"]],
                         ["ngcc-kat p1.json", "ngcc-kat p2.json", "ngcc-kat p3.json"])

    def test_an_unfinished_run_adds_what_it_finished_and_the_merge_is_no_run_to_continue(self):
        target = self.kat("kat.json", [self.module("A", "ref")])
        run = self.kat("run.json", [self.module("A", "submitted-ref")])
        with open(run) as f:
            doc = json.load(f)
        with open(run, "w") as f:
            json.dump(dict(doc, complete=False), f)
        self.assertEqual(results.merge_kat(target, run), (0, 1))
        with open(target) as f:
            doc = json.load(f)
        self.assertNotIn("complete", doc)
        self.assertFalse(results.unfinished(target))
        self.assertEqual(doc["runs"][-1]["complete"], False)
        self.assertTrue(results.unfinished(run))

    def test_not_a_kat_json_is_one_line(self):
        bad = os.path.join(self.tmp.name, "bad.json")
        with open(bad, "w") as f:
            f.write("[]")
        with self.assertRaisesRegex(results.PlaceError, "bad.json: not an ngcc-kat JSON document"):
            results.merge_kat(os.path.join(self.tmp.name, "kat.json"), bad)


class PlaceForMerge(ResultsDirectory):
    def test_kat_runs_of_several_packages_gather_in_one_run(self):
        self.campaign(ZEN5)
        first, _ = results.place(self.dir, "kat.json", ZEN5, "", merge=True, now=T1)
        self.assertIn(os.path.join(self.dir, "runs"), first)
        self.campaign(None, files=("kat.json",), directory=first)
        second, line = results.place(self.dir, "kat.json", ZEN5, "", merge=True, now=T2)
        self.assertEqual(second, first)
        self.assertIn("merged into", line)
        self.campaign(None, files=("bench.json",), directory=first)
        self.assertNotEqual(results.place(self.dir, "kat.json", ZEN5, "", merge=True, now=T2)[0], first)

    def test_a_bench_run_before_is_not_joined(self):
        self.campaign(ZEN5)
        bench_run, _ = results.place(self.dir, "bench.json", ZEN5, "", now=T1)
        self.campaign(None, files=("bench.json",), directory=bench_run)
        kat_run, _ = results.place(self.dir, "kat.json", ZEN5, "", merge=True, now=T2)
        self.assertNotEqual(kat_run, bench_run)

    def test_a_new_directory_takes_the_merge_itself(self):
        self.assertEqual(results.place(self.dir, "kat.json", ZEN5, "", merge=True)[0], self.dir)



def schema1_bench():
    """A small schema-1 bench.json as bench wrote it (bench/SCHEMA.md before
    schema 2): a candidate's ref module, a baseline, a row of each, the
    numbers in Google Benchmark's own %.17e layout."""
    modules = [
        {"key": "CHIME-512/ref", "name": "CHIME-512", "variant": "ref", "candidate_id": "hash-26",
         "family": "CHIME", "kat_name": "CHIME-512", "digest_bits": 512, "is_xof": False,
         "code_path": "portable", "kind": "candidate", "module": "libCHIME-512-ref.so",
         "sha256": "11" * 32, "static_bytes": 6561, "compare_with": "SHA-512"},
        {"key": "SHA-512/openssl", "name": "SHA-512", "variant": "openssl", "candidate_id": "baseline",
         "family": "OpenSSL", "kat_name": "SHA2-512", "digest_bits": 512, "is_xof": False,
         "code_path": "openssl-evp", "kind": "baseline", "module": "libSHA-512-openssl.so",
         "sha256": "22" * 32, "static_bytes": 4289, "compare_with": None}]
    context = ('{\n    "date": "2026-11-30T00:32:03+00:00",\n    "load_avg": [0.759766,0.910645],\n'
               '    "flags_openssl": "-O2 -fPIC",\n    "flags_ref": "-O3 -O2",\n'
               '    "ngcc_modules": %s,\n    "ngcc_schema": "1",\n    "tsc_ghz": "2.4454"\n  }'
               % json.dumps(json.dumps(modules, separators=(",", ":"))))
    rows = ",\n".join(
        '    {\n      "name": "%s/32",\n      "run_type": "iteration",\n      "iterations": 210108,\n'
        '      "real_time": 3.6381978839460221e+03,\n      "time_unit": "ns",\n'
        '      "cycles": 8.8970504454851798e+03,\n      "cpu_cycles": 8.8476207130886469e+03\n    }'
        % key for key in ("CHIME-512/ref", "SHA-512/openssl"))
    return '{\n  "context": %s,\n  "benchmarks": [\n%s\n  ]\n}\n' % (context, rows)


class ConvertSchema1(unittest.TestCase):
    """convert-schema1: the facts the report supplied for schema 1 written
    into the context once, every row kept byte for byte."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.path = os.path.join(self.dir, "bench.json")
        self.write(schema1_bench())

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, text):
        with open(self.path, "w", encoding="utf-8") as f:
            f.write(text)

    def read(self):
        with open(self.path, encoding="utf-8") as f:
            return f.read()

    def convert(self):
        return subprocess.run([NGCC, "convert-schema1", self.dir],
                              capture_output=True, text=True, encoding="utf-8")

    def assertRefused(self, proc, *needles):
        self.assertNotEqual(proc.returncode, 0)
        lines = proc.stderr.splitlines()
        self.assertEqual(len(lines), 1, proc.stderr)
        self.assertNotIn("Traceback", proc.stderr)
        for needle in needles:
            self.assertIn(needle, lines[0])

    def test_rows_kept_byte_for_byte(self):
        before = self.read()
        proc = self.convert()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("converted from schema 1 to schema 2", proc.stderr)
        after = self.read()
        rows = before.index('"benchmarks"')
        self.assertEqual(after[after.index('"benchmarks"'):], before[rows:])
        self.assertIn('"load_avg": [0.759766,0.910645]', after)

    def test_facts_filled(self):
        self.assertEqual(self.convert().returncode, 0)
        context = json.loads(self.read())["context"]
        self.assertEqual(context["ngcc_schema"], "2")
        chime, sha = json.loads(context["ngcc_modules"])
        self.assertEqual((chime["instance"], chime["full_name"], chime["implementation"],
                          chime["build_flags"]),
                         ("CHIME-512", "The Hash Function CHIME", "reference", "-O3 -O2"))
        self.assertEqual(sha["wrapper_build_flags"], "-O2 -fPIC")
        self.assertNotIn("build_flags", sha)
        families = json.loads(context["ngcc_families"])
        self.assertEqual([f["candidate_id"] for f in families],
                         ["hash-01", "hash-14", "hash-17", "hash-26", "hash-33"])
        self.assertEqual(families[3]["instances"],
                         [{"name": "CHIME-512", "kat_name": "CHIME-512", "digest_bits": 512,
                           "xof": False, "baseline": "SHA-512"}, {"name": "CHIME-1024"}])

    def test_flags_from_the_table_where_the_context_has_none(self):
        self.write(schema1_bench().replace('"flags_ref": "-O3 -O2"', '"flags_ref": ""'))
        self.assertEqual(self.convert().returncode, 0)
        chime = json.loads(json.loads(self.read())["context"]["ngcc_modules"])[0]
        self.assertEqual(chime["build_flags"], "-O2")

    def test_conversion_recorded(self):
        original = results.file_sha256(self.path)
        self.assertEqual(self.convert().returncode, 0)
        context = json.loads(self.read())["context"]
        self.assertEqual(context["ngcc_converted_from"], "schema 1 (bench.json sha256 %s)" % original)
        record = json.loads(context["ngcc_conversion"])
        self.assertEqual(record["tool"], "tools/ngcc convert-schema1")
        self.assertEqual(record["filled"]["ngcc_modules[].build_flags"], "context flags_<variant>")
        self.assertIn("ngcc_families", record["filled"])

    def test_second_conversion_does_nothing(self):
        self.assertEqual(self.convert().returncode, 0)
        once = self.read()
        proc = self.convert()
        self.assertEqual(proc.returncode, 0, proc.stderr)
        self.assertIn("schema 2 already (converted from schema 1", proc.stderr)
        self.assertIn("nothing to do", proc.stderr)
        self.assertEqual(self.read(), once)

    def test_bad_files_refused_and_kept(self):
        text = schema1_bench()
        for name, bad, needle in (
                ("truncated", text[:len(text) // 2], "unreadable bench.json"),
                ("no context", '{"benchmarks": []}', "not a bench.json"),
                ("schema 3", text.replace('"ngcc_schema": "1"', '"ngcc_schema": "3"'),
                 'expected "1", found "3"'),
                ("bad modules", text.replace('"ngcc_modules": "[', '"ngcc_modules": "[[', 1),
                 "context.ngcc_modules")):
            with self.subTest(name):
                self.write(bad)
                self.assertRefused(self.convert(), self.path, needle)
                self.assertEqual(self.read(), bad)
                self.assertEqual(os.listdir(self.dir), ["bench.json"])

    def test_missing_bench_json(self):
        os.remove(self.path)
        self.assertRefused(self.convert(), self.path, "unreadable bench.json")


if __name__ == "__main__":
    unittest.main()
