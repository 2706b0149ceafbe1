"""The instructions one CryptHash call executes, its absorb loop and the
block size that loop absorbs."""

import collections
import os
import re
import tempfile

from hashbench.mca import LLVM_BIN, MCA_SOURCES, McaError, run

# Long enough for four periods of every rate we have (at most 168 B a block).
TRACE_BYTES = 1024


def symbols(program):
    """name -> (address, size) of the program's defined functions."""
    table = {}
    for line in run([os.path.join(LLVM_BIN, "llvm-nm"), "--defined-only", "-S", program]).splitlines():
        parts = line.split()
        if len(parts) == 4 and parts[2] in "tTwW":
            table[parts[3]] = (int(parts[0], 16), int(parts[1], 16))
    return table


class Tracer:
    """The instruction addresses of one CryptHash call of a program."""

    def __init__(self, build, program):
        self.program = program
        self.native = build.triple.split("-")[0] == os.uname().machine
        table = symbols(program)
        if "CryptHash" not in table or "main" not in table:
            raise McaError("%s: no function CryptHash or main to trace" % program)
        self.entry = table["CryptHash"][0]
        self.main = table["main"]
        if self.native:
            self.ptrace = os.path.join(os.path.dirname(program), "ptrace_trace")
            if not os.path.exists(self.ptrace):
                run(["cc", "-O2", os.path.join(MCA_SOURCES, "ptrace_trace.c"), "-o", self.ptrace])
        else:
            self.qemu = "qemu-" + build.triple.split("-")[0]

    def trace(self, digest_bits, message_bytes):
        args = [self.program, str(digest_bits), str(message_bytes)]
        if self.native:
            return [int(a, 16) for a in run([self.ptrace, "%x" % self.entry] + args).split()]
        with tempfile.NamedTemporaryFile(suffix=".log") as log:
            try:
                run([self.qemu, "-cpu", "max", "-singlestep", "-d", "nochain,exec", "-D", log.name] + args)
            except McaError as e:  # the driver's exit status is CryptHash's
                raise McaError("%s under %s: CryptHash failed (%s)" % (self.program, self.qemu, e))
            pcs = [int(m.group(1), 16) for m in
                   re.finditer(r"^Trace \d+: \S+ \[[0-9a-f]+/([0-9a-f]+)/", open(log.name).read(), re.M)]
        start = pcs.index(self.entry)
        low, size = self.main
        end = next(i for i in range(start, len(pcs)) if low <= pcs[i] < low + size)
        return pcs[start:end]


def longest_period(pcs):
    """(anchor address, period, block): the largest distance at which one
    address recurs at least four times in a row at that same distance, and
    the addresses of one such period; None when there is none or the
    periods of that run are not all the same instructions. Before and after
    the run may come anything: entry into the loop, the padded blocks, an
    XOF's squeezing."""
    positions = collections.defaultdict(list)
    for i, pc in enumerate(pcs):
        positions[pc].append(i)
    best = None  # (period, -first position, anchor, the run's positions)
    for pc, where in positions.items():
        gaps = [b - a for a, b in zip(where, where[1:])]
        i = 0
        while i < len(gaps):
            j = i
            while j + 1 < len(gaps) and gaps[j + 1] == gaps[i]:
                j += 1
            if j - i + 2 >= 4:  # where[i..j+1]: four or more at one distance
                candidate = (gaps[i], -where[i], pc, where[i:j + 2])
                if best is None or candidate[:2] > best[:2]:
                    best = candidate
            i = j + 1
    if best is None:
        return None
    period, _, anchor, run = best
    block = pcs[run[0]:run[0] + period]
    if any(pcs[i:i + period] != block for i in run[1:-1]):
        return None
    return anchor, period, block


def block_bytes(tracer, digest_bits, anchor):
    """The smallest message-length step that adds one block: the distance
    between the shortest messages absorbing one and two more blocks than the
    empty one (the anchor's count in the trace; doubling, then bisection, so
    no trace is much longer than two blocks)."""
    def blocks(n):
        return tracer.trace(digest_bits, n).count(anchor)

    def shortest(target, low):
        high = max(2 * low, 8)
        while blocks(high) < target:
            low, high = high, 2 * high
            if high > 4 * TRACE_BYTES:
                raise McaError("%s: no further block within %d bytes" % (tracer.program, high))
        while high - low > 1:
            middle = (low + high) // 2
            if blocks(middle) >= target:
                high = middle
            else:
                low = middle
        return high

    base = blocks(0)
    first = shortest(base + 1, 0)
    return shortest(base + 2, first) - first
