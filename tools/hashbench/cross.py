"""tools/ngcc cross aarch64|s390x: the suite built for another architecture
and tested under qemu-user. aarch64: the whole suite (modules, ngcc-kat,
bench, the GoogleTest suites) against Debian's arm64 libraries, its unit,
kat-quick, findings and fuzz-random tests under qemu-aarch64 (whose CPU has
SHA3), the sha3 modules' tests once more with SHA3 hidden, and a short bench
run (every parameter set at one size) into a report. s390x: the ref modules
and ngcc-kat, kat-quick."""

import glob
import os
import shlex
import shutil
import subprocess
import tempfile
import time

from hashbench import commands
from hashbench.host import ToolError, build_preset, ctest, ensure_packages, run_logged, say

TARGETS = {
    "aarch64": dict(deb="arm64", triple="aarch64-linux-gnu",
                    packages=("libssl-dev", "libssl3", "libgtest-dev", "libbenchmark-dev", "libbenchmark1debian",
                              "libyaml-cpp-dev", "libyaml-cpp0.7")),
    "s390x": dict(deb="s390x", triple="s390x-linux-gnu", packages=("libssl-dev", "libssl3")),
}


def fetch_packages(arch, deb, packages):
    """Debian packages of a foreign architecture, unpacked (dpkg -x) into
    build/cross-deps/<arch>: the target's libraries for a cross build
    without a multiarch installation (whose versions must match the host's
    exactly). packages.txt lists what the directory holds."""
    directory = os.path.join("build", "cross-deps", arch)
    listing = os.path.join(directory, "packages.txt")
    wanted = " ".join(packages)
    if os.path.exists(listing):
        with open(listing, encoding="utf-8") as f:
            if f.read().strip() == wanted:
                return
    foreign = subprocess.run(["dpkg", "--print-foreign-architectures"], stdout=subprocess.PIPE, text=True).stdout
    if deb not in foreign.split():
        if os.geteuid() != 0:
            raise ToolError("cross: run as root once (dpkg --add-architecture %s) or unpack %s (:%s) into %s"
                            % (deb, wanted, deb, directory))
        subprocess.run(["dpkg", "--add-architecture", deb], check=True)
        subprocess.run(["apt-get", "update", "-qq"], check=True)
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run(["apt-get", "download", "-qq", *("%s:%s" % (p, deb) for p in packages)], cwd=tmp,
                       stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        debs = sorted(glob.glob(os.path.join(tmp, "*.deb")))
        if len(debs) != len(packages):
            raise ToolError("cross: could not fetch %s for %s" % (wanted, deb))
        os.makedirs(directory, exist_ok=True)
        for package in debs:
            subprocess.run(["dpkg", "-x", package, directory], check=True)
    with open(listing, "w", encoding="utf-8") as f:
        f.write(wanted + "\n")


def bench_under_emulator(build):
    """A short campaign of the cross build under its emulator (every
    parameter set at 1024 bytes, SHA-512/openssl among the baselines) into a
    report: proof that bench, its driver and the report run on the target;
    no timing in it means anything (the system record names the emulator)."""
    with open(os.path.join(build, "emulator.txt"), encoding="utf-8") as f:
        emulator = shlex.split(f.read())
    system = "aarch64-qemu"  # the emulator shows the host's /proc/cpuinfo
    out = os.path.join(build, "results", system)
    shutil.rmtree(out, ignore_errors=True)
    os.makedirs(out)
    say("cross bench: every parameter set at 1024 B under %s -> %s" % (emulator[0], out))
    status = run_logged([*emulator, os.path.join(build, "bench", "bench"), "--ngcc_quick",
                         "--benchmark_filter=/1024$", "--ngcc_system_name=%s" % system,
                         "--benchmark_out=%s" % os.path.join(out, "bench.json"), "--benchmark_out_format=json"],
                        os.path.join(out, "bench.log"), env=dict(os.environ, NGCC_EMULATOR=" ".join(emulator)))
    return 1 if status else commands.report([out])


def run(arch, ctest_args=()):
    if arch not in TARGETS:
        raise ToolError("usage: tools/ngcc cross aarch64|s390x [CTEST ARGS, e.g. -R KAT_2_12]")
    target = TARGETS[arch]
    start = time.monotonic()
    ensure_packages("cmake", "make", "python3", "python3-matplotlib", "python3-yaml", "nlohmann-json3-dev",
                    "g++-" + target["triple"], "qemu-user")
    fetch_packages(arch, target["deb"], target["packages"])
    preset = "cross-" + arch
    build_preset(preset)
    status = ctest("--preset", preset, *ctest_args)
    if arch == "aarch64" and not ctest_args:
        say("cross aarch64 with NGCC_CPU_DISABLE=SHA3: the sha3 modules' tests (the paths of a CPU without "
            "ARMv8.2-SHA3)")
        hidden = ctest("--preset", preset, "-R", "sha3|CpuSupport", env=dict(os.environ, NGCC_CPU_DISABLE="SHA3"))
        emulated_bench = bench_under_emulator(os.path.join("build", preset))
        status = status or hidden or emulated_bench
    say("cross %s: built and tested under qemu-%s in %d s" % (arch, arch, time.monotonic() - start))
    return 1 if status else 0
