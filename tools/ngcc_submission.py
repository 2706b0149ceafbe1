#!/usr/bin/python3
"""Builds a submission package in the NICCS layout into CryptHash modules.

usage: ngcc_submission.py build PACKAGE_DIR [--out DIR] [--config FILE]
                          [--manifest ngcc_modules.json] [--cc CC] [--cxx CXX]
       ngcc_submission.py kat-libraries CAMPAIGN [--manifest ngcc_modules.json]

Every directory under PACKAGE_DIR that holds CryptHash_AlgorithmInstance.h
and lies under Reference_Implementation/, Optimized_Implementation/ or
Additional_Implementation/ is one instance implementation
(docs/submissions.md). Its C and C++ sources, except the official KAT driver
(KAT_CryptHash.c), the official DRNG (drng.c) and any file that defines
main(), are compiled into one shared library with the guide's flags:

  reference   -std=c99 -Wpedantic -Wall -Wextra -O2
  optimized   -O3 -march=x86-64 -mavx2 -mtune=native -flto -fomit-frame-pointer
              -std=c99 -Wpedantic -Wall -Wextra

(plus -fPIC -shared -D_GNU_SOURCE and, for the reference flags, the
-Wno-error=... set the published harness adds for older C). When those fail
it falls back to the harness defaults -O2 -fPIC -std=gnu11 -fwrapv
-fno-strict-aliasing and records which set built the library
(flags_source guide | harness-default). Additional implementations take the
optimized flags plus what the configuration adds for them.

ALGORITHM_INSTANCE is matched with the instances our families declare
(the module manifest of a build, by KAT name, then by name); the library
becomes the variant submitted-ref, submitted-opt or submitted-<directory>
(e.g. submitted-avx512) of that instance, and its DIGEST_BIT_LENGTH must be
the declared one. An instance no family declares is built in free form
(name, candidate id from the configuration, width from the header).

An optional YAML configuration (--config, default PACKAGE_DIR.yaml or
PACKAGE_DIR/ngcc-submission.yaml) states per-package needs:

  candidate_id: hash-99              # for instances we do not implement
  include_dirs: [common/include]     # relative to the package
  sources: [common/src]              # extra source directories or files
  defines: [USE_FOO=1]
  c_standard: gnu11                  # instead of c99
  cxx_standard: c++17                # for C++ sources
  cxx_files: ["*/Optimized_Implementation/*.c"]   # sources that are C++ whatever their suffix
                                     # (fnmatch patterns on the path in the package)
  libraries: [crypto]                # -l<name>
  flags: {reference: [...], optimized: [...], additional: [...]}   # extra flags
  exclude: [bench.c]                 # source file names to leave out

It writes OUT/lib<Instance>-<variant>.so, OUT/build.log (every command and
its output) and OUT/campaign.yaml (the campaign entries for bench and
`tools/ngcc kat`), prints one line per implementation, and exits 1 if any
implementation did not build.
"""
import argparse
import fnmatch
import json
import os
import re
import shlex
import subprocess
import sys

import yaml

KINDS = {"Reference_Implementation": "reference", "Optimized_Implementation": "optimized",
         "Additional_Implementation": "additional"}
COMMON = ["-fPIC", "-D_GNU_SOURCE"]
GUIDE_REFERENCE = ["-std=c99", "-Wpedantic", "-Wall", "-Wextra", "-O2",
                   "-Wno-error=implicit-function-declaration", "-Wno-error=incompatible-pointer-types",
                   "-Wno-error=int-conversion", "-Wno-error=implicit-int"]
GUIDE_OPTIMIZED = ["-O3", "-march=x86-64", "-mavx2", "-mtune=native", "-flto", "-fomit-frame-pointer",
                   "-std=c99", "-Wpedantic", "-Wall", "-Wextra"]
HARNESS_DEFAULT = ["-O2", "-std=gnu11", "-fwrapv", "-fno-strict-aliasing"]
OFFICIAL_FILES = {"KAT_CryptHash.c", "drng.c"}
C_SUFFIXES = (".c",)
CXX_SUFFIXES = (".cpp", ".cc", ".cxx")
CONFIG_KEYS = {"candidate_id", "include_dirs", "sources", "defines", "c_standard", "cxx_standard",
               "cxx_files", "libraries", "flags", "exclude"}


class SubmissionError(Exception):
    """A package or configuration that cannot be built: one line for the user."""


