"""The submission builder on the fixture packages of tools/testdata/submission
(ctest `submission_builder`, label unit): the good package builds into
CHIME-512/submitted-ref and passes KAT_2_12; the broken one reports its
compile error in one line and builds an optimized library that fails KAT_2_12.

usage: submission_check.py NGCC_KAT MODULE_MANIFEST CC CXX
(CC and CXX: the build's compilers, which the builder uses)
"""
import os
import subprocess
import sys
import tempfile
import unittest

import yaml

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
from hashbench.common import target_command  # noqa: E402
from script_checks import tool_command  # noqa: E402

FIXTURES = os.path.join(TOOLS, "testdata", "submission")
KAT, MANIFEST, CC, CXX = sys.argv[1:5]


def build(package, out, *extra):
    return subprocess.run(tool_command("submission") + ["build", os.path.join(FIXTURES, package),
                           "--out", out, "--manifest", MANIFEST, "--cc", CC, "--cxx", CXX, *extra],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


def kat_2_12(library, out):
    return subprocess.run(target_command(KAT) + [library, "--name", "CHIME-512", "--digest-bits", "512",
                           "--kinds", "2_12", "--out", out],
                          stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)


class SubmissionBuilder(unittest.TestCase):
    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.out = self.tmp.name

    def tearDown(self):
        self.tmp.cleanup()

    def test_good_package_is_a_variant_of_its_instance_and_passes(self):
        proc = build("good", self.out)
        self.assertEqual(proc.returncode, 0, proc.stdout + proc.stderr)
        with open(os.path.join(self.out, "campaign.yaml")) as f:
            campaign = yaml.safe_load(f)
        self.assertEqual(campaign["libraries"], [{
            "instance": "CHIME-512", "variant": "submitted-ref", "path": "libCHIME-512-submitted-ref.so",
            "build_flags": campaign["libraries"][0]["build_flags"], "flags_source": "guide"}])
        self.assertIn("-std=c99 -Wpedantic -Wall -Wextra -O2", campaign["libraries"][0]["build_flags"])
        kat = kat_2_12(os.path.join(self.out, "libCHIME-512-submitted-ref.so"), self.out)
        self.assertEqual(kat.returncode, 0, kat.stdout + kat.stderr)
        self.assertIn("PASS", kat.stdout)

    def test_without_the_declarations_nothing_is_built(self):
        missing = os.path.join(self.tmp.name, "no-build", "ngcc_modules.json")
        proc = build("good", os.path.join(self.tmp.name, "out"), "--manifest", missing)
        self.assertEqual(proc.returncode, 2)
        self.assertEqual(proc.stderr, "ngcc submission: %s: no such file: the declared instances are read from it "
                                      "(cmake --preset release writes it; tools/ngcc submission runs that)\n" % missing)
        self.assertFalse(os.path.exists(os.path.join(self.tmp.name, "out", "campaign.yaml")))

    def test_broken_package_fails_in_one_line_each(self):
        proc = build("broken", self.out)
        self.assertEqual(proc.returncode, 1)
        fails = [l for l in proc.stdout.splitlines() if l.startswith("FAIL")]
        self.assertEqual(len(fails), 1, proc.stdout)
        self.assertIn("Reference_Implementation/CHIME-512: does not build", fails[0])
        self.assertIn("error", fails[0])
        kat = kat_2_12(os.path.join(self.out, "libCHIME-512-submitted-opt.so"), self.out)
        self.assertEqual(kat.returncode, 1)
        self.assertIn("\nFAIL CHIME-512-submitted-opt KAT_2_12", kat.stdout)

    def test_additional_implementations_take_their_directory_name(self):
        sys.path.insert(0, TOOLS)
        from hashbench.submission.layout import variant_label as label
        self.assertEqual(label("additional", ["AVX512", "CHIME-512"], "CHIME-512", "CHIME-512"), "submitted-avx512")
        self.assertEqual(label("additional", ["MasterCube-512", "X86", "AVX512_Implementation"],
                               "MasterCube-512", "MasterCube-512"), "submitted-avx512")
        self.assertEqual(label("additional", ["NEON", "laurus_512"], "laurus_512", "Laurus-512"), "submitted-neon")
        self.assertEqual(label("optimized", ["CHIME-512"], "CHIME-512", "CHIME-512"), "submitted-opt")

    def test_configuration_errors_are_one_line(self):
        config = os.path.join(self.out, "bad.yaml")
        with open(config, "w") as f:
            f.write("sourcez: [x]\n")
        proc = build("good", self.out, "--config", config)
        self.assertEqual(proc.returncode, 2)
        self.assertEqual(len(proc.stderr.strip().splitlines()), 1, proc.stderr)
        self.assertIn("unknown key 'sourcez'", proc.stderr)
        proc = build("no-such-package", self.out)
        self.assertEqual(proc.returncode, 2)
        self.assertIn("not a directory", proc.stderr)


if __name__ == "__main__":
    unittest.main(argv=sys.argv[:1])
