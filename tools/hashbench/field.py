"""tools/ngcc field: every package of a directory built, checked and measured
in one field run, with a report per candidate and the field summary.

    tools/ngcc field PACKAGES_DIR [--out DIR] [--full] [--quick] [--no-bench] [--bench-filter RE]

Phases, each resumable (a rerun skips what is done and current):
  build  tools/ngcc submission build of every package directory into
         DIR/packages/<name>/; skipped when no file of the package (nor the
         settings that apply) changed since
  kat    ngcc-kat on every library built (KAT_2_12 and KAT_2_23; --full:
         all four files) and on the modules of ours bench measures beside
         them (KAT_2_12 and KAT_2_23: seconds; tools/ngcc kat runs all four),
         verdicts merged into DIR/kat.json; a library whose SHA-256, instance
         and variant already have verdicts for those files is not run again,
         nor a module of ours whose SHA-256 has them there (or, before
         DIR/kat.json exists, in the build's last tools/ngcc kat run)
  ct     tools/hashbench/ct.py on every library, into DIR/ct.json, likewise
  bench  one pinned bench run of every library with our modules and the
         baselines at 32 B, 1 KiB and 64 KiB (--quick: one short repetition),
         into DIR/bench.json; skipped when it already measured every library;
         a stopped run's rows are kept and not measured again
         (bench/README.md, "An interrupted run")
  report the candidate reports and field.md (tools/ngcc report --field)

DIR/field.json records each package's build (its lines and stamp), which
the field summary lists. The build directory is $NGCC_BUILD_DIR
(build/release), built already.
"""
import argparse
import contextlib
import hashlib
import io
import json
import os
import subprocess
import sys

from hashbench import ROOT
from hashbench import bench as bench_tool
from hashbench import ct as ct_tool
from hashbench.declarations import DeclarationError, read_declarations
from hashbench.plan import MODULE_MANIFEST, PlanError, plan, plan_of, write_merged, write_plan
from hashbench.results import PlaceError, merge_kat
from hashbench.report import main as report_main
from hashbench.submission import cli as submission
from hashbench.submission.settings import OWN_SETTINGS_DIR

FIELD_SIZES = (32, 1024, 65536)
QUICK_KINDS, FULL_KINDS = ("2_12", "2_23"), ("2_12", "2_23", "2_33", "Loop")
SCHEMA = "ngcc-field/1"


class FieldError(Exception):
    """A one-line refusal."""


def log(text):
    print("ngcc field: " + text, flush=True)


def run(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, text=True, **kw)


def tree_stamp(*dirs):
    """SHA-256 of every file's path, size and modification time below dirs."""
    h = hashlib.sha256()
    for top in dirs:
        for base, subdirs, files in os.walk(top):
            subdirs.sort()
            for name in sorted(files):
                path = os.path.join(base, name)
                st = os.stat(path)
                h.update(("%s\0%d\0%d\n" % (os.path.relpath(path, top), st.st_size, st.st_mtime_ns)).encode())
    return h.hexdigest()


def load_json(path, default):
    if not os.path.exists(path):
        return default
    try:
        with open(path, encoding="utf-8") as f:
            return json.load(f)
    except (OSError, ValueError) as e:
        raise FieldError("%s: unreadable (%s); remove it to start that phase afresh" % (path, e))


def write_json(path, doc):
    tmp = path + ".tmp"
    with open(tmp, "w", encoding="utf-8") as f:
        json.dump(doc, f, indent=1, sort_keys=True)
        f.write("\n")
    os.replace(tmp, path)


def captured(function, argv):
    """function(argv)'s exit status and what it printed, stdout and stderr."""
    buffer = io.StringIO()
    with contextlib.redirect_stdout(buffer), contextlib.redirect_stderr(buffer):
        try:
            status = function(argv)
        except SystemExit as e:
            status = e.code if isinstance(e.code, int) else 2
    return status, buffer.getvalue()


def build(packages_dir, out, state, build_dir):
    """Builds what changed; returns {package: campaign file} of those with libraries."""
    settings = OWN_SETTINGS_DIR
    builder = os.path.join(ROOT, "tools", "hashbench", "submission")
    campaigns = {}
    for name in sorted(os.listdir(packages_dir)):
        pkg = os.path.join(packages_dir, name)
        if not os.path.isdir(pkg) or name.startswith("."):
            continue
        dest = os.path.join(out, "packages", name)
        stamp = tree_stamp(pkg, settings, builder)
        entry = state["packages"].get(name)
        campaign = os.path.join(dest, "campaign.yaml")
        if entry and entry["stamp"] == stamp and (entry["status"] != 0 or os.path.exists(campaign)):
            log("build %s: current (%s)" % (name, entry["lines"][-1] if entry["lines"] else "no output"))
        else:
            log("build %s" % name)
            status, output = captured(submission.main, ["build", pkg, "--out", dest,
                                                         "--manifest", os.path.join(build_dir, MODULE_MANIFEST)])
            lines = [l for l in output.splitlines() if l.strip()]
            for line in lines:
                print("  " + line)
            entry = dict(stamp=stamp, status=status, lines=lines)
            state["packages"][name] = entry
            write_json(os.path.join(out, "field.json"), state)
        if os.path.exists(campaign):
            campaigns[name] = campaign
    return campaigns


