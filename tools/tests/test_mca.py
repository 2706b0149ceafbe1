"""Unit tests of the package tools/hashbench/mca without llvm: the absorb loop found in a
trace, the assembler lines fed to llvm-mca, the reading of its JSON and
warnings, bench's figures, the tables.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import json
import os
import sys
import tempfile
import unittest

sys.path.insert(0, os.path.join(os.path.dirname(os.path.abspath(__file__)), ".."))
from hashbench.mca import McaError, build, simulate, tables  # noqa: E402
from hashbench.mca.trace import block_bytes, longest_period  # noqa: E402
from hashbench.plan import declared_instances  # noqa: E402


def trace(blocks, rounds=3):
    """Addresses of a hash call: entry, `blocks` absorptions of a block loop
    (head 0x100, a round loop 0x200-0x202 run `rounds` times, a tail), then a
    final padded block through the same loop and the digest."""
    block = [0x100, 0x104] + [0x200, 0x201, 0x202] * rounds + [0x108, 0x10c]
    return [0x10, 0x14] + block * blocks + [0x40] + block + [0x50, 0x54]


# llvm-mca -json, cut to what parse_mca reads: two instructions, 10
# iterations, resources A and a grouped unit B.0 (its index as a byte).
MCA_REPORT = {
    "CodeRegions": [{
        "Instructions": ["vpxor\t%ymm0, %ymm1, %ymm2", "jne\t.Lt"],
        "ResourcePressureView": {"ResourcePressureInfo": [
            {"InstructionIndex": 0, "ResourceIndex": 0, "ResourceUsage": 1.0},
            {"InstructionIndex": 2, "ResourceIndex": 0, "ResourceUsage": 1.0},
            {"InstructionIndex": 2, "ResourceIndex": 1, "ResourceUsage": 0.5}]},
        "SummaryView": {"DispatchWidth": 4, "IPC": 1.0, "Instructions": 20, "Iterations": 10,
                        "TotalCycles": 20, "TotaluOps": 20}}],
    "TargetInfo": {"CPUName": "znver4", "Resources": ["A", "B.\u0000"]},
}


class AbsorbLoop(unittest.TestCase):
    def test_the_block_is_the_longest_period(self):
        pcs = trace(5)
        anchor, period, block = longest_period(pcs)
        self.assertEqual(period, 2 + 3 * 3 + 2)
        self.assertEqual(sorted(set(block)), sorted({0x100, 0x104, 0x200, 0x201, 0x202, 0x108, 0x10c}))
        self.assertEqual(pcs.count(anchor), 6)  # five blocks and the padded one

    def test_an_xof_squeezing_after_the_loop(self):
        squeeze = ([0x300] + [0x200, 0x201, 0x202] * 3) * 3
        self.assertEqual(longest_period(trace(5) + squeeze)[1], 13)

    def test_too_few_blocks_give_no_loop(self):
        self.assertIsNone(longest_period(trace(1)))

    def test_a_block_that_differs_is_no_steady_loop(self):
        pcs = trace(5)
        pcs[pcs.index(0x108, 40)] = 0x109  # one instruction of the third block elsewhere
        found = longest_period(pcs)
        self.assertTrue(found is None or found[1] != 13)

    def test_block_bytes_from_the_shortest_lengths(self):
        class Tracer:  # 56-byte blocks; the loop takes complete blocks only
            program = "p"

            def trace(self, digest_bits, n):
                return trace(n // 56)

        anchor = longest_period(trace(5))[0]
        self.assertEqual(block_bytes(Tracer(), 512, anchor), 56)


class AssemblerLines(unittest.TestCase):
    def test_x86_targets_become_the_label_and_comments_go(self):
        self.assertEqual(simulate.assembler_line("jne\t0x401a2c <_ZN4ngcc5chime+0x2c>", "x86_64"), "jne\t.Lt")
        self.assertEqual(simulate.assembler_line("vmovdqu\t0x1234(%rip), %ymm0  # 0x405000 <kRc>", "x86_64"),
                         "vmovdqu\t0x1234(%rip), %ymm0")
        self.assertEqual(simulate.assembler_line("vpxor\t%ymm0, %ymm1, %ymm2", "x86_64"), "vpxor\t%ymm0, %ymm1, %ymm2")

    def test_aarch64_keeps_immediates(self):
        self.assertEqual(simulate.assembler_line("b.ne\t0x400a10 <absorb+0x40>", "aarch64"), "b.ne\t.Lt")
        self.assertEqual(simulate.assembler_line("ror\tx1, x2, #29", "aarch64"), "ror\tx1, x2, #29")
        self.assertEqual(simulate.assembler_line("adrp\tx0, 0x480000 <kRc>", "aarch64"), "adrp\tx0, .Lt")
        self.assertEqual(simulate.assembler_line("mov\tx0, #0x10 // =16", "aarch64"), "mov\tx0, #0x10")

    def test_calls_and_returns_are_recognised(self):
        for line in ("call\t.Lt", "callq\t*%rax", "ret", "retq", "bl\t.Lt", "blr\tx3"):
            self.assertTrue(simulate.CALL_OR_RETURN.match(line), line)
        for line in ("b.ne\t.Lt", "jne\t.Lt", "bic\tx1, x2, x3", "rev\tx0, x0"):
            self.assertFalse(simulate.CALL_OR_RETURN.match(line), line)

    def test_features_from_march_on_aarch64_only(self):
        self.assertEqual(simulate.target_features("-O3 -march=armv8.2-a+sve -fomit-frame-pointer", "aarch64"),
                         ["-mattr=+sve"])
        self.assertEqual(simulate.target_features("-O3 -march=armv8-a", "aarch64"), [])
        self.assertEqual(simulate.target_features("-O3 -march=x86-64-v3 -mavx512f", "x86_64"), [])

    def test_flags_replace_the_variants(self):
        words = ["c++", "-I/x", "-fPIC", "-O2", "-std=c++17", "-o", "a.o", "-c", "a.cpp"]
        self.assertEqual(build.with_flags(words, ["-O3", "-march=armv8.2-a+sve"]),
                         ["c++", "-I/x", "-fPIC", "-std=c++17", "-o", "a.o", "-O3", "-march=armv8.2-a+sve",
                          "-c", "a.cpp"])


class SubmittedLibraries(unittest.TestCase):
    """A submission build's campaign becomes modules with its objects and flags."""

    class FakeBuild:
        triple = os.uname().machine + "-linux-gnu"
        manifest = {"variants": ["ref", "opt", "avx512"], "families": [
            {"candidate_id": "hash-26", "family": "CHIME", "directory": "chime",
             "instances": [{"name": "CHIME-512", "kat_name": "chime_512", "digest_bits": 512}]}]}
        declared = declared_instances(manifest)

    def campaign(self, directory, entries, objects=("a.c.o",)):
        for name in objects:
            os.makedirs(os.path.join(directory, "obj", "CHIME-512-submitted-ref"), exist_ok=True)
            open(os.path.join(directory, "obj", "CHIME-512-submitted-ref", name), "w").close()
        path = os.path.join(directory, "campaign.yaml")
        with open(path, "w") as f:
            json.dump({"libraries": entries}, f)  # JSON is YAML
        return path

    def test_objects_and_flags_of_an_instance_of_ours(self):
        with tempfile.TemporaryDirectory() as d:
            path = self.campaign(d, [
                {"instance": "CHIME-512", "variant": "submitted-ref", "path": "libCHIME-512-submitted-ref.so",
                 "build_flags": "cc -fPIC -std=c99 -Wall -O2 -flto; c++ -O2"},
                {"name": "Other-512", "candidate_id": "hash-99", "digest_bits": 512, "variant": "submitted-ref",
                 "path": "libOther-512-submitted-ref.so", "build_flags": "cc -O2"},
                # Named like a declared instance's KAT name, yet another candidate's.
                {"name": "chime_512", "candidate_id": "hash-98", "digest_bits": 512, "variant": "submitted-ref",
                 "path": "libchime_512-submitted-ref.so", "build_flags": "cc -O2"}])
            [module] = build.submitted_modules(self.FakeBuild(), path)
            self.assertEqual(module["variant"], "submitted-ref")
            self.assertEqual(module["flags"], ["-fPIC", "-O2", "-flto"])
            self.assertEqual([os.path.basename(o) for o in module["object_files"]], ["a.c.o"])

    def test_a_library_without_objects_is_refused(self):
        with tempfile.TemporaryDirectory() as d:
            path = self.campaign(d, [{"instance": "CHIME-512", "variant": "submitted-ref",
                                      "path": "libCHIME-512-submitted-ref.so", "build_flags": "cc -O2"}], objects=())
            with self.assertRaisesRegex(McaError, "no objects in obj/CHIME-512-submitted-ref/"):
                build.submitted_modules(self.FakeBuild(), path)

    def test_a_library_of_an_undeclared_instance_is_refused_as_by_the_plan(self):
        with tempfile.TemporaryDirectory() as d:
            path = self.campaign(d, [{"instance": "CHIME-384", "variant": "submitted-ref",
                                      "path": "libCHIME-384-submitted-ref.so", "build_flags": "cc -O2"}])
            with self.assertRaisesRegex(McaError, r"libraries\[0\]: no family declares the instance 'CHIME-384'"):
                build.submitted_modules(self.FakeBuild(), path)


