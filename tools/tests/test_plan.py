"""Unit tests of tools/ngcc_plan.py: the modules of a build, several campaign files as one.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import os
import sys
import tempfile
import unittest

import yaml

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
import ngcc_plan as campaign  # noqa: E402


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
        self.assertEqual(campaign.main(["merge", out, a, b]), 0)
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

class Modules(unittest.TestCase):
    def test_the_modules_of_a_kind_with_their_paths(self):
        with tempfile.TemporaryDirectory() as build:
            os.makedirs(os.path.join(build, "modules"))
            with open(os.path.join(build, "modules", "ngcc_modules.json"), "w") as f:
                f.write('{"schema": "ngcc-modules/1", "families": [], "modules": ['
                        '{"file": "libA-ref.so", "kind": "candidate"}, {"file": "libSHA-512-openssl.so", "kind": "baseline"}]}')
            self.assertEqual([m["path"] for m in campaign.build_modules(build)],
                             [os.path.join(build, "modules", "libA-ref.so")])

    def test_a_build_not_configured_is_named(self):
        with tempfile.TemporaryDirectory() as build:
            with self.assertRaisesRegex(campaign.PlanError, "ngcc_modules.json: no such file"):
                campaign.build_modules(build)


if __name__ == "__main__":
    unittest.main()
