"""The submission builder on toy packages of our own making with the shapes
of the published ones (written by tools/testdata/submission/toy_packages.py):
directories it does not build, C++ behind a .c, a source that includes
another, a link failure, scoped settings found by candidate id or instance
name, the CPU extensions of a library, the trees and flags of each
architecture, kind directories deep below the package or numbered or named,
headers named after the instance, assembly, the official KAT/DRNG files and
GBK text, a self-test main() beside CryptHash (ctest `submission_layout`, label unit; AArch64 through
aarch64-linux-gnu-gcc).

usage: submission_layout_check.py NGCC_KAT

NGCC_KAT answers which CPU extensions may be used here (ngcc-kat
--cpu-features): a fixture library built for one this CPU lacks is not
called, and the subtest says why.
"""
import ctypes
import json
import os
import shutil
import subprocess
import sys
import tempfile
import unittest

import yaml

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, TOOLS)
sys.path.insert(0, os.path.join(TOOLS, "testdata", "submission"))
from hashbench.submission import diagnostics, flags  # noqa: E402
from hashbench.common import unusable_reason, usable_cpu_features  # noqa: E402
import toy_packages  # noqa: E402
from script_checks import tool_command  # noqa: E402

NGCC_KAT = None  # ngcc-kat, from the command line
OPT = "Implementations/Optimized_Implementation/"
ADD = "Implementations/Additional_Implementation/Toy-256/"
MANIFEST = {"schema": "ngcc-modules/1", "modules": [], "variants": ["ref", "opt"], "families": [
    {"candidate_id": "hash-99", "family": "Toy", "directory": "toy", "instances": [
    {"name": n, "kat_name": n, "digest_bits": b} for n, b in (("Toy-256", 256), ("Toy-512", 512), ("Toy-768", 768))]}]}
# Our own settings of a candidate no family declares, found by its instance name.
UNDECLARED_SETTINGS = {"instances": ["Toy-1280"], "implementations": [{"kind": "reference", "defines": ["TOY_NAMED=1"]}]}
NESTED = "Implementations and Test_Vectors/API_CryptHash/Implementations/Reference_Implementation/"
API = "Implementations/API_CryptHash/Implementations/"
NUMBERED = "Implementations/Implementations/"
# selected/Toy's header names "Toy": its directories build the declared Toy-256
# and Toy-512, chosen by a define (additional) or by which source goes in (reference).
SETTINGS = {"instances": ["Toy"], "implementations": [
    {"kind": "optimized", "path": "*/Toy-256", "defines": ["TOY_WIDE=1"],
     "sources": [OPT + "common/extra.c"]},
    {"kind": "additional", "arch": "x86_64", "flags": ["-mavx512f", "-mavx512bw", "-mavx512vl"]},
    {"kind": "additional", "path": API + "Additional_Implementation", "instances": {
        "Toy-256": {"defines": ["TOY_VARIANT=2"]}, "Toy-512": {"defines": ["TOY_VARIANT=3"], "digest_bits": 512}}},
    {"kind": "reference", "path": API + "Reference_Implementation/Toy", "instances": {
        "Toy-256": {"exclude": ["toy_wide.c"]}, "Toy-512": {"exclude": ["toy_narrow.c"], "digest_bits": 512}}}]}


