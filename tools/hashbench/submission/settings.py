"""Per-package build settings: where they are found and which of them apply
to one implementation directory (docs/submissions.md, "Settings")."""
import fnmatch
import os
import re

import yaml

from hashbench import ROOT
from .arch import ARCHES
from .errors import SubmissionError

KINDS = ("reference", "optimized", "additional")
LIST_KEYS = ("include_dirs", "sources", "defines", "libraries", "exclude", "cxx_files", "flags")
# variant: the label's name instead of the directory's (submitted-<variant>),
# for two directories of one kind and instance (TaiChi's op-per and op-res).
SCALAR_KEYS = ("c_standard", "cxx_standard", "variant")
PACKAGE_KEYS = {"candidate_id", "instances", "implementations"}
SCOPE_KEYS = {"kind", "path", "arch"}
# An entry's `instances:` builds its directories once per instance named there
# (one source set for several instances, chosen by defines or by which sources
# go in: Garnet); each instance's keys add to the entry's.
INSTANCE_KEYS = set(LIST_KEYS) | {"digest_bits"}
# Our own settings for published packages: candidates/<id>-<name>/package.yaml
# (tools/hashbench/declarations.py), or <id>.yaml in a directory given instead.
OWN_SETTINGS_DIR = os.path.join(ROOT, "candidates")


def own_settings_files(own_dir):
    """candidate id -> its settings file in own_dir: <id>-<name>/package.yaml
    or <id>.yaml."""
    found = {}
    for name in sorted(os.listdir(own_dir)) if os.path.isdir(own_dir) else []:
        declared = re.match(r"^(hash-[0-9]+)-", name)
        if declared and os.path.isfile(os.path.join(own_dir, name, "package.yaml")):
            found[declared.group(1)] = os.path.join(own_dir, name, "package.yaml")
        elif name.endswith(".yaml"):
            found[name[:-len(".yaml")]] = os.path.join(own_dir, name)
    return found


def locate(package, relpath):
    """A settings path (sources:, include_dirs:) relative to the package, or
    to its one top directory when the package was named from above it (as
    02-hash/<Name>/ holds <Name>/); raises when it is in neither."""
    here = os.path.join(package, relpath)
    if os.path.exists(here):
        return here
    tops = [d for d in sorted(os.listdir(package)) if os.path.isdir(os.path.join(package, d))]
    below = os.path.join(package, tops[0], relpath) if len(tops) == 1 else None
    if below and os.path.exists(below):
        return below
    raise SubmissionError("settings path %s: not in %s" % (relpath, package))


def matches(pattern, relpath):
    """fnmatch on the path relative to the package (* also crosses
    directories), or on the base name for a pattern without a slash."""
    return fnmatch.fnmatch(relpath, pattern) or ("/" not in pattern
                                                 and fnmatch.fnmatch(os.path.basename(relpath), pattern))


class Settings:
    """One settings file: package-wide keys apply to every implementation,
    the entries of `implementations:` only to the directories they select."""

    def __init__(self, doc=None, path=None):
        self.doc, self.path = doc or {}, path
        self.candidate_id = self.doc.get("candidate_id")

    @classmethod
    def load(cls, path):
        try:
            with open(path, encoding="utf-8") as f:
                doc = yaml.safe_load(f) or {}
        except (OSError, yaml.YAMLError) as e:
            raise SubmissionError("%s: %s" % (path, str(e).splitlines()[0]))
        check(doc, path, PACKAGE_KEYS | set(LIST_KEYS) | set(SCALAR_KEYS), "a mapping")
        if not isinstance(doc.get("instances", []), list):
            raise SubmissionError("%s: instances: expected a list of ALGORITHM_INSTANCE names" % path)
        scopes = doc.get("implementations", [])
        if not isinstance(scopes, list):
            raise SubmissionError("%s: implementations: expected a list" % path)
        for i, scope in enumerate(scopes):
            where = "%s: implementations[%d]" % (path, i)
            check(scope, where, SCOPE_KEYS | set(LIST_KEYS) | set(SCALAR_KEYS) | {"instances"}, "a mapping")
            if not SCOPE_KEYS & set(scope):
                raise SubmissionError("%s: needs kind, path or arch to say where it applies" % where)
            if scope.get("kind", "reference") not in KINDS:
                raise SubmissionError("%s: kind: expected one of %s" % (where, ", ".join(KINDS)))
            if scope.get("arch", ARCHES[0]) not in ARCHES:
                raise SubmissionError("%s: arch: expected one of %s" % (where, ", ".join(ARCHES)))
            if isinstance(scope.get("flags", []), dict):
                raise SubmissionError("%s: flags: expected a list (the entry's kind says where)" % where)
            check_instances(scope.get("instances", {}), where)
            if not re.fullmatch(r"[a-z0-9]+(-[a-z0-9]+)*", str(scope.get("variant", "x"))):
                raise SubmissionError("%s: variant: expected lower-case letters, digits and '-'" % where)
        return cls(doc, path)

    def scopes_for(self, kind, relpath, arch):
        """The package-wide settings, then every entry that selects this
        directory (all of its kind, path and arch)."""
        yield self.doc
        for scope in self.doc.get("implementations", []):
            if (scope.get("kind", kind) == kind and scope.get("arch", arch) == arch
                    and matches(scope.get("path", "*"), relpath)):
                yield scope

    def resolve(self, kind, relpath, arch):
        """The settings of one implementation: lists joined in file order,
        the last matching scalar wins; `instances` maps each instance the
        directory builds to its own keys (empty: the one its header names)."""
        out = {k: [] for k in LIST_KEYS}
        out["instances"] = {}
        for scope in self.scopes_for(kind, relpath, arch):
            if scope is not self.doc:  # the top level's instances: lists header names instead
                add_instances(out["instances"], scope.get("instances") or {})
            for key in LIST_KEYS:
                value = scope.get(key, [])
                if key == "flags" and isinstance(value, dict):
                    value = value.get(kind, [])
                out[key] += [str(v) for v in value]
            for key in SCALAR_KEYS:
                if key in scope:
                    out[key] = str(scope[key])
        return out


