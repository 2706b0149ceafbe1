"""tools/ngcc submission build: a submission package in the NICCS layout
built into CryptHash modules.

Every directory under Reference_Implementation/, Optimized_Implementation/
or Additional_Implementation/ that holds CryptHash_AlgorithmInstance.h is
one instance implementation, built with the guide's flags of the target
architecture (then the harness defaults) into a shared library; every
directory with code that is not built gets one line saying why. The
package layout, the flags, the settings and the campaign entries are
described in docs/submissions.md.
"""
import argparse
import os
import shlex
import sys
from dataclasses import dataclass

import yaml
from hashbench import plan
from hashbench.plan import PlanError

from . import arch as arches
from .compiler import Compiler
from .errors import OtherArchitecture, SubmissionError
from .layout import discover, header_macros, variant_label
from .settings import LIST_KEYS, OWN_SETTINGS_DIR, SettingsFinder
from .sources import select


class FlowList(list):
    """A list written on one line ([AVX2, AVX512F])."""


class CampaignDumper(yaml.SafeDumper):
    pass


CampaignDumper.add_representer(
    FlowList, lambda dumper, value: dumper.represent_sequence("tag:yaml.org,2002:seq", value, flow_style=True))


def declared_instances(manifest):
    """kat_name or name -> declared instance, from a module manifest (which
    the release preset's configure step writes: tools/ngcc submission runs it)."""
    if not os.path.exists(manifest):
        raise SubmissionError("%s: no such file: the declared instances are read from it "
                              "(cmake --preset release writes it; tools/ngcc submission runs that)" % manifest)
    try:
        return plan.declared_instances(manifest)
    except PlanError as e:
        raise SubmissionError(str(e))


@dataclass
class Library:
    """One library a directory builds: the instance its header names, or one
    its settings' `instances:` name (then header_name is the header's)."""
    name: str
    bits: int
    settings: dict
    package_settings: object
    header_name: str


def libraries_of(impl, declared, finder, arch):
    """The libraries of one implementation directory: one for the instance
    its header names, or one per instance its settings' `instances:` names,
    each with that instance's keys added to the directory's."""
    name, bits = header_macros(os.path.join(impl.directory, impl.header))
    inst = declared.get(name)
    package_settings = finder.for_candidate(inst["candidate_id"] if inst else finder.candidate_of(name))
    settings = package_settings.resolve(impl.kind, impl.relpath, arch)
    chosen = settings.pop("instances")
    if not chosen:
        return [Library(name, bits, settings, package_settings, name)]
    return [Library(instance, keys.get("digest_bits", bits),
                    dict(settings, **{k: settings[k] + keys[k] for k in LIST_KEYS}), package_settings, name)
            for instance, keys in chosen.items()]


def build_one(impl, lib, declared, finder, compiler, seen, package):
    """The campaign entry of one library and its line, or raises."""
    inst = declared.get(lib.name)
    label = ("submitted-" + lib.settings["variant"] if lib.settings.get("variant")
             else variant_label(impl.kind, impl.below, lib.name, inst["name"] if inst else lib.name))
    if inst is not None and lib.bits != inst["digest_bits"]:
        raise SubmissionError("DIGEST_BIT_LENGTH %d, but %s is declared with %d bits"
                              % (lib.bits, inst["name"], inst["digest_bits"]))
    instance = inst["name"] if inst is not None else lib.name
    target = "%s-%s" % (instance, label)
    if target in seen:
        raise SubmissionError("a second implementation of %s %s (the first: %s)" % (instance, label, seen[target]))
    seen[target] = impl.relpath
    srcs, notes = select(impl.directory, package, lib.settings)
    if not srcs:
        raise SubmissionError("no C or C++ sources besides the official driver files")
    built = compiler.build(impl, target, lib.settings, srcs)
    entry = {"variant": label, "path": "lib%s.so" % target, "build_flags": built.build_flags,
             "flags_source": built.flags_source}
    if built.cpu_features:
        entry["cpu_features"] = FlowList(built.cpu_features)
    if inst is not None:
        entry = dict(instance=instance, **entry)
    else:
        candidate_id = (lib.package_settings.candidate_id or finder.candidate_of(lib.name)
                        or finder.candidate_of(lib.header_name))
        if not candidate_id:
            # Still measured, as itself (anybody's library), but never silently.
            built.notes.append("%s is no declared instance and no settings name its candidate: "
                               "candidate unknown, no KAT manifest (settings `instances:` can map it "
                               "to a declared instance)" % lib.name)
        entry = dict(name=instance, candidate_id=candidate_id or "unknown", digest_bits=lib.bits, **entry)
    line = "built %s/%s from %s (%s flags: %s)" % (instance, label, impl.relpath, built.flags_source,
                                                   built.build_flags)
    if lib.name != lib.header_name:
        notes.insert(0, "the instance by settings `instances:` (its header names %s)" % lib.header_name)
    return entry, "; ".join([line] + notes + built.notes)


