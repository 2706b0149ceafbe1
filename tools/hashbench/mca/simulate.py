"""llvm-mca's simulation of one absorb loop's instructions, run back to back."""

import collections
import json
import os
import re
import subprocess
import tempfile

from hashbench.mca import LLVM_BIN, McaError, run

# Back-to-back blocks simulated: enough for about 50000 instructions (the
# pipeline's filling then costs well under 1% of a block).
MCA_INSTRUCTIONS = 50000
CALL_OR_RETURN = re.compile(r"^\s*(callq?|retq?|blr?)\b")


def disassembly(program, low, high):
    """address -> instruction text (llvm-objdump) of [low, high]."""
    out = run([os.path.join(LLVM_BIN, "llvm-objdump"), "-d", "--no-show-raw-insn",
               "--start-address=%#x" % low, "--stop-address=%#x" % (high + 1), program])
    table = {}
    for line in out.splitlines():
        match = re.match(r"^\s*([0-9a-f]+):\s+(\S.*)$", line)
        if match:
            table[int(match.group(1), 16)] = match.group(2)
    return table


def assembler_line(text, arch):
    """An llvm-objdump line as llvm-mca input: addresses and their symbols
    become the one label .Lt (branch targets do not matter to the model),
    comments go."""
    comment = "//" if arch == "aarch64" else "#"
    text = text.split(comment, 1)[0] if arch == "aarch64" else re.sub(r"\s#.*$", "", text)
    text = re.sub(r"(?:#?0x)?[0-9a-f]+ <[^>]*>", ".Lt", text)
    return text.rstrip()


def target_features(flags, arch):
    """llvm-mca's -mattr for code built with flags on AArch64: the
    extensions -march names (+sve, +sha3), which a -mcpu model may lack and
    whose instructions it then skips (counted); none on x86-64, where a
    model without an extension (AVX-512 on znver3) does not apply."""
    if arch != "aarch64":
        return []
    features = [f for w in flags.split() if w.startswith("-march=") for f in w.split("+")[1:]]
    return ["-mattr=" + ",".join("+" + f for f in features)] if features else []


def simulate(lines, triple, cpu, features):
    """llvm-mca's view of a block run back to back: cycles and instructions
    per block, IPC, the most used resource, and its warnings."""
    iterations = max(5, min(100, MCA_INSTRUCTIONS // max(1, len(lines))))
    with tempfile.NamedTemporaryFile("w", suffix=".s") as source:
        source.write(".Lt:\n" + "\n".join(lines) + "\n")
        source.flush()
        result = subprocess.run([os.path.join(LLVM_BIN, "llvm-mca"), "-mtriple=" + triple, "-mcpu=" + cpu,
                                 "-iterations=%d" % iterations] + features + ["-skip-unsupported-instructions=lack-sched",
                                 "-json", source.name],
                                capture_output=True, text=True)
    if result.returncode != 0:
        raise McaError("llvm-mca -mcpu=%s: %s" % (cpu, (result.stderr.strip().splitlines() or ["failed"])[0]))
    return parse_mca(json.loads(result.stdout), result.stderr)


def warning_kinds(stderr):
    """(the distinct warnings of llvm-mca's stderr, the instructions it
    skipped for want of a scheduling model, each as its form with numbers
    as N, e.g. "ldr wN, [xN, #N]", and how often one block has it)."""
    kinds, skipped = collections.Counter(), collections.Counter()
    lines = stderr.splitlines()
    for i, line in enumerate(lines):
        match = re.search(r"warning: (.*?)(,|$)", line)
        if not match:
            continue
        kinds[match.group(1).strip()] += 1
        if "unsupported instruction" in line and i + 1 < len(lines):
            instruction = lines[i + 1].split("instruction:", 1)[-1]
            skipped[re.sub(r"\d+", "N", " ".join(instruction.split()))] += 1
    return dict(kinds), dict(skipped)


def parse_mca(report, stderr=""):
    """The estimate from llvm-mca -json output (one code region)."""
    region = report["CodeRegions"][0]
    summary = region["SummaryView"]
    iterations = summary["Iterations"]
    names = [re.sub(r"\.\x00?([\x00-\x09])", lambda m: ".%d" % ord(m.group(1)), n).replace("\x00", "")
             for n in report["TargetInfo"]["Resources"]]
    total_row = len(region["Instructions"])
    pressure = collections.Counter()
    for item in region["ResourcePressureView"]["ResourcePressureInfo"]:
        if item["InstructionIndex"] == total_row:
            pressure[names[item["ResourceIndex"]]] += item["ResourceUsage"]
    cycles = summary["TotalCycles"] / iterations
    uops = summary["TotaluOps"] / iterations
    bounds = dict(pressure)
    bounds["dispatch"] = uops / summary["DispatchWidth"]
    resource, bound = max(bounds.items(), key=lambda kv: kv[1]) if bounds else ("-", 0.0)
    # Where no resource comes near the cycles, the dependency chain sets them.
    if bound < 0.9 * cycles:
        resource = "latency (dependency chain)"
    warnings, skipped = warning_kinds(stderr)
    return {"cycles_per_block": cycles, "instructions_per_block": summary["Instructions"] / iterations,
            "ipc": summary["IPC"], "bottleneck": resource, "bottleneck_cycles": bound,
            "warnings": warnings, "skipped": skipped}
