"""tools/ngcc: the commands, their help and their options. Every command
takes --help; options take their value as --opt VALUE or --opt=VALUE."""

import argparse
import os
import sys
import textwrap
from dataclasses import dataclass

from hashbench import ROOT, bench, commands, cross, declarations, fuzz, suite
from hashbench.host import ToolError

INTRO = """\
ngcc — the single entry point of ngcc-hashbench. Every command takes
--help; options take their value as --opt VALUE or --opt=VALUE.
Exit status: 0; 1 where a library or test failed a check; 2 where the tool
failed (bad usage, a build, a missing package); 128 + the signal where one
stopped the run (130 Ctrl-C, 143 a time limit)."""

OUTRO = """\
NGCC_CPU_DISABLE=AVX512F,AVX2,... hides CPU extensions from every module
and tool, as if this CPU lacked them (README, "Hiding CPU extensions")."""


@dataclass
class Command:
    synopsis: str
    text: str
    run: object  # argv -> exit status (report, submission, check, site: their tool parses argv)

    def help(self):
        return "tools/ngcc %s\n%s" % (self.synopsis, textwrap.indent(self.text, "    "))

    def parser(self):
        return argparse.ArgumentParser(prog="tools/ngcc " + self.synopsis.split()[0], add_help=False,
                                       usage="tools/ngcc " + " ".join(self.synopsis.split()))


def run_test(argv):
    COMMANDS["test"].parser().parse_args(argv)
    return suite.run()


def run_kat(argv):
    ap = COMMANDS["kat"].parser()
    ap.add_argument("--quick", action="store_true")
    ap.add_argument("--results")
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--campaign", action="append", default=[])
    ap.add_argument("--all", action="store_true")
    a = ap.parse_args(argv)
    return commands.kat(a.quick, a.results, a.replace, a.campaign, a.all)


def run_bench(argv):
    options, extra = (argv[:argv.index("--")], argv[argv.index("--") + 1:]) if "--" in argv else (argv, [])
    ap = COMMANDS["bench"].parser()
    bench.add_run_options(ap)
    ap.add_argument("--replace", action="store_true")
    ap.add_argument("--campaign", action="append", default=[])
    a = ap.parse_args(options)
    return commands.bench(a.mode, a.system, a.cpu, a.replace, a.campaign, extra)


def run_ct(argv):
    ap = COMMANDS["ct"].parser()
    ap.add_argument("--results")
    ap.add_argument("--campaign", action="append", default=[])
    a = ap.parse_args(argv)
    return commands.ct(a.results, a.campaign)


def run_field(argv):
    if not argv:
        raise ToolError("usage: tools/ngcc %s (tools/ngcc field --help)" % COMMANDS["field"].synopsis)
    return commands.field(argv)


def run_fuzz(argv):
    ap = COMMANDS["fuzz"].parser()
    ap.add_argument("seconds", nargs="?", type=int, default=600)
    a = ap.parse_args(argv)
    return fuzz.run(a.seconds)


def run_cross(argv):
    if not argv:
        raise ToolError("usage: tools/ngcc %s" % COMMANDS["cross"].synopsis)
    return cross.run(argv[0], argv[1:])


def run_qemu(argv):
    if not argv or argv[0].startswith("-"):
        raise ToolError("usage: tools/ngcc %s" % COMMANDS["qemu"].synopsis)
    return commands.qemu(argv[0], [a for a in argv[1:] if a != "--"])


def run_mca(argv):
    ap = COMMANDS["mca"].parser()
    ap.add_argument("--cross", choices=["aarch64"])
    ap.add_argument("--cpu", action="append", default=[])
    ap.add_argument("--instances", default="")
    ap.add_argument("--variants", default="")
    ap.add_argument("--campaign", action="append", default=[])
    ap.add_argument("--calibrate", action="store_true")
    a = ap.parse_args(argv)
    return commands.mca(a.cross, a.cpu, a.instances, a.variants, a.campaign, a.calibrate)