def load_config(path):
    if path is None:
        return {}
    try:
        with open(path, encoding="utf-8") as f:
            config = yaml.safe_load(f) or {}
    except (OSError, yaml.YAMLError) as e:
        raise SubmissionError("%s: %s" % (path, str(e).splitlines()[0]))
    if not isinstance(config, dict):
        raise SubmissionError("%s: expected a mapping of %s" % (path, ", ".join(sorted(CONFIG_KEYS))))
    unknown = sorted(set(config) - CONFIG_KEYS)
    if unknown:
        raise SubmissionError("%s: unknown key '%s' (expected one of: %s)"
                              % (path, unknown[0], ", ".join(sorted(CONFIG_KEYS))))
    for key in ("include_dirs", "sources", "defines", "libraries", "exclude", "cxx_files"):
        if not isinstance(config.get(key, []), list):
            raise SubmissionError("%s: %s: expected a list" % (path, key))
    flags = config.get("flags", {})
    if not isinstance(flags, dict) or set(flags) - set(KINDS.values()):
        raise SubmissionError("%s: flags: expected a mapping with keys reference, optimized, additional"
                              % path)
    return config


def default_config_path(package):
    for candidate in (package.rstrip("/") + ".yaml", os.path.join(package, "ngcc-submission.yaml")):
        if os.path.isfile(candidate):
            return candidate
    return None