def libraries(campaigns, build_dir):
    """The plan entries (tools/hashbench/plan.py) of every campaign's libraries."""
    try:
        return plan(build_dir, [c for _, c in sorted(campaigns.items())], modules=False)["libraries"]
    except PlanError as e:
        raise FieldError(str(e))


def identity(lib):
    """What a verdict or a measurement is of: the library file (its SHA-256)
    as the instance and variant it was described as. One file can be several
    (an XOF built once per output length, a directory renamed by settings)."""
    return lib["sha256"], lib["kat_name"], lib["variant"]


@contextlib.contextmanager
def plan_file(out, name, libs):
    """DIR/<name>, a library plan of `libs`, while a phase runs it."""
    path = os.path.join(out, name)
    write_plan(path, plan_of(libs))
    try:
        yield path
    finally:
        os.remove(path)


def kat_done(kat_json, kinds):
    """The identities of the libraries kat.json has a verdict of every kind for (or a SKIP of)."""
    done = set()
    for m in load_json(kat_json, {}).get("modules", []):
        have = {f.get("kind") for f in m.get("files", [])}
        if m.get("module_sha256") and (m.get("skipped") or set(kinds) <= have):
            done.add((m["module_sha256"], m.get("kat_name"), m.get("variant")))
    return done


def manifest_names():
    """The instance names the official manifests have files of: every
    declared instance (tools/hashbench/declarations.py checks the two agree)."""
    try:
        declarations = read_declarations(ROOT)
    except DeclarationError as e:
        raise FieldError(str(e))
    return {i["name"] for c in declarations["candidates"] for i in c["declaration"]["instances"]}


def our_modules(build_dir):
    """The plan entries of our candidates' modules in this build, those
    tools/ngcc kat checks."""
    try:
        return plan(build_dir)["libraries"]
    except PlanError as e:
        raise FieldError("%s (configure and build %s first)" % (e, build_dir))


def kat(out, libs, modules, kinds, build_dir):
    """ngcc-kat on the libraries not yet checked, those of an instance
    without a manifest apart (--no-manifest: their files are written, no
    verdict); and on the modules of ours not yet checked, at the quick kinds."""
    target = os.path.join(out, "kat.json")
    seed = os.path.join(build_dir, "kat_output", "kat.json")
    done = kat_done(target, kinds)
    todo = [l for l in libs if identity(l) not in done]
    log("kat: %d of %d libraries to check (%s)" % (len(todo), len(libs), ", ".join(kinds)))
    checked = {sha for sha, _name, _variant in kat_done(target if os.path.exists(target) else seed, QUICK_KINDS)}
    ours = [m for m in modules if m["sha256"] not in checked]
    log("kat: %d of %d modules of ours to check (%s)" % (len(ours), len(modules), ", ".join(QUICK_KINDS)))
    known = manifest_names()
    status = 0
    with_manifest = [l for l in todo if l["instance"] in known]
    without_manifest = [l for l in todo if l["instance"] not in known]
    for libs, extra, run_kinds in ((ours, [], QUICK_KINDS), (with_manifest, [], kinds),
                                   (without_manifest, ["--no-manifest"], kinds)):
        if not libs:
            continue
        new = os.path.join(out, "kat-run.json")
        with plan_file(out, "kat-plan.json", libs) as libs_plan:
            p = run([os.path.join(build_dir, "kat_tests", "ngcc-kat"), "--plan", libs_plan] + extra
                    + ["--kinds", ",".join(run_kinds), "--jobs", str(os.cpu_count() or 2),
                       "--out", os.path.join(out, "kat_output"), "--json", new])
        status = status or p.returncode
        if os.path.exists(new):
            try:
                replaced, added = merge_kat(target, new, seed if os.path.exists(seed) else None)
                log("kat: %s: %d module(s) added, %d replaced" % (target, added, replaced))
            except (PlaceError, OSError) as e:
                log("kat: %s" % e)
                status = status or 1
            os.remove(new)
    return status


