"""Which directories of a package are instance implementations, which are
not and why, and the variant label each one gets."""
import os
import re
from dataclasses import dataclass

from .arch import arch_of_name
from .errors import SubmissionError

HEADER = "CryptHash_AlgorithmInstance.h"
KIND_DIRS = {"Reference_Implementation": "reference", "Optimized_Implementation": "optimized",
             "Additional_Implementation": "additional"}
C_SUFFIXES = (".c",)
CXX_SUFFIXES = (".cpp", ".cc", ".cxx")
HDL_SUFFIXES = (".v", ".sv", ".vhd", ".vhdl")
BUILD_FILES = {"makefile", "cmakelists.txt", "build.sh", "run_kat.sh"}
# Supporting material of a NICCS package (self-assessment copies and the like).
SUPPORT_DIRS = {"others"}


@dataclass
class Implementation:
    kind: str          # reference | optimized | additional
    below: list        # the directories below the kind's directory
    directory: str
    relpath: str       # relative to the package


@dataclass
class Layout:
    implementations: list
    skipped: list      # (relpath, why, how many directories)


def header_macros(path):
    """ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH of an instance header."""
    with open(path, encoding="utf-8", errors="replace") as f:
        text = f.read()
    name = re.search(r'^\s*#\s*define\s+ALGORITHM_INSTANCE\s+"([^"]*)"', text, re.M)
    bits = re.search(r"^\s*#\s*define\s+DIGEST_BIT_LENGTH\s+\(?\s*(\d+)", text, re.M)
    if not name or not bits:
        raise SubmissionError("%s: no #define %s" % (path, "ALGORITHM_INSTANCE" if not name else "DIGEST_BIT_LENGTH"))
    return name.group(1), int(bits.group(1))


def what_is_there(files):
    """Why a directory without the header is worth a line: it has code or a
    build file (None: it holds only documents or data)."""
    if any(f.endswith(C_SUFFIXES + CXX_SUFFIXES) for f in files):
        return "no %s" % HEADER
    if any(f.endswith(HDL_SUFFIXES) for f in files):
        return "no %s (hardware description only)" % HEADER
    if any(f.lower() in BUILD_FILES for f in files):
        return "no %s (a build file, no sources of its own)" % HEADER
    return None


def discover(package, arch):
    """Every implementation directory for arch, and one line for each one
    that is not built: without the header, for another architecture (a
    whole tree of another architecture in one line), or supporting
    material."""
    implementations, skipped, foreign_trees = [], [], {}
    for root, dirs, files in os.walk(package):
        dirs.sort()
        rel = os.path.relpath(root, package)
        parts = [] if rel == "." else rel.split(os.sep)
        if len(parts) == 1 and parts[0].lower() in SUPPORT_DIRS:
            count = sum(HEADER in f for _, _, f in os.walk(root))
            if count:
                skipped.append((rel, "supporting material, not implementations (%d %s there)" % (count, HEADER), 1))
            dirs[:] = []
            continue
        kinds = [i for i, p in enumerate(parts) if p in KIND_DIRS]
        if not kinds or kinds[-1] == len(parts) - 1:
            continue
        kind_at = kinds[-1]
        why = None if HEADER in files else what_is_there(files)
        if HEADER not in files and why is None:
            continue
        at, other = next(((i, a) for i, a in enumerate(map(arch_of_name, parts)) if a), (None, None))
        if other is not None and other != arch:
            if at < kind_at:
                tree = os.sep.join(parts[:at + 1])
                foreign_trees.setdefault(tree, [other, 0])[1] += 1
            else:
                skipped.append((rel, "for %s, not %s" % (other, arch), 1))
        elif HEADER in files:
            implementations.append(Implementation(KIND_DIRS[parts[kind_at]], parts[kind_at + 1:], root, rel))
            dirs[:] = []  # a directory inside an implementation is part of it
        else:
            skipped.append((rel, why, 1))
    for tree, (other, count) in foreign_trees.items():
        skipped.append((tree, "the %s tree, not %s (%d %s)" % (other, arch, count,
                                                                  "directory" if count == 1 else "directories"), count))
    if not implementations and not skipped:
        raise SubmissionError("%s: no %s under Reference_Implementation/, Optimized_Implementation/ or "
                              "Additional_Implementation/" % (package, HEADER))
    return Layout(implementations, skipped)


def variant_label(kind, below, instance, declared_name):
    """submitted-ref, submitted-opt, or for an additional implementation the
    name of its directory: the last directory below Additional_Implementation/
    that is neither the instance's own nor an architecture's (packages write
    <name>/<Instance>/ or <Instance>/<arch>/<name>_Implementation/)."""
    if kind != "additional":
        return {"reference": "submitted-ref", "optimized": "submitted-opt"}[kind]
    squash = lambda text: re.sub(r"[^a-z0-9]", "", text.lower())
    own = {squash(instance), squash(declared_name)}
    names = [d for d in below if squash(d) not in own]
    named = [d for d in names if squash(d) not in {"x86", "x64", "arm", "arm64", "aarch64"}] or names
    name = re.sub(r"[_-]?implementation$", "", named[-1].lower()) if named else "additional"
    return "submitted-" + (re.sub(r"[^a-z0-9]+", "-", name).strip("-") or "additional")
