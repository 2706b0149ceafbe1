"""The translation units of one implementation, and which of them are C++."""
import os
import re

from .layout import ASM_SUFFIXES, C_SUFFIXES, CXX_SUFFIXES
from .settings import locate, matches

# The official KAT driver and DRNG: the harness brings its own.
OFFICIAL_FILES = {"KAT_CryptHash.c", "drng.c"}
CXX_HEADER_SUFFIXES = (".hpp", ".hh", ".hxx", ".h++")
_INCLUDE = re.compile(r'^\s*#\s*include\s*([<"])([^>"]+)[>"]', re.M)


def read(path):
    with open(path, encoding="utf-8", errors="replace") as f:
        return f.read()


def is_program(path):
    """A program, not a library source: it defines main() (`int main(` or
    the `void main(` older code writes) and not CryptHash (a library source
    may keep a self-test main() under an #ifdef, as JuziHash's does)."""
    text = read(path)
    return (re.search(r"^[ \t]*(?:int|void)\s+main\s*\(", text, re.M) is not None
            and re.search(r"\bCryptHash\s*\([^;{]*\)\s*\{", text) is None)


def includes(path):
    """(is_system, name) of every #include of a file."""
    return [(m.group(1) == "<", m.group(2).strip()) for m in _INCLUDE.finditer(read(path))]


def cxx_header(source, include_dirs):
    """The C++ header a C source includes, directly or through its own
    headers (<cstddef>, "chime512.hpp"), or None."""
    seen, todo = set(), [source]
    while todo:
        path = todo.pop()
        if path in seen:
            continue
        seen.add(path)
        for system, name in includes(path):
            if name.endswith(CXX_HEADER_SUFFIXES) or (system and "." not in os.path.basename(name)):
                return name
            if not system:
                here = [os.path.dirname(path)] + include_dirs
                todo += [p for p in (os.path.join(d, name) for d in here) if os.path.isfile(p)][:1]
    return None


def select(directory, package, settings):
    """(sources, notes): the sources of the directory and the configured
    extra ones, without the official driver files, files that define main()
    (unless the settings name the file itself: its main() may be behind a
    define the settings give, as WChain's is), excluded files and sources
    that another source #includes (those are part of the includer's
    translation unit); a note for each one included."""
    places = [directory] + [locate(package, s) for s in settings["sources"]]
    chosen = []
    for place in places:
        if os.path.isfile(place):
            paths, named = [place], place != directory
        else:
            paths, named = [os.path.join(place, n) for n in sorted(os.listdir(place))], False
        for path in paths:
            name, rel = os.path.basename(path), os.path.relpath(path, package)
            if (name.endswith(C_SUFFIXES + CXX_SUFFIXES + ASM_SUFFIXES) and os.path.isfile(path) and name not in OFFICIAL_FILES
                    and not any(matches(p, rel) for p in settings["exclude"]) and (named or not is_program(path))
                    and path not in chosen):
                chosen.append(path)
    notes, included = [], set()
    for path in chosen:
        for system, name in includes(path):
            target = os.path.normpath(os.path.join(os.path.dirname(path), name))
            if not system and target in chosen and target != path and target not in included:
                included.add(target)
                notes.append("%s left out: #included by %s" % (os.path.basename(target), os.path.basename(path)))
    return [p for p in chosen if p not in included], notes


def defining_sources(package, symbol):
    """The package's sources (relative paths) with a function definition of
    symbol: where an undefined reference can be resolved from."""
    definition = re.compile(r"\b%s\s*\([^;{]*\)\s*\{" % re.escape(symbol))
    found = []
    for root, dirs, files in os.walk(package):
        dirs.sort()
        for name in sorted(files):
            path = os.path.join(root, name)
            if name.endswith(C_SUFFIXES + CXX_SUFFIXES) and definition.search(read(path)):
                found.append(os.path.relpath(path, package))
    return found
