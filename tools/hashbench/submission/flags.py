"""The flag sets an implementation is built with, and the CPU extensions a
set of flags compiles for."""
import subprocess

COMMON = ["-fPIC", "-D_GNU_SOURCE"]
# What the published harness adds so that older C still builds with newer gcc.
WNO_ERROR = ["-Wno-error=implicit-function-declaration", "-Wno-error=incompatible-pointer-types",
             "-Wno-error=int-conversion", "-Wno-error=implicit-int"]
C99_WARNINGS = ["-std=c99", "-Wpedantic", "-Wall", "-Wextra"]
# The guides' flags (x86: the x86 guide, reference on x86 with the harness's
# -Wno-error set; aarch64: the ARM guide, both kinds with it).
GUIDE = {
    "x86_64": {
        "reference": C99_WARNINGS + ["-O2"] + WNO_ERROR,
        "optimized": ["-O3", "-march=x86-64", "-mavx2", "-mtune=native", "-flto", "-fomit-frame-pointer"]
                     + C99_WARNINGS,
    },
    "aarch64": {
        "reference": C99_WARNINGS + ["-O2"] + WNO_ERROR,
        "optimized": ["-O3", "-march=armv8.2-a+sve", "-flto", "-fomit-frame-pointer"] + C99_WARNINGS + WNO_ERROR,
    },
}
HARNESS_DEFAULT = ["-O2", "-std=gnu11", "-fwrapv", "-fno-strict-aliasing"]

# The extensions our modules know, spelled as they print them
# (hashes/common/cpu_features.hpp), with the macro gcc defines when it may use
# them; on AArch64 the vector extensions the ARM guide's -march enables.
FEATURE_MACROS = [
    ("AVX2", "__AVX2__"), ("BMI1", "__BMI__"), ("BMI2", "__BMI2__"), ("FMA", "__FMA__"),
    ("AVX512F", "__AVX512F__"), ("AVX512BW", "__AVX512BW__"), ("AVX512CD", "__AVX512CD__"),
    ("AVX512DQ", "__AVX512DQ__"), ("AVX512VL", "__AVX512VL__"), ("AVX512VBMI", "__AVX512VBMI__"),
    ("AVX512VBMI2", "__AVX512VBMI2__"), ("SVE", "__ARM_FEATURE_SVE"), ("SVE2", "__ARM_FEATURE_SVE2"),
]


def guide_flags(arch, kind):
    """An additional implementation takes the performance flags."""
    return GUIDE[arch]["reference" if kind == "reference" else "optimized"]


def cpu_features(cc, flags):
    """The extensions a library compiled with flags needs: what the compiler
    defines for its -m... options (-march=native included: the compiler says
    what native means on this host)."""
    machine = [f for f in flags if f.startswith("-m") and not f.startswith("-mtune")]
    proc = subprocess.run([cc] + machine + ["-dM", "-E", "-x", "c", "/dev/null"],
                          stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)
    defined = {line.split()[1] for line in proc.stdout.splitlines() if line.startswith("#define ")}
    return [name for name, macro in FEATURE_MACROS if macro in defined]