def run_convert_schema1(argv):
    ap = COMMANDS["convert-schema1"].parser()
    ap.add_argument("results_dir")
    a = ap.parse_args(argv)
    return commands.convert_schema1(a.results_dir)


def run_declarations(argv):
    COMMANDS["declarations"].parser().parse_args(argv)
    return declarations.main(["--list"])


def run_system(argv):
    COMMANDS["system"].parser().parse_args(argv)
    return commands.system()


COMMANDS = {
    "test": Command("test", """\
install what is missing, build, run the test suite (what CI runs)""", run_test),
    "kat": Command("kat [--quick] [--results DIR [--replace]] [--campaign FILE]... [--all]", """\
all four official KAT files for every module in one ngcc-kat run on
every CPU (--quick: only 2_12 and 2_23); writes
build/release/kat_output/kat.json, or kat.json in DIR as bench places
its run (below). With --campaign (repeatable; e.g. what tools/ngcc
submission build wrote): only the campaigns' libraries (--all: ours
too), their verdicts merged into that kat.json beside those there.
Each file's verdict is saved as it ends: a run stopped by Ctrl-C or a
timeout (exit 130, 143) keeps what finished, and the same command
continues it; with --campaign a library whose verdicts are there
already (same file SHA-256) is not checked again""", run_kat),
    "bench": Command("bench [--quick|--guide] [--system NAME] [--cpu N|last|none] [--replace]\n"
                     "                 [--campaign FILE]... [-- BENCH_ARGS...]", """\
build, run the campaign pinned to one CPU (default: 5 interleaved
repetitions; --guide: the published plan), write results/<system>/
(named by tools/ngcc system), the reports and the site. A campaign already
there is never overwritten: the run goes to results/<system>/runs/<UTC>/
(untracked), and says so; --replace remakes it, on the CPU it was made
on only (hashbench.results). A run stopped by Ctrl-C or a time limit
(exit 130, 143) keeps the rows that ended, and the same command
measures only the others. bench/README.md has the details""", run_bench),
    "ct": Command("ct [--results DIR] [--campaign FILE]...", """\
the constant-time check (valgrind memcheck, the message marked
undefined: a branch or memory index that depends on it is a site) of
every module of ours, or with --campaign of the campaigns' libraries,
each in a child process; verdicts merged into DIR/ct.json (default
build/release/ct_output/ct.json) as each library ends, which the
report shows in §3; a library whose file (SHA-256) has a verdict
there already is not checked again""", run_ct),
    "field": Command("field PACKAGES_DIR [--out DIR] [--full] [--quick] [--no-bench] [--bench-filter RE]", """\
every submission package below PACKAGES_DIR built, its libraries'
KATs (2_12, 2_23; --full: all four), constant-time check and one
pinned bench run at 32 B, 1 KiB and 64 KiB with ours and the
baselines, then a report per candidate and the field summary
(report/field.md), and the site; default DIR build/field/<system>; a
rerun skips what is done and current (hashbench.field)""", run_field),
    "report": Command("report RESULTS_DIR [--out DIR] [--baseline pseudoXOF|NAME|campaign|none] [--field]", """\
§3.5 reports from RESULTS_DIR/bench.json, kat.json and ct.json""", commands.report),
    "submission": Command("submission build PACKAGE_DIR [--out DIR] [--config FILE] [--settings-dir DIR]\n"
                          "                           [--arch x86_64|aarch64]", """\
build a submission package (NICCS layout) into CryptHash modules with
the guide's flags of the architecture and write their campaign
entries; per-package settings from candidates/<id>-<name>/package.yaml
(docs/submissions.md)""", commands.submission),
    "fuzz": Command("fuzz [SECONDS]", """\
differential libFuzzer targets, one per family (default 600 s each)""", run_fuzz),
    "cross": Command("cross aarch64|s390x [CTEST ARGS...]", """\
aarch64: the whole suite cross-built, unit, kat-quick, findings and
fuzz-random tests and a short bench run into a report under qemu-aarch64; s390x: ref
modules + ngcc-kat, kat-quick under qemu-s390x""", run_cross),
    "qemu": Command("qemu MODEL [-- CTEST ARGS...]", """\
the release tests (or those the ctest arguments choose, e.g. -L unit),
every test process under qemu-x86_64 -cpu MODEL: max is an AVX2-only
CPU (SIGILL on AVX-512), Nehalem an x86-64-v2 one (SIGILL on AVX2);
each test's time limit ten times longer (hashbench.ctest_emulated)""", run_qemu),
    "mca": Command("mca [--cross aarch64] [--cpu CPU]... [--instances NAME,...] [--variants V,...]\n"
                   "               [--campaign FILE]... [--calibrate]", """\
static speed estimates from llvm-mca (Debian llvm-19), never
measurements: each module's absorb loop as executed (traced), simulated
on the named core model, as cycles per byte of a 65536 B message.
Default: this machine's build on znver3, znver4, znver5; --cross
aarch64: the cross-aarch64 build on oryon-1 and neoverse-v2, ref also
with the ARM guide's flags. --campaign: also (or, alone, only) the
libraries of a submission build of the same architecture
(tools/ngcc submission build --arch aarch64). --calibrate (x86-64): a short pinned bench
run of the same modules at 65536 B beside the estimates, with the ratio
estimate / measured per family. Tables to stdout, JSON to
build/<preset>/mca/estimates.json (docs/estimates.md)""", run_mca),
    "check": Command("check [RESULTS_DIR...]", """\
every committed campaign (results/<system>/) against its evidence: each
report page and plot regenerated byte for byte, each KAT verdict
against the official manifest, no absolute local path recorded; without
RESULTS_DIR also the site (below) made in a scratch directory, every
link and image resolving (hashbench.check); exit 1 names each page
or file that differs""", commands.check),
    "site": Command("site [--out DIR]", """\
a static site of every campaign under results/ (default DIR
build/site): the reports as HTML with SVG plots, each system's field
table sortable and filterable, each parameter set across systems;
open DIR/index.html or serve it: python3 -m http.server -d DIR""", commands.site),
    "convert-schema1": Command("convert-schema1 RESULTS_DIR", """\
rewrite RESULTS_DIR/bench.json of schema 1 (written before bench recorded
its candidates and variants) as schema 2, once: no row touched, the
facts schema 1 lacks written into its context with a record of the
conversion (bench/SCHEMA.md); the report reads schema 2 only""", run_convert_schema1),
    "declarations": Command("declarations", """\
every candidate of candidates/ and the variants table checked as a
configure checks them, without a build; one line per candidate
(docs/families.md)""", run_declarations),
    "system": Command("system", """\
the name of this machine's results directory (builds bench alone
where it is not built)""", run_system),
}


def usage():
    return "\n".join([INTRO, ""] + [c.help() for c in COMMANDS.values()] + ["", OUTRO])


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    os.chdir(ROOT)
    if not argv or argv[0] in ("-h", "--help"):
        print(usage())
        return 0
    name, args = argv[0], argv[1:]
    command = COMMANDS.get(name)
    if command is None:
        print("ngcc: unknown command '%s' (%s; tools/ngcc --help)" % (name, " ".join(COMMANDS)), file=sys.stderr)
        return 2
    # --help anywhere before -- shows the command's help and does nothing else.
    options = args[:args.index("--")] if "--" in args else args
    if "-h" in options or "--help" in options:
        print(command.help())
        return 0
    try:
        return command.run(args)
    except ToolError as e:
        print("ngcc: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:  # a file the command had to read or write
        print("ngcc: %s: %s" % (e.filename or name, e.strerror or e), file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        return 130