def header_macros(path):
    """ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH of an instance header."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    name = re.search(r'^\s*#\s*define\s+ALGORITHM_INSTANCE\s+"([^"]*)"', text, re.M)
    bits = re.search(r"^\s*#\s*define\s+DIGEST_BIT_LENGTH\s+\(?\s*(\d+)", text, re.M)
    if not name or not bits:
        missing = "ALGORITHM_INSTANCE" if not name else "DIGEST_BIT_LENGTH"
        raise SubmissionError("%s: no #define %s" % (path, missing))
    return name.group(1), int(bits.group(1))


def implementations(package):
    """(kind, directories below the kind's, directory) of every instance
    implementation."""
    found = []
    for root, dirs, files in os.walk(package):
        dirs.sort()
        if "CryptHash_AlgorithmInstance.h" not in files:
            continue
        parts = os.path.relpath(root, package).split(os.sep)
        kinds = [i for i, p in enumerate(parts) if p in KINDS]
        if not kinds:
            continue
        found.append((KINDS[parts[kinds[-1]]], parts[kinds[-1] + 1:], root))
    if not found:
        raise SubmissionError("%s: no CryptHash_AlgorithmInstance.h under Reference_Implementation/, "
                              "Optimized_Implementation/ or Additional_Implementation/" % package)
    return found


def variant_label(kind, below, instance, declared_name):
    """submitted-ref, submitted-opt, or for an additional implementation the
    name of its directory: the last directory below Additional_Implementation/
    that is not the instance's own (packages write <name>/<Instance>/ or
    <Instance>/<arch>/<name>_Implementation/)."""
    if kind != "additional":
        return {"reference": "submitted-ref", "optimized": "submitted-opt"}[kind]
    squash = lambda text: re.sub(r"[^a-z0-9]", "", text.lower())
    own = {squash(instance), squash(declared_name)}
    names = [d for d in below if squash(d) not in own]
    name = re.sub(r"[_-]?implementation$", "", names[-1].lower()) if names else "additional"
    return "submitted-" + (re.sub(r"[^a-z0-9]+", "-", name).strip("-") or "additional")


def defines_main(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    return re.search(r"\bint\s+main\s*\(", text) is not None


def sources(directory, package, config):
    exclude = OFFICIAL_FILES | set(config.get("exclude", []))
    chosen = []
    places = [directory] + [os.path.join(package, s) for s in config.get("sources", [])]
    for place in places:
        names = [os.path.basename(place)] if os.path.isfile(place) else sorted(os.listdir(place))
        base = os.path.dirname(place) if os.path.isfile(place) else place
        for name in names:
            path = os.path.join(base, name)
            if (name.endswith(C_SUFFIXES + CXX_SUFFIXES) and name not in exclude and os.path.isfile(path)
                    and not defines_main(path)):
                chosen.append(path)
    return chosen


def declared_instances(manifest):
    """kat_name or name -> declared instance, from a module manifest."""
    if manifest is None or not os.path.isfile(manifest):
        return {}
    with open(manifest, encoding="utf-8") as f:
        doc = json.load(f)
    out = {}
    for family in doc.get("families", []):
        for inst in family["instances"]:
            entry = dict(inst, candidate_id=family["candidate_id"], family=family["family"])
            out.setdefault(inst["name"], entry)
            out[inst["kat_name"]] = entry
    return out


class Builder:
    def __init__(self, package, out, config, cc, cxx, log):
        self.package, self.out, self.config = package, out, config
        self.cc, self.cxx, self.log = cc, cxx, log

    def run(self, cmd):
        self.log.write("$ %s\n" % " ".join(shlex.quote(c) for c in cmd))
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True,
                              errors="replace")
        self.log.write(proc.stdout)
        return proc.returncode, proc.stdout

    def flag_sets(self, kind):
        guide = GUIDE_REFERENCE if kind == "reference" else GUIDE_OPTIMIZED
        extra = list(self.config.get("flags", {}).get(kind, []))
        return [("guide", guide + extra), ("harness-default", HARNESS_DEFAULT + extra)]

    def is_cxx(self, source):
        """A C++ source: by its suffix, or by a cxx_files pattern matching its
        path in the package (fnmatch: * also crosses directories)."""
        path = os.path.relpath(source, self.package)
        return source.endswith(CXX_SUFFIXES) or any(fnmatch.fnmatch(path, p)
                                                    for p in self.config.get("cxx_files", []))

    def compile_flags(self, flags, source):
        """The flags for one source: a configured C standard or a C++ standard
        replaces the set's -std."""
        if self.is_cxx(source):
            std = "-std=" + self.config.get("cxx_standard", "c++17")
            flags = [f for f in flags if not f.startswith("-std=") and f != "-Wpedantic"] + [std]
        elif "c_standard" in self.config:
            flags = [f for f in flags if not f.startswith("-std=")] + ["-std=" + self.config["c_standard"]]
        return flags

    def build(self, directory, target, kind, srcs):
        """(flags_source, the compile lines) that built OUT/lib<target>.so, or
        raises. The lines name the compiler: `gcc <flags>`, and for C++
        sources `; g++ <flags>`."""
        includes = ["-I" + directory] + ["-I" + os.path.join(self.package, d)
                                         for d in self.config.get("include_dirs", [])]
        defines = ["-D" + d for d in self.config.get("defines", [])]
        libs = ["-l" + l for l in self.config.get("libraries", [])]
        library = os.path.join(self.out, "lib%s.so" % target)
        objdir = os.path.join(self.out, "obj", target)
        os.makedirs(objdir, exist_ok=True)
        first_error = ""
        for source_name, flags in self.flag_sets(kind):
            objects, ok = [], True
            for src in srcs:
                obj = os.path.join(objdir, os.path.basename(src) + ".o")
                compiler = self.cxx if self.is_cxx(src) else self.cc
                cmd = [compiler] + COMMON + self.compile_flags(flags, src) + includes + defines + ["-c", src, "-o", obj]
                rc, output = self.run(cmd)
                if rc != 0:
                    ok = False
                    first_error = first_error or next((l for l in output.splitlines() if "error" in l),
                                                      output.strip()).replace(directory + os.sep, "")
                    break
                objects.append(obj)
            if ok:
                linker = self.cxx if any(self.is_cxx(s) for s in srcs) else self.cc
                rc, output = self.run([linker, "-shared"] + COMMON + flags + objects + libs + ["-o", library])
                if rc == 0:
                    lines = []
                    for compiler, cxx in ((self.cc, False), (self.cxx, True)):
                        used = [s for s in srcs if self.is_cxx(s) == cxx]
                        if used:
                            lines.append(" ".join([os.path.basename(compiler)] + COMMON
                                                  + self.compile_flags(flags, used[0]) + defines))
                    return source_name, "; ".join(lines)
                first_error = first_error or output.strip().splitlines()[-1]
        raise SubmissionError("does not build with the guide's flags nor the harness defaults: %s"
                              % first_error.strip())