def ct(out, libs, build_dir, usable):
    target = os.path.join(out, "ct.json")
    done = {(e.get("sha256"), e.get("instance"), e.get("variant")) for e in load_json(target, {}).get("libraries", [])}
    todo = [l for l in libs if identity(l) not in done]
    log("ct: %d of %d libraries to check" % (len(todo), len(libs)))
    if not todo:
        return 0
    with plan_file(out, "ct-plan.json", todo) as libs_plan:
        return ct_tool.main(["--harness", os.path.join(build_dir, "ct", "ct_harness"), "--root", ROOT,
                             "--out", target, "--usable", usable, "--jobs", str(os.cpu_count() or 2),
                             "--merge", "--plan", libs_plan])


def bench(out, campaigns, libs, quick, build_dir, bench_filter):
    bench_json = os.path.join(out, "bench.json")
    measured = set()
    if os.path.exists(bench_json):
        ctx = load_json(bench_json, {}).get("context", {})
        try:
            modules = json.loads(ctx.get("ngcc_modules", "[]"))
        except ValueError:
            modules = []
        measured = {(m.get("sha256"), m.get("kat_name"), m.get("variant")) for m in modules if isinstance(m, dict)}
    wanted = {identity(l) for l in libs}
    if wanted and wanted <= measured:
        log("bench: current (every library measured in %s)" % bench_json)
        return 0
    settings = os.path.join(out, "field-sizes.yaml")
    with open(settings, "w", encoding="utf-8") as f:
        f.write("# Written by tools/ngcc field: the sizes of the field summary\nsizes: [%s]\n"
                % ", ".join(str(s) for s in FIELD_SIZES))
    merged = os.path.join(out, "campaign.yaml")
    try:
        write_merged(merged, [settings] + [c for _, c in sorted(campaigns.items())])
    except PlanError as e:
        log("bench: %s" % e)
        return 1
    log("bench: %d libraries with ours and the baselines at %s bytes"
        % (len(libs), ", ".join(str(s) for s in FIELD_SIZES)))
    try:
        return bench_tool.run(os.path.abspath(out), "quick" if quick else "default",
                              campaign=os.path.abspath(merged), build=build_dir,
                              extra=["--benchmark_filter=" + bench_filter] if bench_filter else [])
    except bench_tool.BenchError as e:
        log("bench: %s" % e)
        return 1


def parser():
    ap = argparse.ArgumentParser(prog="tools/ngcc field", description=__doc__.split("\n")[0])
    ap.add_argument("packages", help="a directory holding one directory per submission package")
    ap.add_argument("--out", required=True, help="the field's results directory")
    ap.add_argument("--full", action="store_true", help="all four KAT files (default: 2_12, 2_23)")
    ap.add_argument("--quick", action="store_true", help="a short bench run (one repetition per row)")
    ap.add_argument("--no-bench", action="store_true", help="build, KATs and ct only")
    ap.add_argument("--bench-filter", help="only the bench rows this regular expression matches "
                    "(bench --benchmark_filter), e.g. 'submitted|SHA-512'")
    ap.add_argument("--usable", default="", help="the extensions this CPU lets code use "
                    "(bench --ngcc_cpu_identity's features)")
    return ap


def main(argv=None):
    args = parser().parse_args(argv)
    build_dir = os.environ.get("NGCC_BUILD_DIR", os.path.join(ROOT, "build", "release"))
    try:
        if not os.path.isdir(args.packages):
            raise FieldError("%s: not a directory" % args.packages)
        os.makedirs(args.out, exist_ok=True)
        state = load_json(os.path.join(args.out, "field.json"), {"schema": SCHEMA, "packages": {}})
        if state.get("schema") != SCHEMA:
            raise FieldError("%s/field.json: schema %r, expected %r" % (args.out, state.get("schema"), SCHEMA))
        state["packages_dir"] = os.path.abspath(args.packages)
        campaigns = build(args.packages, args.out, state, build_dir)
        write_json(os.path.join(args.out, "field.json"), state)
        libs = libraries(campaigns, build_dir)
        status = 0
        if libs:
            status |= kat(args.out, libs, our_modules(build_dir), FULL_KINDS if args.full else QUICK_KINDS,
                          build_dir) != 0
            status |= ct(args.out, libs, build_dir, args.usable) != 0
        else:
            log("no package built a library")
        if not args.no_bench and libs:
            if bench(args.out, campaigns, libs, args.quick, build_dir, args.bench_filter) != 0:
                raise FieldError("bench failed (see %s/bench.log)" % args.out)
        if os.path.exists(os.path.join(args.out, "bench.json")):
            status |= report_main([args.out, "--field"]) != 0
    except FieldError as e:
        print("ngcc field: error: %s" % e, file=sys.stderr)
        return 2
    return 1 if status else 0


if __name__ == "__main__":
    sys.exit(main())
