"""Which directories of a package are instance implementations, which are
not and why, and the variant label each one gets."""
import os
import re
from dataclasses import dataclass

from .arch import arch_of_name
from .errors import SubmissionError

HEADER = "CryptHash_AlgorithmInstance.h"
# Some packages name the header after the instance (CryptHash_Cuishen-512.h,
# CryptHash_Garnet.h): a CryptHash_*.h that defines ALGORITHM_INSTANCE.
_NAMED_HEADER = re.compile(r"^CryptHash_.+\.h$")
# The kind directories, also numbered (QSH: 1_Reference_Implementation/);
# any other <Name>_Implementation/ (ZC-DM's Embedded32_Implementation/) is
# an additional one named by its directory.
_KIND_DIR = re.compile(r"^(?:\d+_)?(Reference|Optimized|Additional|[A-Za-z0-9]+)_Implementation$")
KINDS = {"Reference": "reference", "Optimized": "optimized", "Additional": "additional"}
C_SUFFIXES = (".c",)
CXX_SUFFIXES = (".cpp", ".cc", ".cxx")
ASM_SUFFIXES = (".S", ".s")
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
    header: str        # the instance header's file name


def kind_at(parts):
    """(index, kind, named) of the kind directory of a path: the deepest
    Reference_/Optimized_/Additional_Implementation, else the deepest other
    <Name>_Implementation (an additional kind named by its directory), else None."""
    found = [(i, _KIND_DIR.match(p)) for i, p in enumerate(parts)]
    found = [(i, m.group(1)) for i, m in found if m]
    standard = [(i, KINDS[k], False) for i, k in found if k in KINDS]
    named = [(i, "additional", True) for i, k in found if k not in KINDS]
    return (standard or named or [None])[-1]


def instance_header(directory, files):
    """The instance header among files: CryptHash_AlgorithmInstance.h, else
    the one CryptHash_*.h that defines ALGORITHM_INSTANCE (None: there is none)."""
    if HEADER in files:
        return HEADER
    named = [f for f in sorted(files) if _NAMED_HEADER.match(f) and _defines_instance(os.path.join(directory, f))]
    return named[0] if named else None


def _defines_instance(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return re.search(r"^\s*#\s*define\s+ALGORITHM_INSTANCE\b", f.read(), re.M) is not None


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


def what_is_there(files, code_only=False):
    """Why a directory without an instance header is worth a line: it has
    code, or (unless code_only) a hardware description or a build file
    (None: it holds only documents or data)."""
    if any(f.endswith(C_SUFFIXES + CXX_SUFFIXES + ASM_SUFFIXES) for f in files):
        return "no %s" % HEADER
    if code_only:
        return None
    if any(f.endswith(HDL_SUFFIXES) for f in files):
        return "no %s (hardware description only)" % HEADER
    if any(f.lower() in BUILD_FILES for f in files):
        return "no %s (a build file, no sources of its own)" % HEADER
    return None


def discover(package, arch):
    """Every implementation directory for arch, wherever the kind
    directories sit below the package, and one line for each directory with
    code that is not built: without an instance header, for another
    architecture (a whole tree of another architecture in one line),
    supporting material, or code outside every kind directory."""
    implementations, skipped, foreign_trees, outside = [], [], {}, []
    for root, dirs, files in os.walk(package):
        dirs.sort()
        rel = os.path.relpath(root, package)
        parts = [] if rel == "." else rel.split(os.sep)
        if len(parts) == 1 and parts[0].lower() in SUPPORT_DIRS:
            count = sum(instance_header(d, f) is not None for d, _, f in os.walk(root))
            if count:
                skipped.append((rel, "supporting material, not implementations (%d instance %s there)"
                                % (count, "header" if count == 1 else "headers"), 1))
            dirs[:] = []
            continue
        kind = kind_at(parts)
        header = instance_header(root, files)
        if kind is None:
            if what_is_there(files, code_only=True) and not any(rel.startswith(o + os.sep) for o in outside):
                outside.append(rel)
            continue
        at_kind, kind, named = kind
        why = None if header else what_is_there(files, code_only=at_kind == len(parts) - 1)
        if header is None and why is None:
            continue
        at, other = next(((i, a) for i, a in enumerate(map(arch_of_name, parts)) if a), (None, None))
        if other is not None and other != arch:
            if at < at_kind:
                tree = os.sep.join(parts[:at + 1])
                foreign_trees.setdefault(tree, [other, 0])[1] += 1
            else:
                skipped.append((rel, "for %s, not %s" % (other, arch), 1))
        elif header:
            below = parts[at_kind:] if named else parts[at_kind + 1:]
            implementations.append(Implementation(kind, below, root, rel, header))
            dirs[:] = []  # a directory inside an implementation is part of it
        else:
            skipped.append((rel, why, 1))
    for tree, (other, count) in foreign_trees.items():
        skipped.append((tree, "the %s tree, not %s (%d %s)" % (other, arch, count,
                                                                  "directory" if count == 1 else "directories"), count))
    for rel in outside:
        skipped.append((rel, "code outside the implementation directories (settings `sources:` can add it)", 1))
    if not implementations and not skipped:
        raise SubmissionError("%s: no instance header (%s or a CryptHash_*.h defining ALGORITHM_INSTANCE) in a "
                              "Reference_Implementation/, Optimized_Implementation/ or Additional_Implementation/ "
                              "directory" % (package, HEADER))
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
