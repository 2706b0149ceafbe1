"""The programs traced: a module of the build (its objects compiled with
their exact compile commands, or with other flags) or a submitted library's
objects, linked statically with the trace driver (tools/mca/trace_driver.cpp)."""

import collections
import glob
import json
import os
import re
import shlex

from hashbench import ROOT
from hashbench.mca import MCA_SOURCES, McaError, run
from hashbench.plan import PlanError, campaign_entries, declared_instances, read_module_manifest


def compile_arguments(entry):
    """One compile_commands.json entry as (arguments, object path)."""
    words = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    output = words[words.index("-o") + 1]
    return words, os.path.join(entry["directory"], output)


def object_target(path):
    """The CMake target an object belongs to: its CMakeFiles/<target>.dir."""
    match = re.search(r"CMakeFiles/([^/]+)\.dir/", path)
    return match.group(1) if match else None


class Build:
    """A configured preset: its modules, their families and compile commands."""

    def __init__(self, directory):
        self.directory = os.path.abspath(directory)
        manifest = os.path.join(directory, "modules", "ngcc_modules.json")
        commands = os.path.join(directory, "compile_commands.json")
        for path in (manifest, commands):
            if not os.path.exists(path):
                raise McaError("%s: missing (configure the preset first)" % path)
        self.manifest = read_module_manifest(manifest)
        with open(commands) as f:
            entries = json.load(f)
        self.commands = collections.defaultdict(list)  # target -> [(arguments, source)]
        for entry in entries:
            words, output = compile_arguments(entry)
            self.commands[object_target(output)].append((words, entry["file"]))
        self.declared = declared_instances(self.manifest)
        self.compiler = next(iter(self.commands["ngcc_module_entry"]))[0][0]
        self.triple = run([self.compiler, "-dumpmachine"]).strip()

    def modules(self, instances=None, variants=None):
        """Our modules (instance, variant, implementation, target), declared order;
        only those of the instances and variants named, where named."""
        chosen = [m for m in self.manifest["modules"] if m["kind"] == "candidate"
                  and (not instances or m["instance"] in instances)
                  and (not variants or m["variant"] in variants)]
        for option, names, key in (("--instances", instances, "instance"), ("--variants", variants, "variant")):
            unknown = sorted(set(names or ()) - {m[key] for m in chosen})
            if unknown:
                raise McaError("%s: no module of %s in %s" % (option, ", ".join(unknown), self.directory))
        return chosen

    def module_sources(self, module):
        """The compile commands of a module's objects and which take the variant's flags."""
        implementation = re.sub(r"-simde$", "", module["implementation"])
        objects = "ngcc_%s_%s" % (self.declared[module["instance"]]["directory"], implementation)
        if objects not in self.commands:
            raise McaError("%s: no object library %s in compile_commands.json" % (module["target"], objects))
        return ([(words, source, True) for words, source in self.commands[module["target"]]] +
                [(words, source, True) for words, source in self.commands[objects]] +
                [(words, source, False) for words, source in self.commands["ngcc_module_entry"]])


def with_flags(words, flags):
    """A compile command with its optimization and target flags replaced by flags."""
    kept = [w for w in words if not re.match(r"-(O.*|march=.*|mcpu=.*|mtune=.*|fomit-frame-pointer)$", w)]
    at = kept.index("-c") if "-c" in kept else len(kept)
    return kept[:at] + flags + kept[at:]


def link_program(build, module, flags, out_dir):
    """The module's objects (flags: None = as built) + the trace driver, linked statically."""
    os.makedirs(out_dir, exist_ok=True)
    objects = []
    for i, (words, source, variant_flags) in enumerate(build.module_sources(module)):
        if flags is not None and variant_flags:
            words = with_flags(words, flags)
        words = list(words)
        obj = os.path.join(out_dir, "%d.o" % i)
        words[words.index("-o") + 1] = obj
        run(words, cwd=build.directory)
        objects.append(obj)
    driver = os.path.join(MCA_SOURCES, "trace_driver.cpp")
    program = os.path.join(out_dir, "trace_driver")
    run([build.compiler, "-O2", "-I", os.path.join(ROOT, "hashes", "include"), "-static", "-no-pie",
         driver] + objects + ["-o", program])
    return program


def submitted_modules(build, campaign):
    """The libraries of a submission build (tools/ngcc submission build
    OUT/campaign.yaml), as the library plan has them, that implement an
    instance the build declares, as modules: the
    builder keeps each library's objects in OUT/obj/<name>/, and its
    build_flags name the compiler and flags ("gcc <flags>[; g++ <flags>]")."""
    try:
        libraries = campaign_entries([campaign], build.manifest)
    except PlanError as e:
        raise McaError(str(e))
    modules = []
    for library in libraries:
        # The declared instances are found by KAT name too; another
        # candidate's library may bear one of those names.
        if build.declared.get(library["instance"], {}).get("name") != library["instance"]:
            continue  # a candidate we do not implement: nothing to set it beside
        name = re.sub(r"^lib|\.so$", "", os.path.basename(library["path"]))
        objects = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(campaign)), "obj", name, "*.o")))
        compile_line = shlex.split(library["flags"].split(";")[0])
        if not objects or not compile_line:
            raise McaError("%s: %s: no objects in obj/%s/ (rebuild it with tools/ngcc submission build)"
                           % (campaign, library["path"], name))
        if run([compile_line[0], "-dumpmachine"]).strip().split("-")[0] != build.triple.split("-")[0]:
            raise McaError("%s: %s is built by %s, not for %s (tools/ngcc submission build --arch)"
                           % (campaign, library["path"], compile_line[0], build.triple))
        modules.append({"kind": "submitted", "instance": library["instance"], "variant": library["variant"],
                        "target": name, "implementation": "submitted", "build_flags": library["flags"],
                        "object_files": objects,
                        "flags": [w for w in compile_line[1:] if not w.startswith(("-W", "-std="))]})
    return modules


def link_submitted(build, module, out_dir):
    """A submitted library's objects + the trace driver, linked statically
    with the library's flags (its objects may be LTO objects)."""
    os.makedirs(out_dir, exist_ok=True)
    # The driver is compiled on its own, without the library's -flto, so that
    # link-time optimisation cannot inline CryptHash into it.
    driver = os.path.join(out_dir, "trace_driver.o")
    run([build.compiler, "-O2", "-I", os.path.join(ROOT, "hashes", "include"), "-c",
         os.path.join(MCA_SOURCES, "trace_driver.cpp"), "-o", driver])
    program = os.path.join(out_dir, "trace_driver")
    run([build.compiler] + module["flags"] + ["-static", "-no-pie", driver] + module["object_files"] + ["-o", program])
    return program
