#!/usr/bin/python3
"""Bad inputs to the tools: each must end with a one-line error on stderr and
a non-zero exit status (no traceback, no abort, no usage dump). Libraries
that misbehave (kat_tests/tests/misbehaving_module.c) must be named with the
KAT file, the record and what they did, and must not take ngcc-kat down
(bench meets the same libraries in bench/tests/bench_run_test.cpp).

usage: tool_inputs_test.py --kat NGCC_KAT --no-crypthash LIB.so --module LIB.so
                           [--needy-module LIB.so --needy-feature NAME]
                           --overrun LIB.so --overread LIB.so --crash LIB.so
                           --unsupported-cpu LIB.so [--bench BENCH] [--report]

NGCC_CPU_DISABLE is set per command: unknown names are refused in one line,
and a hidden extension makes our module a visible SKIP.
"""
import argparse
import os
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "tools")
sys.path.insert(0, TOOLS)
from hashbench.common import target_command, usable_cpu_features, without_emulator_lines  # noqa: E402


def run(cmd, hidden, timeout):
    """cmd with NGCC_CPU_DISABLE=hidden (unset if None)."""
    env = dict(os.environ)
    env.pop("NGCC_CPU_DISABLE", None)
    if hidden is not None:
        env["NGCC_CPU_DISABLE"] = hidden
    return subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, timeout=timeout, env=env)


def check(label, cmd, expect=None, status=None, hidden=None):
    """A one-line error containing `expect`, exit status `status` (any non-zero if None)."""
    proc = run(cmd, hidden, 120)
    proc.stderr = without_emulator_lines(proc.stderr)
    lines = [l for l in proc.stderr.splitlines() if l.strip()]
    problems = []
    if proc.returncode == 0:
        problems.append("exit status 0")
    elif proc.returncode < 0:
        problems.append(f"killed by signal {-proc.returncode}")
    elif status is not None and proc.returncode != status:
        problems.append(f"exit status {proc.returncode}, expected {status}")
    if len(lines) != 1:
        problems.append(f"{len(lines)} lines on stderr, expected one")
    elif expect is not None and expect not in lines[0]:
        problems.append(f"stderr lacks {expect!r}")
    if any(w in proc.stderr for w in ("Traceback", "terminate called", "Aborted", "core dumped", "Sanitizer")):
        problems.append("crash output")
    if problems:
        print(f"FAIL {label}: {', '.join(problems)}\n  command: {' '.join(cmd)}\n  stderr: "
              + proc.stderr.strip().replace("\n", "\n          "))
        return False
    print(f"PASS {label}: exit {proc.returncode}: {lines[0]}")
    return True


