"""The commands that build the release preset and run its executables on
libraries (kat, ct, bench, field, mca), and those that read and write
results (report, check, site, submission, system). Their options are
parsed by hashbench.cli; each returns its exit status: 0, 1 where a library
failed a check, 2 where the tool failed (hashbench.host.ToolError), 128 +
the signal where one stopped the run.

The tools that need the report's Debian packages (matplotlib, jinja2,
markdown: field, report, check, site) and the submission builder are
imported by their command, after it has installed what is missing."""

import os
import subprocess
import sys

from hashbench import ROOT, bench as bench_run, ct as ct_check, ctest_emulated, results
from hashbench.mca import cli as estimates
from hashbench.common import Signals
from hashbench.host import (BENCH_TARGETS, CORE_PACKAGES, CT_TARGETS, JOBS, KAT_TARGETS, NGCC_KAT,
                            REPORT_PACKAGES, ToolError, build_preset, configure_preset, ensure_packages,
                            results_dir, run_logged, say, system_directory, system_name, usable_features)
from hashbench.plan import PlanError, plan, write_merged, write_plan
from hashbench.relative_paths import relativize

KAT_OUTPUT = "build/release/kat_output"
ALL_KAT_KINDS = "2_12,2_23,2_33,Loop"
QUICK_KAT_KINDS = "2_12,2_23"


def planned(out, campaigns, modules, build="build/release"):
    """Writes the library plan of a run to `out` (hashbench.plan): the
    modules of our candidates in `build` where `modules`, then every
    library of the campaign files, each with the extensions it needs; the
    plan's path."""
    try:
        doc = plan(build, campaigns, modules=modules)
        if not doc["libraries"]:
            raise PlanError("no library to run: the campaigns list none")
        write_plan(out, doc)
    except PlanError as e:
        raise ToolError(str(e))
    return out


def run_ngcc_kat(args):
    """ngcc-kat on this build's output directory. A Ctrl-C or a timeout
    signals the whole process group: ngcc-kat stops, keeping what finished in
    its --json (exit 128 + the signal), and the command goes on to save it
    where it was asked to instead of ending first."""
    with Signals():
        status = subprocess.run([NGCC_KAT, *args, "--jobs", str(JOBS), "--out", KAT_OUTPUT]).returncode
    return 128 - status if status < 0 else status


def kat(quick=False, results_arg=None, replace=False, campaigns=(), all_libraries=False):
    kinds = QUICK_KAT_KINDS if quick else ALL_KAT_KINDS
    if replace and not results_arg:
        raise ToolError("kat: --replace goes with --results DIR")
    if replace and campaigns:
        raise ToolError("kat: --replace is for a full run, not with --campaign")
    directory = system_directory(results_arg, "kat") if results_arg else None
    ensure_packages(*CORE_PACKAGES)
    build_preset("release", KAT_TARGETS)
    full = os.path.join(KAT_OUTPUT, "kat.json")
    # The modules of our candidates in this build: what ctest KAT_all runs,
    # unless campaigns are given (then --all); plus the campaigns' libraries.
    libraries = planned(os.path.join(KAT_OUTPUT, "plan.json"), campaigns, modules=not campaigns or all_libraries)
    if not campaigns:
        # A run that did not end left its kat.json unfinished: the same
        # command continues it; one that ended is checked again.
        target = os.path.join(results_dir(directory, "kat.json", replace), "kat.json") if directory else full
        resume = ["--resume", target] if results.unfinished(target) else []
        status = run_ngcc_kat(["--plan", libraries, "--kinds", kinds, "--json", target, *resume])
        if directory:
            relativize(os.path.dirname(target))
        if status > 128:
            print("ngcc: kat: interrupted; the same command continues from %s" % target, file=sys.stderr)
        return status
    # A campaign's verdicts join those already there: the results directory's
    # kat.json (or the last full run's), ours from that run where unchanged.
    # ngcc-kat keeps the verdicts there of unchanged library files, and those
    # of a run this command could not merge (killed outright), and writes its
    # own as each file ends, merged once it stops.
    target = os.path.join(results_dir(directory, "kat.json", merge=True), "kat.json") if directory else full
    run = os.path.join(KAT_OUTPUT, "campaign-run.json")
    status = run_ngcc_kat(["--plan", libraries, "--kinds", kinds, "--json", run, "--resume", target, "--resume", run])
    if status == 2 or not (os.path.exists(run) and os.path.getsize(run)):
        return status
    try:
        replaced, added = results.merge_kat(target, run, seed=full)
    except (results.PlaceError, OSError) as e:
        raise ToolError("kat: %s" % e)
    print("ngcc: %s: %d module(s) added, %d replaced" % (target, added, replaced), file=sys.stderr)
    os.remove(run)
    if directory:
        relativize(os.path.dirname(target))
    if status > 128:
        print("ngcc: kat: interrupted; its verdicts are in %s: the same command continues" % target, file=sys.stderr)
    return status


def ct(results_arg=None, campaigns=()):
    directory = system_directory(results_arg, "ct") if results_arg else None
    ensure_packages(*CORE_PACKAGES, "valgrind")
    build_preset("release", CT_TARGETS)
    libraries = planned("build/release/ct_output/plan.json", campaigns, modules=not campaigns)
    if directory:
        out = os.path.join(results_dir(directory, "ct.json", merge=True), "ct.json")
    else:
        out = "build/release/ct_output/ct.json"
    status = ct_check.main(["--harness", "build/release/ct/ct_harness", "--root", ROOT, "--out", out,
                            "--usable", " ".join(sorted(usable_features())), "--jobs", str(JOBS),
                            "--merge", "--resume", "--plan", libraries])
    if directory:
        relativize(os.path.dirname(out))
    return status


