"""Target architectures: what a directory name says it is for, the compilers
for each, and which one this host is."""
import platform
import re

TRIPLES = {"x86_64": "x86_64-linux-gnu", "aarch64": "aarch64-linux-gnu"}
ARCHES = tuple(TRIPLES)
# Words in directory names that tie a directory to one architecture
# (Thunder-X86/, X86/AVX512_Implementation/, ARM/, NEON/, ...).
_WORDS = {"x86_64": {"x86", "x64", "amd64", "intel"}, "aarch64": {"arm", "arm64", "aarch64", "neon", "sve", "sve2"}}
_PREFIXES = {"x86_64": ("avx", "sse"), "aarch64": ("armv8", "armv9")}


def host_arch():
    machine = platform.machine().lower()
    return {"amd64": "x86_64", "arm64": "aarch64"}.get(machine, machine)


def compilers(arch):
    """(cc, cxx) that build for arch: the plain ones on a host of that
    architecture, the cross compilers of its triple elsewhere."""
    if arch == host_arch():
        return "gcc", "g++"
    return TRIPLES[arch] + "-gcc", TRIPLES[arch] + "-g++"


def arch_of_name(name):
    """The architecture a directory name is for, or None."""
    for word in re.split(r"[^a-z0-9]+", name.lower()):
        for arch in ARCHES:
            if word in _WORDS[arch] or word.startswith(_PREFIXES[arch]):
                return arch
    return None
