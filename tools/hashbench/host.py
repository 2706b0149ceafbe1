"""What the commands need of this machine: Debian packages, the CMake presets
built, the results directory named after the CPU, the extensions code may
use. Every path is relative to the repository, the working directory of
tools/ngcc."""

import json
import os
import re
import subprocess
import sys
import time

from hashbench import bench, results
from hashbench.common import target_command, usable_cpu_features

JOBS = os.cpu_count() or 2

CORE_PACKAGES = ("cmake", "make", "g++", "libssl-dev", "libgtest-dev", "libbenchmark-dev", "libyaml-cpp-dev",
                 "nlohmann-json3-dev", "python3", "python3-matplotlib", "python3-yaml")
# What the report tool needs beyond python3: the plots; the site's page shell
# and its rendering of docs/; the field summary's rank correlation (scipy).
REPORT_PACKAGES = ("python3", "python3-matplotlib", "python3-yaml", "python3-jinja2", "python3-markdown",
                   "python3-scipy")
# The site's browser test (tools/tests/site_browser_check.py): headless
# Chromium driven through Selenium.
BROWSER_TEST_PACKAGES = ("chromium", "chromium-driver", "python3-selenium")
# Trust checks: valgrind ct check, clang + libFuzzer; the AArch64 compiler for
# the submission builder's ARM cases (tools/tests/submission_layout_check.py);
# qemu-user for the tests under a smaller x86-64 CPU and the AArch64 phase.
TRUST_PACKAGES = ("valgrind", "clang", "libfuzzer-14-dev", "libsimde-dev", "g++-aarch64-linux-gnu", "qemu-user")

# What a command that runs modules builds of the release preset: every
# module (target ngcc_modules), and the tools it starts.
KAT_TARGETS = ("ngcc-kat", "ngcc_modules")
BENCH_TARGETS = ("bench", "ngcc_modules")
CT_TARGETS = ("ct_harness", "ngcc-kat", "ngcc_modules")  # ngcc-kat: usable_features

BENCH = "build/release/bench/bench"
NGCC_KAT = "build/release/kat_tests/ngcc-kat"


class ToolError(Exception):
    """The tool could not do what it was asked (not a library failing a
    check): one line, exit status 2."""


def say(text):
    print("ngcc: %s" % text, flush=True)


def installed(packages):
    """Which of the Debian packages are installed (one dpkg-query)."""
    p = subprocess.run(["dpkg-query", "-W", "-f=${Package} ${Status}\n", *packages], stdout=subprocess.PIPE,
                       stderr=subprocess.DEVNULL, text=True)
    return {line.split()[0] for line in p.stdout.splitlines() if line.endswith(" install ok installed")}


def ensure_packages(*packages):
    """Installs the Debian packages that are missing (as root), or says which."""
    present = installed(packages)
    missing = [p for p in dict.fromkeys(packages) if p not in present]
    if not missing:
        return
    if os.geteuid() != 0:
        raise ToolError("missing Debian packages: %s (run as root, or: sudo apt-get install %s)"
                        % (" ".join(missing), " ".join(missing)))
    print("ngcc: installing Debian packages: %s" % " ".join(missing), file=sys.stderr, flush=True)
    quiet = dict(stdout=subprocess.DEVNULL)
    env = dict(os.environ, DEBIAN_FRONTEND="noninteractive")
    if subprocess.run(["apt-get", "update", "-qq"], **quiet).returncode != 0 or \
            subprocess.run(["apt-get", "install", "-y", "-qq", "--no-install-recommends", *missing],
                           env=env, **quiet).returncode != 0:
        raise ToolError("apt-get install %s failed" % " ".join(missing))


def configure_preset(preset):
    """Configures one CMake preset, quietly unless it fails: this writes the
    declarations every tool reads (build/<preset>/modules/ngcc_modules.json)."""
    p = subprocess.run(["cmake", "--preset", preset], stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True)
    if p.returncode != 0:
        sys.stderr.write(p.stdout)
        raise ToolError("cmake configure failed (preset %s)" % preset)


