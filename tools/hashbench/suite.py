"""tools/ngcc test: install what is missing, build, run the test suite (what
CI runs), phase by phase; a phase that fails does not stop the others."""

import os
import platform
import subprocess
import sys
import time

from hashbench import ROOT, commands, cross, ctest_emulated
from hashbench.declarations import hiding_sets, read_declarations
from hashbench.host import (BROWSER_TEST_PACKAGES, CORE_PACKAGES, REPORT_PACKAGES, TRUST_PACKAGES, ToolError,
                            build_preset, ctest, ensure_packages, say, usable_features)


def emulated_cpu_phases():
    """The release tests with every process of ours under qemu-x86_64 playing
    a smaller CPU than this one (hashbench.ctest_emulated), as (CPU model,
    ctest labels): where this CPU has AVX-512, `-cpu max` (AVX2, no
    AVX-512: SIGILL on an AVX-512 instruction) runs unit, kat-quick and
    findings as an AVX2-only host such as the published x86_1 would; where it
    has AVX2, `-cpu Nehalem` (x86-64-v2: SIGILL on AVX or AVX2) runs unit. A
    test that runs code built for an extension without asking first dies
    there, whatever it does here."""
    if platform.machine() != "x86_64":
        return []
    present = usable_features(hiding=False)
    return ([("max", "unit|kat-quick|findings")] if "AVX512F" in present else []) + \
        ([("Nehalem", "unit")] if "AVX2" in present else [])


def hidden_feature_sets():
    """The extension sets whose hiding (NGCC_CPU_DISABLE) sends every variant
    of this host down its unsupported path (from the variants table), where
    the host has them: (the set, the NGCC_CPU_DISABLE value hiding it and
    what NGCC_CPU_DISABLE already hides)."""
    declarations = read_declarations(ROOT)
    usable = usable_features()
    already = os.environ.get("NGCC_CPU_DISABLE", "")
    return [(features, ",".join(([already] if already else []) + features))
            for features in hiding_sets(declarations["variants"], declarations["extensions"], platform.machine())
            if features[0] in usable]


def build_and_test(preset, phase, what):
    """Builds a trust preset, then says the phase and runs its tests."""
    build_preset(preset)
    phase("%s: %s" % (preset, what))
    return ctest("--preset", preset)


def run():
    ensure_packages(*CORE_PACKAGES, *TRUST_PACKAGES, *REPORT_PACKAGES, *BROWSER_TEST_PACKAGES)
    start = time.monotonic()
    failed = []

    def phase(text):
        say("[%d min] %s" % ((time.monotonic() - start) // 60, text))

    def outcome(name, status):
        if status != 0:
            failed.append(name)

    def outcome_of(name, step, *args):
        """A step that may fail as a tool (a build, an emulator missing)."""
        try:
            outcome(name, step(*args))
        except ToolError as e:
            print("ngcc: %s" % e, file=sys.stderr)
            failed.append(name)

    build_preset("release")
    phase("release: unit, kat-quick, findings")
    outcome("release", ctest("--preset", "release"))
    emulated = emulated_cpu_phases()
    for features, hidden in hidden_feature_sets():
        # qemu -cpu max lacks every AVX-512 extension: its phase takes the
        # same paths and also catches code that does not ask.
        if features[0] == "AVX512F" and any(model == "max" for model, _ in emulated):
            phase("release with NGCC_CPU_DISABLE=%s: not run natively, the qemu -cpu max phase below takes "
                  "these paths" % hidden)
            continue
        phase("release with NGCC_CPU_DISABLE=%s: unit, kat-quick (the paths of a CPU without them)" % hidden)
        outcome("NGCC_CPU_DISABLE=" + hidden, ctest("--preset", "release", "-L", "unit|kat-quick", "-LE", "python-only",
                                                     env=dict(os.environ, NGCC_CPU_DISABLE=hidden)))
    for model, labels in emulated:
        phase("release under qemu-x86_64 -cpu %s: %s, every test process emulated (the CPU plays one without "
              "what this host has beyond it)" % (model, labels))
        # Tests labelled python-only run no code the build made and are not repeated.
        outcome_of("qemu -cpu " + model, ctest_emulated.run, "build/release", "build/qemu-" + model,
                   "qemu-x86_64 -cpu " + model, ["-L", labels, "-LE", "python-only"])
    phase("check: every committed campaign's pages regenerated from its evidence, its KAT verdicts against "
          "the manifests")
    outcome_of("check", commands.check, [])
    # Not a ctest test: it clones the repository and builds a release tree of
    # its own, which the reruns of the release labels above must not repeat.
    phase("README: the shell blocks of README.md and docs/submissions.md on fresh clones of this commit "
          "(tools/tests/readme_check.py)")
    outcome("README", subprocess.run([sys.executable, "tools/tests/readme_check.py"]).returncode)
    phase("release: all four official KAT files of every module (ctest --preset kat: one parallel ngcc-kat run)")
    outcome("kat", ctest("--preset", "kat"))
    phase("release: constant-time check (ctest -L ct, valgrind)")
    outcome("ct", ctest("--preset", "ct"))
    # The avx512 variant exists on x86-64 only.
    trust = ([("emulated", "the avx512 code against SIMDe: unit, kat-quick, findings, ct")]
             if platform.machine() == "x86_64" else []) + \
        [("asan", "unit, kat-quick under AddressSanitizer + UBSan"),
         ("fuzz", "smoke run (ctest -L fuzz, 30 s per family)")]
    for preset, what in trust:
        outcome_of(preset, build_and_test, preset, phase, what)
    if platform.machine() == "x86_64":
        phase("cross aarch64: the whole suite built for AArch64, its tests and a short bench run under qemu-aarch64")
        outcome_of("cross aarch64", cross.run, "aarch64")
    phase("done")
    if failed:
        print("ngcc: test: some tests failed (phases: %s; see above)" % ", ".join(failed), file=sys.stderr)
        return 1
    return 0