def build_package(args):
    package = os.path.abspath(args.package)
    if not os.path.isdir(package):
        raise SubmissionError("%s: not a directory" % args.package)
    arch = args.arch or arches.host_arch()
    if arch not in arches.ARCHES:
        raise SubmissionError("architecture '%s': expected one of %s" % (arch, ", ".join(arches.ARCHES)))
    cc, cxx = arches.compilers(arch)
    finder = SettingsFinder(package, args.config, args.settings_dir)
    out = os.path.abspath(args.out or os.path.join("build", "submissions", os.path.basename(package)))
    os.makedirs(out, exist_ok=True)
    declared = declared_instances(args.manifest)
    layout = discover(package, arch)
    entries, failures, seen, skipped = [], 0, {}, sum(n for _, _, n in layout.skipped)
    for relpath, why, _ in layout.skipped:
        print("skipped %s: %s" % (relpath, why))
    with open(os.path.join(out, "build.log"), "w", encoding="utf-8") as log:
        compiler = Compiler(package, out, arch, args.cc or cc, args.cxx or cxx, log)
        for impl in layout.implementations:
            try:
                libraries = libraries_of(impl, declared, finder, arch)
            except SubmissionError as e:
                print("FAIL %s: %s" % (impl.relpath, e))
                failures += 1
                continue
            for lib in libraries:
                where = impl.relpath if len(libraries) == 1 else "%s (%s)" % (impl.relpath, lib.name)
                try:
                    entry, line = build_one(impl, lib, declared, finder, compiler, seen, package)
                except OtherArchitecture as e:
                    print("skipped %s: %s" % (impl.relpath, e))
                    skipped += 1
                    break  # the directory's other instances need the same architecture
                except SubmissionError as e:
                    print("FAIL %s: %s" % (where, e))
                    failures += 1
                    continue
                entries.append(entry)
                print(line)
    campaign = os.path.join(out, "campaign.yaml")
    with open(campaign, "w", encoding="utf-8") as f:
        f.write("# Written by tools/ngcc submission build %s (for %s)\n" % (shlex.quote(args.package), arch))
        yaml.dump({"libraries": entries}, f, Dumper=CampaignDumper, sort_keys=False, width=1000)
    used = finder.used()
    print("%d built, %d failed, %d skipped (%s, settings: %s); campaign entries in %s, commands in %s"
          % (len(entries), failures, skipped, arch, ", ".join(used) or "none",
             campaign, os.path.join(out, "build.log")))
    return 1 if failures else 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tools/ngcc submission", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build a package into CryptHash modules")
    b.add_argument("package", help="the package directory (NICCS layout)")
    b.add_argument("--out", help="output directory (default build/submissions/<package name>)")
    b.add_argument("--config", help="settings file (default PACKAGE.yaml, PACKAGE/ngcc-submission.yaml, "
                                    "or SETTINGS_DIR/<candidate id>.yaml)")
    b.add_argument("--settings-dir", default=OWN_SETTINGS_DIR,
                   help="our own settings: a directory of <candidate id>.yaml files, or of candidate directories <id>-<name>/package.yaml (default: %(default)s)")
    b.add_argument("--manifest", default="build/release/modules/ngcc_modules.json",
                   help="module manifest naming the declared instances (default: %(default)s)")
    b.add_argument("--arch", choices=arches.ARCHES,
                   help="architecture to build for (default: this host's, %s)" % arches.host_arch())
    b.add_argument("--cc", help="C compiler (default gcc, or <triple>-gcc for another architecture)")
    b.add_argument("--cxx", help="C++ compiler (default g++, or <triple>-g++)")
    args = parser.parse_args(argv)
    # Paths in a package's own encoding (GBK directory names) print escaped, never raise.
    if hasattr(sys.stdout, "reconfigure"):  # not when a caller captures it
        sys.stdout.reconfigure(errors="backslashreplace")
    try:
        return build_package(args)
    except SubmissionError as e:
        print("ngcc submission: %s" % e, file=sys.stderr)
        return 2