class Build:
    """One run of the builder: its exit status, lines and campaign entries by variant."""

    def __init__(self, tmp, package, *extra):
        out = os.path.join(tmp, "out-%d" % len(os.listdir(tmp)))
        proc = subprocess.run(tool_command("submission") + ["build", package, "--out", out,
                               "--manifest", os.path.join(tmp, "manifest.json"),
                               "--settings-dir", os.path.join(tmp, "settings"), *extra],
                              stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        self.out, self.returncode, self.stdout, self.stderr = out, proc.returncode, proc.stdout, proc.stderr
        self.lines = proc.stdout.splitlines()
        path = os.path.join(out, "campaign.yaml")
        libraries = []
        if os.path.isfile(path):
            with open(path) as f:
                libraries = yaml.safe_load(f)["libraries"]
        self.entries = {"%s/%s" % (e.get("instance", e.get("name")), e["variant"]): e for e in libraries}

    def line(self, start):
        found = [l for l in self.lines if l.startswith(start)]
        assert len(found) == 1, "no single line starting %r in:\n%s%s" % (start, self.stdout, self.stderr)
        return found[0]


class SubmissionLayout(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp()
        os.makedirs(os.path.join(cls.tmp, "settings"))
        with open(os.path.join(cls.tmp, "manifest.json"), "w") as f:
            json.dump(MANIFEST, f)
        with open(os.path.join(cls.tmp, "settings", "hash-99.yaml"), "w") as f:
            yaml.safe_dump(SETTINGS, f)
        with open(os.path.join(cls.tmp, "settings", "hash-98.yaml"), "w") as f:
            yaml.safe_dump(UNDECLARED_SETTINGS, f)
        cls.fixtures = os.path.join(cls.tmp, "fixtures")
        toy_packages.write(cls.fixtures)
        cls.plain = {}  # fixture -> its build without options, made once

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def build(self, fixture, *extra):
        if extra:
            return Build(self.tmp, os.path.join(self.fixtures, fixture, "Toy"), *extra)
        if fixture not in self.plain:
            self.plain[fixture] = Build(self.tmp, os.path.join(self.fixtures, fixture, "Toy"))
        return self.plain[fixture]

    def test_every_directory_not_built_has_a_line_and_is_counted(self):
        b = self.build("shapes")
        self.assertEqual(b.returncode, 1, b.stdout + b.stderr)  # Toy-768 does not link
        self.assertEqual(b.line("skipped " + OPT + "Toy-1024"),
                         "skipped " + OPT + "Toy-1024: no CryptHash_AlgorithmInstance.h")
        self.assertIn("hardware description only", b.line("skipped " + ADD + "ASIC/Round_Implementation"))
        self.assertIn(": for aarch64, not x86_64", b.line("skipped " + ADD + "ARM/Neon_Implementation"))
        self.assertIn("4 built, 1 failed, 4 skipped (x86_64", b.lines[-1])

    def test_a_c_source_that_includes_cxx_headers_is_built_as_cxx(self):
        b = self.build("shapes")
        line = b.line("built Toy-256/submitted-opt")
        self.assertIn("CryptHash_AlgorithmInstance.c compiled as C++ (includes toy.hpp)", line)
        self.assertIn("; g++ -fPIC -D_GNU_SOURCE -O3", b.entries["Toy-256/submitted-opt"]["build_flags"])

    def test_a_source_another_source_includes_is_left_out(self):
        b = self.build("shapes")
        self.assertIn("; perm.c left out: #included by perm_wide.c", b.line("built Toy-512/submitted-opt"))

    def test_a_link_failure_is_reported_by_the_linkers_cause(self):
        line = self.build("shapes").line("FAIL " + OPT + "Toy-768")
        self.assertIn(": link: multiple definition of 'toy_fold' (", line)
        self.assertIn("toy_a.c", line)
        self.assertNotIn("collect2", line)

    def test_a_program_that_includes_a_source_leaves_it_in(self):
        self.assertNotIn("left out", self.build("shapes").line("built Toy-256/submitted-ref"))

    def test_an_undefined_reference_names_the_source_that_defines_it(self):
        config = os.path.join(self.tmp, "empty.yaml")
        open(config, "w").close()
        line = self.build("shapes", "--config", config).line("FAIL " + OPT + "Toy-256")
        self.assertIn(": link: undefined reference to 'toy_extra'; defined in " + OPT
                      + "common/extra.c (settings: sources)", line)

    def test_settings_apply_only_where_they_are_scoped(self):
        b = self.build("shapes")
        self.assertIn("settings: %s" % os.path.join(self.tmp, "settings", "hash-99.yaml"), b.lines[-1])
        self.assertIn("-DTOY_WIDE=1", b.entries["Toy-256/submitted-opt"]["build_flags"])
        for other in ("Toy-256/submitted-ref", "Toy-512/submitted-opt", "Toy-256/submitted-wide"):
            self.assertNotIn("TOY_WIDE", b.entries[other]["build_flags"], other)
        self.assertEqual(b.entries["Toy-256/submitted-ref"]["build_flags"],
                         " ".join(["gcc"] + flags.COMMON + flags.GUIDE["x86_64"]["reference"]))

    def test_the_cpu_extensions_a_library_is_compiled_for_are_recorded(self):
        b = self.build("shapes")
        self.assertEqual(b.entries["Toy-256/submitted-wide"]["cpu_features"], ["AVX2", "AVX512F", "AVX512BW", "AVX512VL"])
        self.assertEqual(b.entries["Toy-512/submitted-opt"]["cpu_features"], ["AVX2"])
        self.assertNotIn("cpu_features", b.entries["Toy-256/submitted-ref"])
        self.assertEqual(flags.cpu_features("gcc", ["-O3", "-march=x86-64-v3"]), ["AVX2", "BMI1", "BMI2", "FMA"])

    def test_the_tree_of_the_architecture_is_built_and_the_other_named(self):
        b = self.build("trees")
        self.assertEqual(b.returncode, 0, b.stdout + b.stderr)
        self.assertEqual(b.line("skipped Implementations and Test_vector/Toy-ARM"),
                         "skipped Implementations and Test_vector/Toy-ARM: the aarch64 tree, not x86_64 (1 directory)")
        self.assertIn("from Implementations and Test_vector/Toy-X86/", b.line("built Toy-256/submitted-ref"))
        self.assertIn("supporting material", b.line("skipped Others"))

    def test_aarch64_takes_the_arm_guide_its_directories_and_tree(self):
        self.assertTrue(shutil.which("aarch64-linux-gnu-gcc"),
                        "needs the cross compiler: apt-get install g++-aarch64-linux-gnu")
        b = self.build("shapes", "--arch", "aarch64")
        self.assertIn(": for x86_64, not aarch64", b.line("skipped " + ADD + "X86/Wide_Implementation"))
        self.assertEqual(b.line("skipped " + OPT + "Toy-256"),
                         "skipped " + OPT + "Toy-256: for x86_64, not aarch64 (toy.hpp includes immintrin.h)")
        self.assertIn("built Toy-256/submitted-neon from " + ADD + "ARM/Neon_Implementation", b.stdout)
        self.assertEqual(b.entries["Toy-256/submitted-ref"]["build_flags"],
                         " ".join(["aarch64-linux-gnu-gcc"] + flags.COMMON + ["-std=c99", "-Wpedantic", "-Wall",
                                                                             "-Wextra", "-O2"] + flags.WNO_ERROR))
        self.assertTrue(b.entries["Toy-256/submitted-neon"]["build_flags"].startswith(
            "aarch64-linux-gnu-gcc -fPIC -D_GNU_SOURCE -O3 -march=armv8.2-a+sve -flto -fomit-frame-pointer -std=c99"))
        self.assertEqual(b.entries["Toy-256/submitted-neon"]["cpu_features"], ["SVE"])
        trees = self.build("trees", "--arch", "aarch64")
        self.assertIn("the x86_64 tree, not aarch64", trees.line("skipped Implementations and Test_vector/Toy-X86"))
        self.assertIn("/Toy-ARM/", trees.line("built Toy-256/submitted-ref"))

    def test_kind_directories_deep_below_the_package_are_found(self):
        b = self.build("nested")
        self.assertIn("built Toy-256/submitted-ref from " + NESTED + "Toy-256 (guide", b.line("built Toy-256/"))
        self.assertIn("1 built, 1 failed, 0 skipped", b.lines[-1])

    def test_the_official_kat_program_and_drng_are_left_out(self):
        with open(os.path.join(self.build("nested").out, "build.log"), encoding="utf-8") as f:
            log = f.read()
        self.assertNotIn("KAT_CryptHash.c", log)
        self.assertNotIn("drng.c", log)

    def test_gbk_text_is_read_and_its_error_is_one_line(self):
        b = self.build("nested")
        self.assertEqual(b.returncode, 1)
        line = b.line("FAIL " + NESTED + "Toy-512")
        self.assertIn("CryptHash_AlgorithmInstance.c:2:2: error: #error", line)
        self.assertIn("(the line reads: #error \u9700\u8981\u7279\u5b9a\u7684\u7f16\u8bd1\u5668)", line)

    def test_a_header_named_after_the_instance_and_the_kind_directory_itself(self):
        b = self.build("api")
        self.assertIn("from " + API + "Reference_Implementation/Toy (", b.line("built Toy-1280/submitted-ref"))
        self.assertIn("from " + API + "Additional_Implementation (", b.line("built Toy-1280/submitted-additional"))
        self.assertEqual(b.line("skipped " + API + "Optimized_Implementation/Toy_1280"),
                         "skipped " + API + "Optimized_Implementation/Toy_1280: no CryptHash_AlgorithmInstance.h")
        self.assertEqual(b.returncode, 0, b.stdout + b.stderr)

    def test_our_settings_of_an_undeclared_candidate_are_found_by_instance_name(self):
        b = self.build("api")
        ref = b.entries["Toy-1280/submitted-ref"]
        self.assertEqual((ref["candidate_id"], ref["digest_bits"]), ("hash-98", 1280))
        self.assertIn("-DTOY_NAMED=1", ref["build_flags"])
        self.assertNotIn("TOY_NAMED", b.entries["Toy-1280/submitted-additional"]["build_flags"])
        self.assertIn("settings: %s" % os.path.join(self.tmp, "settings", "hash-98.yaml"), b.lines[-1])

    def test_one_directory_builds_each_instance_its_settings_name(self):
        b = self.build("selected")
        self.assertEqual(b.returncode, 0, b.stdout + b.stderr)
        self.assertIn("4 built, 0 failed", b.lines[-1])
        for kind, where in (("additional", API + "Additional_Implementation"),
                            ("ref", API + "Reference_Implementation/Toy")):
            for instance in ("Toy-256", "Toy-512"):
                line = b.line("built %s/submitted-%s" % (instance, kind))
                self.assertIn(" from %s (" % where, line)
                self.assertIn("; the instance by settings `instances:` (its header names Toy)", line)
                self.assertEqual(b.entries["%s/submitted-%s" % (instance, kind)]["instance"], instance)
        self.assertIn("-DTOY_VARIANT=3", b.entries["Toy-512/submitted-additional"]["build_flags"])
        self.assertNotIn("TOY_VARIANT=3", b.entries["Toy-256/submitted-additional"]["build_flags"])
        # toy_fold() writes i * variant before folding in the message: digest[1] of "" is the variant.
        usable, present = usable_cpu_features(NGCC_KAT), usable_cpu_features(NGCC_KAT, hiding=False)
        for instance, kind, variant in (("Toy-256", "additional", 2), ("Toy-512", "additional", 3),
                                        ("Toy-256", "ref", 2), ("Toy-512", "ref", 4)):
            with self.subTest(library="%s/submitted-%s" % (instance, kind)):
                # The additional kind is compiled with -mavx512f: this process must not run it without AVX-512.
                needed = b.entries["%s/submitted-%s" % (instance, kind)].get("cpu_features", [])
                reason = unusable_reason(needed, usable, present)
                if reason:
                    self.skipTest("not called: %s" % reason)
                digest = ctypes.create_string_buffer(64)
                library = ctypes.CDLL(os.path.join(b.out, "lib%s-submitted-%s.so" % (instance, kind)))
                library.CryptHash(512, b"", ctypes.c_ulonglong(0), digest)
                self.assertEqual(digest.raw[1], variant)

    def test_numbered_and_named_kind_directories_assembly_and_code_outside(self):
        b = self.build("numbered")
        self.assertEqual(b.returncode, 0, b.stdout + b.stderr)
        self.assertIn("from " + NUMBERED + "1_Reference_Implementation/Toy-256", b.line("built Toy-256/submitted-ref"))
        self.assertIn("from " + NUMBERED + "2_Optimized_Implementation/Toy-512", b.line("built Toy-512/submitted-opt"))
        self.assertIn("from " + NUMBERED + "Embedded32_Implementation/Toy-256",
                      b.line("built Toy-256/submitted-embedded32"))
        self.assertEqual(b.line("skipped Implementations/lib/low"), "skipped Implementations/lib/low: code outside "
                         "the implementation directories (settings `sources:` can add it)")
        with open(os.path.join(b.out, "build.log"), encoding="utf-8") as f:
            self.assertIn("/toy_mix.S -o ", f.read())

    def test_a_source_the_settings_name_is_built_even_with_a_main(self):
        tool = NUMBERED + "1_Reference_Implementation/Toy-256/toy_tool.c"
        with open(os.path.join(self.build("numbered").out, "build.log"), encoding="utf-8") as f:
            self.assertNotIn("/toy_tool.c -o ", f.read())  # a program: left out
        config = os.path.join(self.tmp, "named.yaml")
        for sources, found in (([tool], True), (["Implementations/no/such.c"], False)):
            with open(config, "w") as f:
                yaml.safe_dump({"implementations": [{"kind": "reference", "sources": sources,
                                                     "defines": ["TOY_NO_MAIN"]}]}, f)
            b = self.build("numbered", "--config", config)
            if found:
                self.assertIn("-DTOY_NO_MAIN", b.entries["Toy-256/submitted-ref"]["build_flags"])
                with open(os.path.join(b.out, "build.log"), encoding="utf-8") as f:
                    self.assertIn("/toy_tool.c -o ", f.read())
            else:
                self.assertIn("settings path Implementations/no/such.c: not in",
                              b.line("FAIL " + NUMBERED + "1_Reference_Implementation/Toy-256"))

    def test_variant_names_the_label_of_a_directory(self):
        config = os.path.join(self.tmp, "variant.yaml")
        with open(config, "w") as f:
            yaml.safe_dump({"implementations": [{"kind": "reference", "variant": "compact"}]}, f)
        b = self.build("numbered", "--config", config)
        self.assertIn("Toy-256/submitted-compact", b.entries)
        self.assertNotIn("Toy-256/submitted-ref", b.entries)
        self.assertIn("Toy-512/submitted-opt", b.entries)

    def test_package_side_settings_still_apply_everywhere(self):
        package = os.path.join(self.tmp, "package", "Toy")
        shutil.copytree(os.path.join(self.fixtures, "trees", "Toy"), package)
        with open(package + ".yaml", "w") as f:
            f.write("defines: [TOY_EVERYWHERE=1]\n")
        b = Build(self.tmp, package)
        self.assertIn("-DTOY_EVERYWHERE=1", b.entries["Toy-256/submitted-ref"]["build_flags"])
        self.assertIn("settings: %s.yaml" % package, b.lines[-1])

    def test_the_linkers_cause_is_found_with_and_without_lto(self):
        plain = ("/usr/bin/ld: /o/obj/T/b.c.o: in function `f':\n"
                 "b.c:(.text+0x0): multiple definition of `f'; /o/obj/T/a.c.o:a.c:(.text+0x0): first defined here\n"
                 "collect2: error: ld returned 1 exit status\n")
        self.assertEqual(diagnostics.first_link_error(plain), "link: multiple definition of 'f' (b.c, a.c)")
        lto = ("/usr/bin/ld: /tmp/cc1.ltrans0.ltrans.o: in function `g':\n"
               "<artificial>:(.text+0x4): undefined reference to `h'\ncollect2: error: ld returned 1 exit status\n")
        self.assertEqual(diagnostics.first_link_error(lto), "link: undefined reference to 'h'")
        self.assertEqual(diagnostics.undefined_symbol(lto), "h")

    def test_cxx_errors_of_a_c_compile_are_recognised(self):
        self.assertTrue(diagnostics.looks_like_cxx("x.h:4:10: fatal error: cstddef: No such file or directory"))
        self.assertTrue(diagnostics.looks_like_cxx("x.c:3:1: error: unknown type name 'namespace'"))
        self.assertFalse(diagnostics.looks_like_cxx("x.c:6:25: error: expected ';' before 'msg_len_bits'"))

    def test_settings_errors_are_one_line(self):
        for text, message in (("implementations: [{defines: [X]}]", "needs kind, path or arch"),
                              ("implementations: [{kind: fast}]", "kind: expected one of"),
                              ("implementations: [{path: '*', sourcez: [x]}]", "unknown key 'sourcez'"),
                              ("implementations: [{path: '*', instances: [Toy-256]}]", "instances: expected a mapping"),
                              ("implementations: [{path: '*', variant: Fast_1}]", "variant: expected lower-case"),
                              ("implementations: [{path: '*', instances: {Toy-256: {digest_bits: 3}}}]",
                               "digest_bits: expected a positive multiple of 8")):
            config = os.path.join(self.tmp, "bad.yaml")
            with open(config, "w") as f:
                f.write(text + "\n")
            b = self.build("trees", "--config", config)
            self.assertEqual(b.returncode, 2, text)
            self.assertEqual(len(b.stderr.strip().splitlines()), 1, b.stderr)
            self.assertIn(message, b.stderr)


if __name__ == "__main__":
    if len(sys.argv) != 2:
        sys.exit("usage: submission_layout_check.py NGCC_KAT")
    NGCC_KAT = sys.argv[1]
    unittest.main(argv=sys.argv[:1], verbosity=2)