def add_instances(out, instances):
    """Joins an entry's `instances:` into out: lists add up, the last digest_bits wins."""
    for name, keys in instances.items():
        own = out.setdefault(str(name), {k: [] for k in LIST_KEYS})
        for key in LIST_KEYS:
            own[key] += [str(v) for v in (keys or {}).get(key, [])]
        if "digest_bits" in (keys or {}):
            own["digest_bits"] = keys["digest_bits"]


def check_instances(instances, where):
    """An entry's `instances:`: ALGORITHM_INSTANCE -> its own keys."""
    if not isinstance(instances, dict):
        raise SubmissionError("%s: instances: expected a mapping of instance names to their defines, sources, ..."
                              % where)
    for name, keys in instances.items():
        inner = "%s: instances: %s" % (where, name)
        check(keys or {}, inner, INSTANCE_KEYS, "a mapping")
        if isinstance((keys or {}).get("flags", []), dict):
            raise SubmissionError("%s: flags: expected a list" % inner)
        bits = (keys or {}).get("digest_bits", 8)
        if not isinstance(bits, int) or isinstance(bits, bool) or bits <= 0 or bits % 8:
            raise SubmissionError("%s: digest_bits: expected a positive multiple of 8" % inner)


def check(doc, where, allowed, shape):
    if not isinstance(doc, dict):
        raise SubmissionError("%s: expected %s of %s" % (where, shape, ", ".join(sorted(allowed))))
    unknown = sorted(set(doc) - allowed)
    if unknown:
        raise SubmissionError("%s: unknown key '%s' (expected one of: %s)"
                              % (where, unknown[0], ", ".join(sorted(allowed))))
    for key in LIST_KEYS:
        value = doc.get(key, [])
        if key == "flags" and isinstance(value, dict):
            if set(value) - set(KINDS) or not all(isinstance(v, list) for v in value.values()):
                raise SubmissionError("%s: flags: expected a list, or lists under reference, optimized, additional"
                                      % where)
        elif not isinstance(value, list):
            raise SubmissionError("%s: %s: expected a list" % (where, key))


class SettingsFinder:
    """The settings of a package: --config, else a file beside or inside the
    package (PACKAGE.yaml, PACKAGE/ngcc-submission.yaml), else our own
    own settings (own_settings_files) for the candidate an instance
    belongs to (by the family that declares it, or for an instance no family
    declares, by the file's `instances:`); none of them: the guide's build."""

    def __init__(self, package, config=None, own_dir=OWN_SETTINGS_DIR):
        self.own_files, self.by_id, self.ids_by_instance = own_settings_files(own_dir), {}, None
        path = config or next((p for p in (package.rstrip("/") + ".yaml", os.path.join(package, "ngcc-submission.yaml"))
                               if os.path.isfile(p)), None)
        self.package_side = Settings.load(path) if path else None

    def candidate_of(self, instance):
        """The candidate id whose own settings name this ALGORITHM_INSTANCE, or None."""
        if self.ids_by_instance is None:
            self.ids_by_instance = {}
            for candidate_id, path in self.own_files.items():
                for inst in Settings.load(path).doc.get("instances", []):
                    self.ids_by_instance.setdefault(str(inst), candidate_id)
        return self.ids_by_instance.get(instance)

    def for_candidate(self, candidate_id):
        if self.package_side is not None:
            return self.package_side
        if candidate_id not in self.by_id:
            path = self.own_files.get(candidate_id)
            self.by_id[candidate_id] = Settings.load(path) if path else Settings()
        return self.by_id[candidate_id]

    def used(self):
        """The files that were read."""
        found = [self.package_side] + list(self.by_id.values())
        return [s.path for s in found if s is not None and s.path]
