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


def decode(output):
    """A compiler's output as text: UTF-8, else GB18030 (the superset of
    GBK some packages write their comments and #error lines in), with
    anything else replaced."""
    try:
        return output.decode("utf-8")
    except UnicodeDecodeError:
        return output.decode("gb18030", errors="replace")


def other_architecture(output, arch):
    """(architecture, the file that includes it, header) when a compile for
    arch failed for want of another architecture's intrinsics header, else None."""
    for other, header in _ARCH_HEADERS.items():
        m = re.search(r"([^\s/:]+):\d+:\d+: fatal error: (%s): No such file" % header, output)
        if other != arch and m:
            return other, m.group(1), m.group(2)
    return None


def first_compile_error(output, directory):
    """The first error line; when gcc escaped bytes of another encoding in
    it (a GBK #error), with the source line as gcc quotes it below."""
    lines = output.splitlines()
    at = next((i for i, l in enumerate(lines) if ": error:" in l or "fatal error:" in l),
              next((i for i, l in enumerate(lines) if "error" in l), None))
    if at is None:
        return output.strip()
    line = lines[at].replace(directory + os.sep, "").strip()
    quoted = re.match(r"^\s*\d+\s*\|\s?(.*)$", lines[at + 1]) if at + 1 < len(lines) else None
    if quoted and re.search(r"\\U[0-9a-fA-F]{8}|\ufffd", line):
        line += " (the line reads: %s)" % quoted.group(1).strip()
    return line


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