class LlvmMcaOutput(unittest.TestCase):
    def test_summary_and_bottleneck(self):
        result = simulate.parse_mca(MCA_REPORT)
        self.assertEqual(result["cycles_per_block"], 2.0)
        self.assertEqual(result["instructions_per_block"], 2.0)
        self.assertEqual(result["bottleneck"], "latency (dependency chain)")  # A: 1 of 2 cycles
        busy = json.loads(json.dumps(MCA_REPORT))
        busy["CodeRegions"][0]["SummaryView"]["TotalCycles"] = 10
        self.assertEqual(simulate.parse_mca(busy)["bottleneck"], "A")

    def test_skipped_instructions_by_form(self):
        stderr = ("warning: found an unsupported instruction in the input assembly sequence, skipping with "
                  "-skip-unsupported-instructions, note accuracy will be impacted:\n"
                  "note: instruction: \tldr\tw2, [x25, #8]\n"
                  "warning: found an unsupported instruction in the input assembly sequence, skipping\n"
                  "note: instruction: \tldr\tx3, [x0, #192]\n"
                  "warning: found a return instruction in the input assembly sequence.\n")
        kinds, skipped = simulate.warning_kinds(stderr)
        self.assertEqual(skipped, {"ldr wN, [xN, #N]": 1, "ldr xN, [xN, #N]": 1})
        self.assertEqual(kinds["found an unsupported instruction in the input assembly sequence"], 2)


