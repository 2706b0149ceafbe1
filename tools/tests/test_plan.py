"""Unit tests of hashbench.plan: the modules of a build, a run's library plan, several campaign files as one.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import hashlib
import json
import os
import re
import sys
import tempfile
import unittest

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hashbench import plan as campaign  # noqa: E402
from hashbench.commands import planned  # noqa: E402
from hashbench.host import ToolError  # noqa: E402


class Merge(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()

    def tearDown(self):
        self.tmp.cleanup()

    def write(self, relative, text):
        path = os.path.join(self.tmp.name, relative)
        os.makedirs(os.path.dirname(path), exist_ok=True)
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_libraries_of_every_file_with_absolute_paths(self):
        a = self.write("A/campaign.yaml", "sizes: [32, 64]\nlibraries:\n"
                       "- {instance: CHIME-512, variant: submitted-ref, path: libA.so}\n")
        b = self.write("B/campaign.yaml", "libraries:\n- {instance: Laurus-512, variant: submitted-ref, path: /x/libB.so}\n")
        doc = campaign.merged([a, b])
        self.assertEqual(doc["sizes"], [32, 64])
        self.assertEqual([l["path"] for l in doc["libraries"]],
                         [os.path.join(self.tmp.name, "A", "libA.so"), "/x/libB.so"])
        out = os.path.join(self.tmp.name, "out.yaml")
        campaign.write_merged(out, [a, b])
        with open(out) as f:
            self.assertEqual(yaml.safe_load(f), doc)

    def test_settings_that_differ_are_refused(self):
        a = self.write("A/c.yaml", "sizes: [32]\n")
        b = self.write("B/c.yaml", "sizes: [64]\n")
        with self.assertRaisesRegex(campaign.PlanError, "B/c.yaml: sizes differs from the one in .*A/c.yaml"):
            campaign.merged([a, b])

    def test_one_label_twice_is_refused(self):
        entry = "libraries:\n- {instance: CHIME-512, variant: submitted-ref, path: l.so}\n"
        a, b = self.write("A/c.yaml", entry), self.write("B/c.yaml", entry)
        with self.assertRaisesRegex(campaign.PlanError, r"libraries\[0\]: CHIME-512/submitted-ref is also in"):
            campaign.merged([a, b])

    def test_a_malformed_file_is_one_line(self):
        with self.assertRaisesRegex(campaign.PlanError, "c.yaml: expected a mapping"):
            campaign.merged([self.write("c.yaml", "- 1\n")])
        with self.assertRaisesRegex(campaign.PlanError, r"libraries\[0\]: expected a mapping with a path"):
            campaign.merged([self.write("d.yaml", "libraries: [3]\n")])


MANIFEST = {"schema": "ngcc-modules/1", "variants": ["ref", "opt"],
            "families": [{"candidate_id": "hash-12", "family": "Laurus", "directory": "laurus", "instances": [
                {"name": "Laurus-512", "kat_name": "laurus_512", "digest_bits": 512}]}],
            "modules": [{"file": "libLaurus-512-opt.so", "kind": "candidate", "instance": "Laurus-512",
                         "variant": "opt", "requires": ["AVX2"], "build_flags": "-O3"},
                        {"file": "libSHA-512-openssl.so", "kind": "baseline", "instance": "SHA-512",
                         "variant": "openssl", "requires": [], "build_flags": "-O2"}]}


class Plan(unittest.TestCase):
    """One plan: a build's modules and the campaigns' libraries, resolved once."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.build = os.path.join(self.tmp.name, "build")
        os.makedirs(os.path.join(self.build, "modules"))
        with open(os.path.join(self.build, "modules", "ngcc_modules.json"), "w") as f:
            json.dump(MANIFEST, f)
        with open(os.path.join(self.build, "modules", "libLaurus-512-opt.so"), "wb") as f:
            f.write(b"module")
        with open(os.path.join(self.tmp.name, "libTheirs.so"), "wb") as f:
            f.write(b"theirs")

    def tearDown(self):
        self.tmp.cleanup()

    def campaign(self, text):
        path = os.path.join(self.tmp.name, "campaign.yaml")
        with open(path, "w") as f:
            f.write(text)
        return path

    def test_our_candidates_then_the_campaigns_libraries(self):
        c = self.campaign("libraries:\n- {instance: Laurus-512, variant: submitted-opt, path: libTheirs.so,"
                          " cpu_features: [AVX2, BMI2], build_flags: -O3 -mavx2}\n"
                          "- {name: Other-256, digest_bits: 256, path: libGone.so}\n")
        out = os.path.join(self.tmp.name, "kat_output", "plan.json")  # a directory not there yet
        campaign.write_plan(out, campaign.plan(self.build, [c]))
        libraries = campaign.read_plan(out)
        self.assertEqual(libraries[0], dict(
            path=os.path.join(self.build, "modules", "libLaurus-512-opt.so"), kind="candidate",
            instance="Laurus-512", kat_name="laurus_512", digest_bits=512, variant="opt", requires=["AVX2"],
            flags="-O3", sha256=hashlib.sha256(b"module").hexdigest()))
        self.assertEqual(libraries[1], dict(
            path=os.path.join(self.tmp.name, "libTheirs.so"), kind="submitted", instance="Laurus-512",
            kat_name="laurus_512", digest_bits=512, variant="submitted-opt", requires=["AVX2", "BMI2"],
            flags="-O3 -mavx2", sha256=hashlib.sha256(b"theirs").hexdigest()))
        # A file that is not there is planned: ngcc-kat and hashbench.ct give it its ERROR.
        self.assertEqual((libraries[2]["kat_name"], libraries[2]["variant"], libraries[2]["sha256"]),
                         ("Other-256", "external", ""))
        self.assertEqual(len(libraries), 3)

    def test_only_the_campaigns(self):
        c = self.campaign("libraries:\n- {instance: Laurus-512, variant: submitted-opt, path: libTheirs.so}\n")
        self.assertEqual([l["kind"] for l in campaign.plan(self.build, [c], modules=False)["libraries"]],
                         ["submitted"])

    def test_a_library_is_described_as_bench_requires(self):
        for text, refusal in (
                ("- {name: Laurus-512, digest_bits: 512, path: l.so}",
                 "name: 'Laurus-512' is a declared instance: write instance: Laurus-512"),
                ("- {instance: Laurus-9, path: l.so}", "no family declares the instance 'Laurus-9'"),
                ("- {name: Other-256, path: l.so}", "a library of another candidate needs name and digest_bits"),
                ("- {instance: Laurus-512, path: l.so}",
                 "a library of a declared instance needs a variant label (e.g. submitted-opt)"),
                # Under one of our labels it would take our module's place in kat.json.
                ("- {instance: Laurus-512, variant: opt, path: l.so}",
                 "variant 'opt': a label of lower-case letters, digits and '-' other than ref, opt, openssl, "
                 "iccs, external (e.g. submitted-opt)"),
                ("- {name: Other-256, digest_bits: 256, variant: Their_Opt, path: l.so}", "variant 'Their_Opt': ")):
            c = self.campaign("libraries:\n" + text + "\n")
            with self.assertRaisesRegex(campaign.PlanError, re.escape(c + ": libraries[0]: " + refusal)):
                campaign.plan(self.build, [c])

    def test_one_library_twice_is_refused_across_campaigns(self):
        a = self.campaign("libraries:\n- {instance: Laurus-512, variant: s-opt, path: a.so}\n")
        b = os.path.join(self.tmp.name, "b.yaml")
        with open(b, "w") as f:
            f.write("libraries:\n- {instance: Laurus-512, variant: s-opt, path: b.so}\n")
        with self.assertRaisesRegex(campaign.PlanError, "^" + re.escape(
                "%s: libraries[0]: Laurus-512/s-opt is also %s: libraries[0]" % (b, a)) + "$"):
            campaign.plan(self.build, [a, b])

    def test_a_plan_file_is_checked_when_read(self):
        path = os.path.join(self.tmp.name, "p.json")
        for text, refusal in (('{"schema": "other"}', "not a library plan (schema ngcc-plan/1)"),
                              ('{"schema": "ngcc-plan/1", "libraries": [{"path": "x"}]}',
                               "libraries[0]: key 'kind' missing"),
                              ('{', "Expecting")):
            with open(path, "w") as f:
                f.write(text)
            with self.assertRaisesRegex(campaign.PlanError, re.escape(path + ": ") + ".*" + re.escape(refusal)):
                campaign.read_plan(path)

    def test_a_refusal_is_one_line_and_writes_nothing(self):
        out = os.path.join(self.tmp.name, "plan.json")
        c = self.campaign("libraries: []\n")
        with self.assertRaisesRegex(ToolError, "^no library to run: the campaigns list none$"):
            planned(out, [c], modules=False, build=self.build)
        self.assertFalse(os.path.exists(out))


class Modules(unittest.TestCase):
    def test_the_modules_of_a_kind_with_their_paths(self):
        with tempfile.TemporaryDirectory() as build:
            os.makedirs(os.path.join(build, "modules"))
            with open(os.path.join(build, "modules", "ngcc_modules.json"), "w") as f:
                f.write('{"schema": "ngcc-modules/1", "families": [], "variants": ["ref"], "modules": ['
                        '{"file": "libA-ref.so", "kind": "candidate"}, {"file": "libSHA-512-openssl.so", "kind": "baseline"}]}')
            self.assertEqual([m["path"] for m in campaign.build_modules(build)],
                             [os.path.join(build, "modules", "libA-ref.so")])

    def test_a_build_not_configured_is_named(self):
        with tempfile.TemporaryDirectory() as build:
            with self.assertRaisesRegex(campaign.PlanError, "ngcc_modules.json: no such file"):
                campaign.build_modules(build)


if __name__ == "__main__":
    unittest.main()
