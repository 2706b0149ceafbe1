"""The first real error of a compiler's or a linker's output, in one line."""
import os
import re

_LINK_CAUSE = re.compile(r"(multiple definition of|undefined reference to|cannot find|"
                         r"relocation \S+ against|undefined symbol)\s*[`'‘]?([^'’;\s]*)['’]?")
# C++ in a C compile: a C++ standard header, or C++ keywords where C wants a type.
_CXX_AS_C = re.compile(r"fatal error: [\w/]+: No such file|unknown type name '(namespace|class|template|using)'"
                       r"|expected .* before '(<|::|namespace|class)'")


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