class Calibration(unittest.TestCase):
    def bench_file(self, rows):
        f = tempfile.NamedTemporaryFile("w", suffix=".json", delete=False)
        json.dump({"benchmarks": rows}, f)
        f.close()
        self.addCleanup(os.unlink, f.name)
        return f.name

    def test_core_cycles_the_thread_ran_median_of_repetitions(self):
        rows = [{"run_name": "CHIME-512/opt/65536", "run_type": "iteration", "cpu_cycles": c,
                 "core_per_tsc": 1.5, "bytes": 65536} for c in (65536 * 2, 65536 * 4, 65536 * 3)]
        rows.append({"run_name": "CHIME-512/opt/65536", "run_type": "aggregate", "cpu_cycles": 1,
                     "core_per_tsc": 1, "bytes": 65536})
        rows.append({"run_name": "CHIME-512/opt/1024", "run_type": "iteration", "cpu_cycles": 1,
                     "core_per_tsc": 1, "bytes": 1024})
        self.assertEqual(tables.measured_cycles_per_byte(self.bench_file(rows)), {("CHIME-512", "opt"): 4.5})

    def test_a_row_without_cycles_is_refused(self):
        path = self.bench_file([{"run_name": "CHIME-512/opt/65536", "run_type": "iteration", "bytes": 65536}])
        with self.assertRaises(McaError):
            tables.measured_cycles_per_byte(path)

    def test_tables_say_estimate_and_give_the_ratio(self):
        estimate = {"cycles_per_byte": 3.0, "instructions_per_block": 600, "ipc": 2.5,
                    "bottleneck": "latency (dependency chain)", "skipped": {}}
        partial = dict(estimate, skipped={"vprolq $N, %zmmN, %zmmN": 12})
        document = {"cpus": ["znver4", "znver3", "znver2"], "rows": [
            {"instance": "CHIME-512", "family": "chime", "variant": "opt", "block_bytes": 64,
             "trace_instructions": 620, "estimates": {"znver4": estimate, "znver3": estimate, "znver2": estimate}},
            {"instance": "CHIME-512", "family": "chime", "variant": "avx512", "block_bytes": 64,
             "trace_instructions": 500,
             "estimates": {"znver4": estimate, "znver3": {"error": "llvm-mca -mcpu=znver3: x: error: AVX512"},
                           "znver2": partial}}]}
        text = tables.report(document, {("CHIME-512", "opt"): 2.0, ("CHIME-512", "avx512"): 1.5})
        self.assertIn("### llvm-mca estimate (static, znver4)", text)
        self.assertIn("| CHIME-512 | opt | 64 | 3.00 | 620 | 0 | 2.50 | latency (dependency chain) | 2.00 | 1.50 |",
                      text)
        self.assertIn("the model does not take this code", text)
        self.assertEqual(document["estimate_over_measured"]["znver4"], {"chime": {"avx512": 2.0, "opt": 1.5}})
        self.assertEqual(document["estimate_over_measured"]["znver3"], {"chime": {"opt": 1.5}})
        self.assertEqual(document["estimate_over_measured"]["znver2"], {"chime": {"opt": 1.5}})  # avx512 partial
        self.assertIn("- `vprolq $N, %zmmN, %zmmN`: 12", text)
        self.assertNotIn("measurement", text.replace("measured", ""))


if __name__ == "__main__":
    unittest.main()