def bench(mode="default", system=None, cpu="last", replace=False, campaigns=(), extra=()):
    ensure_packages(*CORE_PACKAGES)
    build_preset("release", BENCH_TARGETS)
    system = system or system_name(cpu)
    if not system or "/" in system or system in (".", ".."):
        raise ToolError("bench: bad system name '%s'" % system)
    out = results_dir(os.path.join("results", system), "bench.json", replace)
    campaign = campaigns[0] if campaigns else None
    if len(campaigns) > 1:  # several packages' campaigns are measured in one run, as one campaign
        campaign = os.path.join(out, "campaign.yaml")
        try:
            write_merged(campaign, campaigns)
        except PlanError as e:
            raise ToolError(str(e))
    try:
        status = bench_run.run(out, mode, system=system, cpu=cpu, campaign=campaign, extra=extra,
                               build="build/release")
    except (bench_run.BenchError, OSError) as e:
        raise ToolError("bench: %s" % e)
    if status != 0:
        return status
    relativize(out)
    status = report([out])
    # The site shows the campaigns of results/<system>/ (a run placed in
    # runs/<UTC>/ beside one has its reports only).
    return site([]) or status


def field(argv):
    from hashbench import field as field_run
    # The arguments are checked before anything is built.
    packages = field_run.parser().parse_args(["--out", "build/field", *argv]).packages
    if not os.path.isdir(packages):
        raise ToolError("field: %s: not a directory" % packages)
    ensure_packages(*CORE_PACKAGES, "valgrind")
    build_preset("release", ("bench",) + CT_TARGETS)
    usable = " ".join(sorted(usable_features()))
    status = field_run.main(["--out", os.path.join("build", "field", system_name()), "--usable", usable, *argv])
    # The site shows the field summaries committed under results/; its
    # failure is the tool's, not a library's.
    return 2 if site([]) != 0 else status


ARM_GUIDE_FLAGS = "-O3 -march=armv8.2-a+sve -fomit-frame-pointer"


def mca(cross=None, cpus=(), instances="", variants="", campaigns=(), calibrate=False):
    ensure_packages(*CORE_PACKAGES, "llvm-19")
    args = []
    if cross:
        if calibrate:
            raise ToolError("mca: --calibrate measures this machine; not with --cross")
        preset = "cross-aarch64"
        cpus = cpus or ("oryon-1", "neoverse-v2")
        # The NICCS ARM guide's performance flags, which the target compares opt with.
        args += ["--extra-ref", ARM_GUIDE_FLAGS]
        ensure_packages("g++-aarch64-linux-gnu", "qemu-user")
        if not os.path.isdir("build/cross-deps/aarch64"):
            raise ToolError("mca: no AArch64 packages in build/cross-deps/aarch64 (tools/ngcc cross aarch64 fetches them)")
    else:
        preset = "release"
        cpus = cpus or ("znver3", "znver4", "znver5")
    for campaign in campaigns:
        if not os.path.isfile(campaign):
            raise ToolError("mca: --campaign %s: not a file (the campaign.yaml of a submission build)" % campaign)
        args += ["--campaign", campaign]
    build_preset(preset)
    build, out = "build/%s" % preset, "build/%s/mca" % preset
    os.makedirs(out, exist_ok=True)
    for cpu in cpus:
        args += ["--cpu", cpu]
    if instances:
        args += ["--instances", instances]
    if variants:
        args += ["--variants", variants]
    if calibrate:
        # bench's rows of these modules at 65536 B, pinned as tools/ngcc
        # bench pins (last: on a hybrid CPU a performance core), 5
        # interleaved repetitions (a few seconds per row).
        rows = "(%s)" % instances.replace(",", "|") if instances else "[^/]+"
        measured = os.path.join(out, "bench-65536.json")
        say("mca: bench at 65536 B for the calibration -> %s" % measured)
        if run_logged([os.path.join(build, "bench", "bench"), "--ngcc_cpu=last", "--ngcc_no_rss",
                       "--ngcc_allow_missing", "--benchmark_filter=^%s/[^/]+/65536$" % rows,
                       "--benchmark_repetitions=5", "--benchmark_enable_random_interleaving=true",
                       "--benchmark_min_time=0.1", "--benchmark_out=%s" % measured, "--benchmark_out_format=json"],
                      os.path.join(out, "bench.log")) != 0:
            raise ToolError("mca: the calibration bench run failed")
        args += ["--calibrate", measured]
    return estimates.main(["estimate", "--build", build, "--out", out, *args])


def qemu(model, ctest_args):
    ensure_packages(*CORE_PACKAGES, "qemu-user")
    build_preset("release")
    return ctest_emulated.run("build/release", "build/qemu-" + model, "qemu-x86_64 -cpu " + model, ctest_args)


def report(argv):
    from hashbench.report import main as report_main
    return report_main(argv)


def check(argv):
    ensure_packages(*REPORT_PACKAGES)
    from hashbench.check import main as check_main
    return check_main(argv)


def site(argv):
    ensure_packages(*REPORT_PACKAGES)
    from hashbench.report.site_cli import main as site_main
    return site_main(argv)


def submission(argv):
    # The builder names each library after a declared instance: the release
    # preset's configure step writes the declarations it reads.
    ensure_packages(*CORE_PACKAGES)
    configure_preset("release")
    from hashbench.submission.cli import main as submission_main
    return submission_main(argv)


def convert_schema1(directory):
    try:
        line = results.convert_schema1(directory)
    except (results.PlaceError, OSError) as e:
        raise ToolError(str(e))
    print("ngcc: %s" % line, file=sys.stderr)
    return 0


def system():
    print(system_name())
    return 0
