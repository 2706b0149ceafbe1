"""Static speed estimates of our implementations from llvm-mca.

    python3 -m hashbench.mca estimate --build DIR --cpu CPU [--cpu CPU]... [--instances NAME,...]
                                      [--variants V,...] [--extra-ref FLAGS] [--campaign FILE]...
                                      [--calibrate BENCH_JSON] [--out DIR]
    python3 -m hashbench.mca table --estimates FILE [--estimates FILE]... [--calibrate BENCH_JSON]

For every module of the build (DIR/modules/ngcc_modules.json; its
implementations are the object libraries ngcc_<dir>_<implementation> of
DIR/compile_commands.json) this links the module's objects, compiled with
their exact compile commands, into one static program that hashes one
message (tools/mca/trace_driver.cpp), and records the instructions its
CryptHash call executes: natively under ptrace (tools/mca/ptrace_trace.c)
where the build is for this machine, under qemu-<arch> -singlestep
otherwise. The absorb loop is the longest period of that trace: the
largest distance at which an instruction address recurs at a constant
distance, the same instructions each time (one block's absorption, its
rounds, calls and loops included, as executed); the block size is the
smallest message-length step that adds one more period. llvm-mca
(-mcpu=CPU) simulates that block's instructions back to back; the estimate
is its cycles per block / block bytes, the cycles per byte of a long
message (65536 B). --extra-ref adds ref compiled with other flags (the ARM
guide's performance flags). --campaign adds the libraries of a
submission build (tools/ngcc submission build --arch ARCH) of the
instances we implement: their objects, kept by the builder, linked with the
same driver and flags (alone unless --instances or --variants also choose
modules of ours). --calibrate puts bench's cycles per byte at
65536 B beside each estimate (BENCH_JSON: bench --benchmark_out of that
size) with the ratio estimate / measured.

Writes a markdown table per CPU to stdout and estimates.json to DIR (default
<build>/mca/); `table` prints the tables of such files again (their rows
together), beside another bench run. Everything here is an estimate of a
simulator, not a measurement.

The package, one concern per module: build (the programs traced), trace
(the absorb loop and its block size), simulate (llvm-mca), estimate (one
module's row), tables (the markdown and the calibration), cli (the two
commands).
"""

import os
import subprocess

from hashbench import ROOT

LLVM_BIN = "/usr/lib/llvm-19/bin"
MCA_SOURCES = os.path.join(ROOT, "tools", "mca")


class McaError(Exception):
    """A one-line refusal naming what and where."""


def run(command, **kwargs):
    """stdout of a command; McaError with its stderr when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["exit status %d" % result.returncode])[-1]
        raise McaError("%s: %s" % (os.path.basename(command[0]), last))
    return result.stdout
