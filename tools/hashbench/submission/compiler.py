"""Compiling and linking one implementation into a shared library, with the
guide's flags and then the harness defaults."""
import os
import shlex
import subprocess
from dataclasses import dataclass, field

from . import diagnostics, flags as flagsets
from .errors import OtherArchitecture, SubmissionError
from .layout import CXX_SUFFIXES
from .settings import locate, matches
from .sources import cxx_header, defining_sources


@dataclass
class Built:
    flags_source: str          # guide | harness-default
    build_flags: str           # `gcc <flags>`, and `; g++ <flags>` for C++ sources
    cpu_features: list
    notes: list = field(default_factory=list)


class Compiler:
    def __init__(self, package, out, arch, cc, cxx, log):
        self.package, self.out, self.arch = package, out, arch
        self.cc, self.cxx, self.log = cc, cxx, log

    def run(self, cmd):
        self.log.write("$ %s\n" % " ".join(shlex.quote(c) for c in cmd))
        proc = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        output = diagnostics.decode(proc.stdout)
        self.log.write(output)
        return proc.returncode, output

    @staticmethod
    def language_flags(flags, settings, cxx):
        """A C++ source takes the C++ standard instead of -std=c99 (and no
        -Wpedantic, which is about C99); a configured C standard replaces the
        set's; the -Wno-error set is about C only."""
        if cxx:
            return ([f for f in flags if not f.startswith("-std=") and f != "-Wpedantic" and f not in flagsets.WNO_ERROR]
                    + ["-std=" + settings.get("cxx_standard", "c++17")])
        if "c_standard" in settings:
            return [f for f in flags if not f.startswith("-std=")] + ["-std=" + settings["c_standard"]]
        return flags

    def cxx_sources(self, srcs, settings, include_dirs):
        """{source: why it is C++}: by suffix, by a cxx_files pattern, or a .c
        that includes C++ headers (as the package's own makefile builds it
        with g++)."""
        out = {}
        for src in srcs:
            rel = os.path.relpath(src, self.package)
            if src.endswith(CXX_SUFFIXES):
                out[src] = None
            elif any(matches(p, rel) for p in settings["cxx_files"]):
                out[src] = "cxx_files"
            else:
                header = cxx_header(src, include_dirs)
                if header:
                    out[src] = "includes %s" % header
        return out

    def build(self, impl, target, settings, srcs):
        """The Built library OUT/lib<target>.so, or raises with the first error."""
        include_dirs = [impl.directory] + [locate(self.package, d) for d in settings["include_dirs"]]
        includes = ["-I" + d for d in include_dirs]
        defines = ["-D" + d for d in settings["defines"]]
        libs = ["-l" + l for l in settings["libraries"]]
        library = os.path.join(self.out, "lib%s.so" % target)
        objdir = os.path.join(self.out, "obj", target)
        os.makedirs(objdir, exist_ok=True)
        cxx = self.cxx_sources(srcs, settings, include_dirs[1:])
        first_error = ""
        for flags_source, base in (("guide", flagsets.guide_flags(self.arch, impl.kind)),
                                   ("harness-default", flagsets.HARNESS_DEFAULT)):
            flags = base + settings["flags"]
            error = self.compile_all(srcs, cxx, flags, settings, includes + defines, objdir, impl.directory)
            if error is None:
                objects = [os.path.join(objdir, os.path.basename(s) + ".o") for s in srcs]
                # --no-undefined: a missing symbol is a link error here, not a load error later.
                rc, output = self.run([self.cxx if cxx else self.cc, "-shared", "-Wl,--no-undefined"]
                                      + flagsets.COMMON + flags + objects + libs + ["-o", library])
                if rc == 0:
                    return Built(flags_source, self.describe(flags, settings, defines, srcs, cxx),
                                 flagsets.cpu_features(self.cc, flags),
                                 ["%s compiled as C++ (%s)" % (os.path.basename(s), why)
                                  for s, why in cxx.items() if why])
                error = diagnostics.first_link_error(output) + self.where_defined(output, srcs)
            first_error = first_error or error
        raise SubmissionError("does not build with the guide's flags nor the harness defaults: %s" % first_error)

    def where_defined(self, link_output, srcs):
        """For an undefined reference: the package's other sources that
        define the symbol, i.e. what `sources:` in the settings would add."""
        symbol = diagnostics.undefined_symbol(link_output)
        used = {os.path.relpath(s, self.package) for s in srcs}
        elsewhere = [p for p in defining_sources(self.package, symbol) if p not in used] if symbol else []
        return "; defined in %s (settings: sources)" % ", ".join(elsewhere) if elsewhere else ""

    def compile_all(self, srcs, cxx, flags, settings, extra, objdir, directory):
        """None, or the first error. A C source whose errors are C++'s is
        compiled again as C++ and, if that works, stays C++."""
        for src in srcs:
            obj = os.path.join(objdir, os.path.basename(src) + ".o")
            rc, output = self.compile(src, src in cxx, flags, settings, extra, obj)
            if rc != 0 and src not in cxx and diagnostics.looks_like_cxx(output):
                if self.compile(src, True, flags, settings, extra, obj)[0] == 0:
                    cxx[src] = "C++ errors as C"
                    continue
                return diagnostics.first_compile_error(output, directory) + " (C++? also fails as C++: see build.log)"
            if rc != 0:
                foreign = diagnostics.other_architecture(output, self.arch)
                if foreign:
                    raise OtherArchitecture("for %s, not %s (%s includes %s)" % (foreign[0], self.arch, *foreign[1:]))
                return diagnostics.first_compile_error(output, directory)
        return None

    def compile(self, src, as_cxx, flags, settings, extra, obj):
        language = ["-x", "c++"] if as_cxx and not src.endswith(CXX_SUFFIXES) else []
        return self.run([self.cxx if as_cxx else self.cc] + flagsets.COMMON
                        + self.language_flags(flags, settings, as_cxx) + extra + language + ["-c", src, "-o", obj])

    def describe(self, flags, settings, defines, srcs, cxx):
        lines = []
        for compiler, as_cxx in ((self.cc, False), (self.cxx, True)):
            if any((s in cxx) == as_cxx for s in srcs):
                lines.append(" ".join([os.path.basename(compiler)] + flagsets.COMMON
                                      + self.language_flags(flags, settings, as_cxx) + defines))
        return "; ".join(lines)