def check_ok(label, cmd, expect, files=(), hidden=None):
    """Exit status 0, nothing on stderr, `expect` (a string or several) on stdout, `files` written."""
    proc = run(cmd, hidden, 300)
    problems = [f"exit status {proc.returncode}"] if proc.returncode != 0 else []
    if proc.stderr.strip():
        problems.append("stderr not empty")
    problems += [f"stdout lacks {e!r}" for e in ([expect] if isinstance(expect, str) else expect)
                 if e not in proc.stdout]
    problems += [f"{f} not written" for f in files if not os.path.exists(f)]
    if problems:
        print(f"FAIL {label}: {', '.join(problems)}\n  command: {' '.join(cmd)}\n  stdout: "
              + proc.stdout.strip().replace("\n", "\n          ") + "\n  stderr: " + proc.stderr.strip())
        return False
    print(f"PASS {label}: exit 0, {expect!r}")
    return True


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--kat", required=True)
    ap.add_argument("--no-crypthash", required=True)
    ap.add_argument("--module", required=True, help="a module of ours")
    ap.add_argument("--needy-module", help="a module of ours that needs --needy-feature")
    ap.add_argument("--needy-feature", help="e.g. AVX2 (an x86 opt module), SHA3 (an AArch64 sha3 one)")
    for what in ("overrun", "overread", "crash", "unsupported-cpu"):
        ap.add_argument("--" + what, required=True)
    ap.add_argument("--bench")
    ap.add_argument("--report", action="store_true", help="also tools/ngcc report")
    a = ap.parse_args()
    kat = target_command(a.kat)
    bench = target_command(a.bench) if a.bench else []
    tmp = tempfile.mkdtemp(prefix="ngcc-tool-inputs-")
    try:
        def write(name, content):
            path = os.path.join(tmp, name)
            with open(path, "w") as f:
                f.write(content)
            return path

        not_elf = write("libnot-elf.so", "this is text, not an ELF shared object\n")
        out = os.path.join(tmp, "out")
        ok = True
        ok &= check("ngcc-kat: missing module file", [*kat, os.path.join(tmp, "libmissing.so"), "--out", out])
        ok &= check("ngcc-kat: non-ELF file", [*kat, not_elf, "--out", out])
        ok &= check("ngcc-kat: library without CryptHash", [*kat, a.no_crypthash, "--out", out],
                    expect="no CryptHash symbol", status=2)
        foreign = ["--name", "CHIME-512", "--digest-bits", "256", "--kinds", "2_12", "--out", out]
        ok &= check("ngcc-kat: library writing 128 bytes into a 256-bit digest", [*kat, a.overrun] + foreign,
                    expect=os.path.basename(a.overrun)
                    + ": KAT_2_12 record 1 (msg_len_bits 0): CryptHash wrote 96 bytes past a 256-bit digest",
                    status=1)
        ok &= check("ngcc-kat: library reading past the message", [*kat, a.overread] + foreign,
                    expect=": KAT_2_12 record 1 (msg_len_bits 0): CryptHash read past the end of its 0-byte message",
                    status=1)
        ok &= check("ngcc-kat: library crashing", [*kat, a.crash] + foreign,
                    expect=": KAT_2_12 record 6 (msg_len_bits 5): CryptHash crashed with signal 11", status=1)
        ok &= check("ngcc-kat: --name in no manifest", [*kat, a.module, "--name", "Chime-512", "--out", out],
                    expect="no manifest line for KAT_2_12_Chime-512.txt in ", status=2)
        ok &= check("ngcc-kat: --name in no manifest, near miss", [*kat, a.module, "--name", "Chime-512"],
                    expect="(did you mean CHIME-512?)", status=2)
        ok &= check_ok("ngcc-kat: module for a CPU extension this CPU lacks",
                       [*kat, a.unsupported_cpu, "--kinds", "2_12", "--out", out],
                       ("SKIP ngcc_misbehave_unsupported_cpu", "which lacks AVX512F AVX512BW AVX512VL AVX512VBMI2; "
                        "CryptHash returns NGCC_ERR_UNSUPPORTED_CPU\n"))
        unknown_feature = "NGCC_CPU_DISABLE: unknown CPU feature 'AVX9' (known: AVX2, "
        ok &= check("ngcc-kat: NGCC_CPU_DISABLE names an unknown feature", [*kat, a.module, "--out", out],
                    expect=unknown_feature, status=2, hidden="AVX9")
        library = ["--library", "AFS-TrEDM-512:512:submitted-opt:" + a.module, "--needs", "avx2,FMA"]
        # A CPU with AVX2 and FMA (x86-64-v3) hides AVX2; any other lacks both.
        has_avx2_fma = {"AVX2", "FMA"} <= usable_cpu_features(a.kat, hiding=False)
        why = "here: NGCC_CPU_DISABLE hides AVX2" if has_avx2_fma else "by this CPU, which lacks AVX2 FMA"
        ok &= check_ok("ngcc-kat: a library compiled for a hidden extension",
                       [*kat] + library + ["--kinds", "2_12", "--out", out],
                       ("SKIP " + os.path.basename(a.module)[3:-3] + ": built for AVX2 FMA, not supported " + why +
                        "; not run\n", "1 module(s) skipped"), hidden="AVX2")
        ok &= check("ngcc-kat: --needs names an unknown feature", [*kat] + library[:2] + ["--needs", "AVX2,SSE9"],
                    expect="--needs: unknown CPU feature 'SSE9'", status=2)
        missing_plan = os.path.join(tmp, "missing-plan.json")
        ok &= check("ngcc-kat: missing --plan file", [*kat, "--plan", missing_plan, "--out", out],
                    expect=missing_plan + ": cannot open the library plan: No such file", status=2)
        other_plan = write("plan.json", '{"schema": "ngcc-modules/1", "libraries": []}\n')
        ok &= check("ngcc-kat: --plan of another schema", [*kat, "--plan", other_plan, "--out", out],
                    expect=other_plan + ": not a library plan (schema ngcc-plan/1)", status=2)
        if a.needy_module:
            # Hidden where this CPU has it; on one without it (an x86-64-v2 CPU), lacking.
            why = ("not supported here: NGCC_CPU_DISABLE hides " + a.needy_feature
                   if a.needy_feature in usable_cpu_features(a.kat, hiding=False)
                   else "not supported by this CPU, which lacks " + a.needy_feature)
            ok &= check_ok("ngcc-kat: NGCC_CPU_DISABLE hides what a module needs",
                           [*kat, a.needy_module, "--kinds", "2_12", "--out", out],
                           ("SKIP " + os.path.basename(a.needy_module)[3:-3] + ": not run: ", why,
                            "0 PASS, 0 FAIL, 1 module(s) skipped"),
                           hidden=a.needy_feature)
        # Two libraries under one --name keep their own files; the same stem twice is refused.
        copies = []
        for d, stem in (("a", "theirs-a"), ("b", "theirs-b"), ("c", "theirs-a")):
            os.makedirs(os.path.join(tmp, d))
            copies.append(os.path.join(tmp, d, f"lib{stem}.so"))
            shutil.copy(a.module, copies[-1])
        named = ["--name", "Theirs-1", "--no-manifest", "--kinds", "2_12", "--out", out]
        ok &= check_ok("ngcc-kat: two libraries under one --name", [*kat, copies[0], copies[1]] + named,
                       "no manifest line", [os.path.join(out, s, "KAT_2_12_Theirs-1.txt") for s in ("theirs-a", "theirs-b")])
        ok &= check("ngcc-kat: two libraries with one stem", [*kat, copies[0], copies[2]] + named,
                    expect="would go to", status=2)
        if a.bench:
            ok &= check("bench: NGCC_CPU_DISABLE names an unknown feature", [*bench, "--benchmark_list_tests"],
                        expect=unknown_feature, status=2, hidden="avx2, AVX9")
            ok &= check("bench: missing campaign.yaml",
                        [*bench, "--ngcc_campaign=" + os.path.join(tmp, "missing.yaml")])
            ok &= check("bench: malformed campaign.yaml (YAML syntax)",
                        [*bench, "--ngcc_campaign=" + write("syntax.yaml", "sizes: [64, 1024\ninstances:\n")])
            ok &= check("bench: malformed campaign.yaml (unknown key)",
                        [*bench, "--ngcc_campaign=" + write("keys.yaml", "modules: [1, 2]\n")])
            ok &= check("bench: campaign.yaml is not a mapping",
                        [*bench, "--ngcc_campaign=" + write("list.yaml", "- 1\n- 2\n")])
        if a.report:
            results = os.path.join(tmp, "results")
            os.makedirs(results)
            sample = os.path.join(TOOLS, "testdata", "x86_sample")
            for name in ("bench.json", "kat.json"):
                src = os.path.join(sample, name)
                if os.path.exists(src):
                    shutil.copy(src, results)
            with open(os.path.join(results, "bench.json"), "r+") as f:
                text = f.read()
                f.seek(0)
                f.truncate()
                f.write(text[: len(text) // 2])
            ok &= check("report: truncated bench.json",
                        [os.path.join(TOOLS, "ngcc"), "report", results, "--out", os.path.join(tmp, "report")])
            ok &= check("report: missing results directory",
                        [os.path.join(TOOLS, "ngcc"), "report", os.path.join(tmp, "nothing"), "--out", os.path.join(tmp, "r2")])
        return 0 if ok else 1
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    sys.exit(main())
