"""The first real error of a compiler's or a linker's output, in one line."""
import os
import re

_LINK_CAUSE = re.compile(r"(multiple definition of|undefined reference to|cannot find|"
                         r"relocation \S+ against|undefined symbol)\s*[`'‘]?([^'’;\s]*)['’]?")
# C++ in a C compile: a C++ standard header, or C++ keywords where C wants a type.
_CXX_AS_C = re.compile(r"fatal error: [\w/]+: No such file|unknown type name '(namespace|class|template|using)'"
                       r"|expected .* before '(<|::|namespace|class)'")


# Intrinsics headers only one architecture's compiler has.
_ARCH_HEADERS = {"x86_64": r"(?:[a-z0-9]*intrin|cpuid)\.h", "aarch64": r"arm_(?:neon|sve|acle)\.h"}


def other_architecture(output, arch):
    """(architecture, the file that includes it, header) when a compile for
    arch failed for want of another architecture's intrinsics header, else None."""
    for other, header in _ARCH_HEADERS.items():
        m = re.search(r"([^\s/:]+):\d+:\d+: fatal error: (%s): No such file" % header, output)
        if other != arch and m:
            return other, m.group(1), m.group(2)
    return None


def first_compile_error(output, directory):
    lines = output.splitlines()
    line = next((l for l in lines if ": error:" in l or "fatal error:" in l),
                next((l for l in lines if "error" in l), output.strip()))
    return line.replace(directory + os.sep, "").strip()


def looks_like_cxx(output):
    return _CXX_AS_C.search(output) is not None


def undefined_symbol(output):
    """The first symbol the linker found no definition of, or None."""
    m = re.search(r"undefined reference to [`'‘]([^'’]+)['’]", output)
    return m.group(1) if m else None


def first_link_error(output):
    """The linker's cause (multiple definition of 'f', undefined reference
    to 'g', cannot find -lx) with the objects named by their sources, not
    collect2's summary."""
    lines = output.splitlines()
    for i, line in enumerate(lines):
        m = _LINK_CAUSE.search(line)
        if m:
            # ld names the object in the line before ("x.o: in function `f':").
            objects = re.findall(r"([\w.+-]+)\.o\b", " ".join(lines[max(i - 1, 0):i + 1]))
            where = sorted(set(o for o in objects if o.endswith((".c", ".cpp", ".cc", ".cxx"))),
                           key=objects.index)
            symbol = (" '%s'" % m.group(2)) if m.group(2) else ""
            return "link: %s%s%s" % (m.group(1), symbol, " (%s)" % ", ".join(where) if where else "")
    rest = [l for l in lines if l.strip() and "collect2" not in l]
    return "link: " + (rest[0].strip() if rest else output.strip())