def build_preset(preset, targets=()):
    """Configures a preset and builds it, or only `targets`; make's progress
    goes to build/<preset>/build.log, the terminal shows the compiler's
    warnings, and on failure the log's end."""
    configure_preset(preset)
    log = "build/%s/build.log" % preset
    start = time.monotonic()
    say("building preset %s%s with %d jobs (progress in %s; a first build takes minutes)"
        % (preset, " (%s)" % " ".join(targets) if targets else "", JOBS, log))
    command = ["cmake", "--build", "--preset", preset, "-j", str(JOBS)] + (["--target", *targets] if targets else [])
    with open(log, "w", encoding="utf-8") as f:
        status = subprocess.run(command, stdout=f, stderr=subprocess.STDOUT).returncode
    with open(log, encoding="utf-8", errors="replace") as f:
        lines = f.read().splitlines()
    if status != 0:
        sys.stderr.write("".join(l + "\n" for l in lines[-40:]))
        raise ToolError("build of preset %s failed (the whole output: %s)" % (preset, log))
    for i, line in enumerate(lines):
        if ": warning: " in line:
            sys.stderr.write("".join(l + "\n" for l in lines[i:i + 4]))
    say("preset %s built in %d s" % (preset, time.monotonic() - start))


def bench_answer(*args):
    """What build/release/bench/bench prints for one of its --ngcc_ queries."""
    try:
        return bench.query(target_command(BENCH), *args)
    except bench.BenchError as e:
        raise ToolError(str(e))


def ctest(*args, env=None):
    """ctest with these arguments (a preset, labels); its exit status."""
    return subprocess.run(["ctest", *args], env=env).returncode


def run_logged(command, log, env=None):
    """`command` with its output into the file `log`, shown on stderr where
    it fails; its exit status."""
    with open(log, "w", encoding="utf-8") as f:
        status = subprocess.run(command, env=env, stdout=f, stderr=subprocess.STDOUT).returncode
    if status != 0:
        with open(log, encoding="utf-8", errors="replace") as f:
            sys.stderr.write(f.read())
    return status


def system_name(cpu="last"):
    """results/<system>: the machine kind, e.g. x86_64-amd-epyc-zen5, as the
    bench names it (bench/system_name.cpp) for the core it pins, CPU `cpu`
    (last: on a hybrid CPU a performance core); builds bench alone where it
    is not built (a minute: no module is needed to name the CPU)."""
    if not os.access(BENCH, os.X_OK):
        ensure_packages(*CORE_PACKAGES)
        configure_preset("release")
        if subprocess.run(["cmake", "--build", "--preset", "release", "-j", str(JOBS), "--target", "bench"],
                          stdout=subprocess.DEVNULL).returncode != 0:
            raise ToolError("system: building %s failed (cmake --build --preset release --target bench)" % BENCH)
    return bench_answer("--ngcc_system", *([] if cpu == "none" else ["--ngcc_cpu=%s" % cpu]))


def system_directory(directory, command):
    """A --results DIR as results/<system>, relative to the repository, where
    bench places its runs and the reports look; refuses any other."""
    relative = os.path.relpath(os.path.abspath(directory), os.getcwd())
    if not re.fullmatch(r"results/[A-Za-z0-9][A-Za-z0-9._+-]*", relative):
        raise ToolError("%s: --results '%s' is not a system directory results/<system> (tools/ngcc system "
                        "names this machine's: results/$(tools/ngcc system))" % (command, directory))
    return relative


def results_dir(directory, name, replace=False, merge=False):
    """The directory a run writes `name` (bench.json, kat.json, ct.json)
    into: `directory`, or a run beside the campaign it holds
    (hashbench.results.place); says which."""
    here = json.loads(bench_answer("--ngcc_cpu_identity"))
    description = bench_answer("--ngcc_cpu_description")
    try:
        chosen, line = results.place(directory, name, here, description, replace, merge=merge)
    except (results.PlaceError, OSError) as e:
        raise ToolError(str(e))
    print("ngcc: %s" % line, file=sys.stderr, flush=True)
    return chosen


def usable_features(hiding=True):
    """The extensions code may use here (what the CPU has, minus what
    NGCC_CPU_DISABLE hides unless hiding=False), e.g. {"AVX2", "BMI2"}."""
    try:
        return usable_cpu_features(NGCC_KAT, hiding)
    except RuntimeError as e:
        raise ToolError(str(e))