def build_package(args):
    package = os.path.abspath(args.package)
    if not os.path.isdir(package):
        raise SubmissionError("%s: not a directory" % args.package)
    config = load_config(args.config or default_config_path(package))
    out = os.path.abspath(args.out or os.path.join("build", "submissions", os.path.basename(package)))
    os.makedirs(out, exist_ok=True)
    declared = declared_instances(args.manifest)
    entries, failures, seen = [], 0, set()
    with open(os.path.join(out, "build.log"), "w", encoding="utf-8") as log:
        builder = Builder(package, out, config, args.cc, args.cxx, log)
        for kind, below, directory in implementations(package):
            where = os.path.relpath(directory, package)
            try:
                name, bits = header_macros(os.path.join(directory, "CryptHash_AlgorithmInstance.h"))
                inst = declared.get(name)
                label = variant_label(kind, below, name, inst["name"] if inst else name)
                if inst is not None and bits != inst["digest_bits"]:
                    raise SubmissionError("DIGEST_BIT_LENGTH %d, but %s is declared with %d bits"
                                          % (bits, inst["name"], inst["digest_bits"]))
                instance = inst["name"] if inst is not None else name
                target = "%s-%s" % (instance, label)
                if target in seen:
                    raise SubmissionError("a second implementation of %s %s" % (instance, label))
                seen.add(target)
                srcs = sources(directory, package, config)
                if not srcs:
                    raise SubmissionError("no C or C++ sources besides the official driver files")
                flags_source, flags = builder.build(directory, target, kind, srcs)
            except SubmissionError as e:
                print("FAIL %s: %s" % (where, e))
                failures += 1
                continue
            entry = {"variant": label, "path": "lib%s.so" % target, "build_flags": flags,
                     "flags_source": flags_source}
            if inst is not None:
                entry = dict(instance=instance, **entry)
            else:
                entry = dict(name=instance, candidate_id=config.get("candidate_id", "unknown"),
                             digest_bits=bits, **entry)
            entries.append(entry)
            print("built %s/%s from %s (%s flags: %s)" % (instance, label, where, flags_source, flags))
    campaign = os.path.join(out, "campaign.yaml")
    with open(campaign, "w", encoding="utf-8") as f:
        f.write("# Written by tools/ngcc submission build %s\n" % shlex.quote(args.package))
        yaml.safe_dump({"libraries": entries}, f, sort_keys=False, width=1000)
    print("%d built, %d failed; campaign entries in %s, commands in %s"
          % (len(entries), failures, campaign, os.path.join(out, "build.log")))
    return 1 if failures else 0


def kat_libraries(args):
    """One ngcc-kat --library spec (ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH)
    per library of a campaign file, paths resolved against the file."""
    try:
        with open(args.campaign, encoding="utf-8") as f:
            campaign = yaml.safe_load(f) or {}
    except (OSError, yaml.YAMLError) as e:
        raise SubmissionError("%s: %s" % (args.campaign, str(e).splitlines()[0]))
    declared = declared_instances(args.manifest)
    base = os.path.dirname(os.path.abspath(args.campaign))
    for i, entry in enumerate(campaign.get("libraries") or []):
        where = "%s: libraries[%d]" % (args.campaign, i)
        if not isinstance(entry, dict) or "path" not in entry:
            raise SubmissionError("%s: expected a mapping with a path" % where)
        path = os.path.join(base, entry["path"])
        if "instance" in entry:
            inst = declared.get(entry["instance"])
            if inst is None or inst["name"] != entry["instance"]:
                raise SubmissionError("%s: no family declares the instance '%s'" % (where, entry["instance"]))
            kat_name, bits = inst["kat_name"], inst["digest_bits"]
        else:
            kat_name, bits = entry.get("name"), entry.get("digest_bits")
            if not kat_name or not isinstance(bits, int):
                raise SubmissionError("%s: a library of another candidate needs name and digest_bits" % where)
        print("%s:%d:%s:%s" % (kat_name, bits, entry.get("variant", "external"), path))
    return 0


def main(argv=None):
    parser = argparse.ArgumentParser(prog="tools/ngcc submission", description=__doc__.split("\n\n")[0])
    sub = parser.add_subparsers(dest="command", required=True)
    b = sub.add_parser("build", help="build a package into CryptHash modules")
    b.add_argument("package", help="the package directory (NICCS layout)")
    b.add_argument("--out", help="output directory (default build/submissions/<package name>)")
    b.add_argument("--config", help="YAML configuration (default PACKAGE.yaml or PACKAGE/ngcc-submission.yaml)")
    b.add_argument("--manifest", default="build/release/modules/ngcc_modules.json",
                   help="module manifest naming the declared instances (default: %(default)s)")
    b.add_argument("--cc", default="gcc")
    b.add_argument("--cxx", default="g++")
    k = sub.add_parser("kat-libraries", help="the ngcc-kat --library specs of a campaign's libraries")
    k.add_argument("campaign")
    k.add_argument("--manifest", default="build/release/modules/ngcc_modules.json")
    args = parser.parse_args(argv)
    try:
        return build_package(args) if args.command == "build" else kat_libraries(args)
    except SubmissionError as e:
        print("ngcc submission: %s" % e, file=sys.stderr)
        return 2


if __name__ == "__main__":
    sys.exit(main())
