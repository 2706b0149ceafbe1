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
"""

import argparse
import collections
import glob
import json
import os
import re
import shlex
import statistics
import subprocess
import sys
import tempfile

from hashbench import ROOT
from hashbench.plan import PlanError, campaign_libraries, read_module_manifest

LLVM_BIN = "/usr/lib/llvm-19/bin"
MCA_SOURCES = os.path.join(ROOT, "tools", "mca")
LONG_MESSAGE_BYTES = 65536
# Long enough for four periods of every rate we have (at most 168 B a block).
TRACE_BYTES = 1024
# Back-to-back blocks simulated: enough for about 50000 instructions (the
# pipeline's filling then costs well under 1% of a block).
MCA_INSTRUCTIONS = 50000
CALL_OR_RETURN = re.compile(r"^\s*(callq?|retq?|blr?)\b")


class McaError(Exception):
    """A one-line refusal naming what and where."""


def run(command, **kwargs):
    """stdout of a command; McaError with its stderr when it fails."""
    result = subprocess.run(command, capture_output=True, text=True, **kwargs)
    if result.returncode != 0:
        last = (result.stderr.strip().splitlines() or ["exit status %d" % result.returncode])[-1]
        raise McaError("%s: %s" % (os.path.basename(command[0]), last))
    return result.stdout


# --- the build -------------------------------------------------------------

def compile_arguments(entry):
    """One compile_commands.json entry as (arguments, object path)."""
    words = entry["arguments"] if "arguments" in entry else shlex.split(entry["command"])
    output = words[words.index("-o") + 1]
    return words, os.path.join(entry["directory"], output)


def object_target(path):
    """The CMake target an object belongs to: its CMakeFiles/<target>.dir."""
    match = re.search(r"CMakeFiles/([^/]+)\.dir/", path)
    return match.group(1) if match else None


class Build:
    """A configured preset: its modules, their families and compile commands."""

    def __init__(self, directory):
        self.directory = os.path.abspath(directory)
        manifest = os.path.join(directory, "modules", "ngcc_modules.json")
        commands = os.path.join(directory, "compile_commands.json")
        for path in (manifest, commands):
            if not os.path.exists(path):
                raise McaError("%s: missing (configure the preset first)" % path)
        self.manifest = read_module_manifest(manifest)
        with open(commands) as f:
            entries = json.load(f)
        self.commands = collections.defaultdict(list)  # target -> [(arguments, source)]
        for entry in entries:
            words, output = compile_arguments(entry)
            self.commands[object_target(output)].append((words, entry["file"]))
        self.family_of = {}
        for family in self.manifest["families"]:
            for instance in family["instances"]:
                self.family_of[instance["name"]] = (family["directory"], instance)
        self.compiler = next(iter(self.commands["ngcc_module_entry"]))[0][0]
        self.triple = run([self.compiler, "-dumpmachine"]).strip()

    def implementations(self, family_dir):
        """The implementations of a family this build has: its object libraries."""
        prefix = "ngcc_%s_" % family_dir
        return sorted(t[len(prefix):] for t in self.commands if t and t.startswith(prefix))

    def modules(self, instances=None, variants=None):
        """Our modules (instance, variant, implementation, target), declared order;
        only those of the instances and variants named, where named."""
        chosen = [m for m in self.manifest["modules"] if m["kind"] == "candidate"
                  and (not instances or m["instance"] in instances)
                  and (not variants or m["variant"] in variants)]
        for option, names, key in (("--instances", instances, "instance"), ("--variants", variants, "variant")):
            unknown = sorted(set(names or ()) - {m[key] for m in chosen})
            if unknown:
                raise McaError("%s: no module of %s in %s" % (option, ", ".join(unknown), self.directory))
        return chosen

    def module_sources(self, module):
        """The compile commands of a module's objects and which take the variant's flags."""
        family_dir, _ = self.family_of[module["instance"]]
        implementation = re.sub(r"-simde$", "", module["implementation"])
        objects = "ngcc_%s_%s" % (family_dir, implementation)
        if objects not in self.commands:
            raise McaError("%s: no object library %s in compile_commands.json" % (module["target"], objects))
        return ([(words, source, True) for words, source in self.commands[module["target"]]] +
                [(words, source, True) for words, source in self.commands[objects]] +
                [(words, source, False) for words, source in self.commands["ngcc_module_entry"]])


def with_flags(words, flags):
    """A compile command with its optimization and target flags replaced by flags."""
    kept = [w for w in words if not re.match(r"-(O.*|march=.*|mcpu=.*|mtune=.*|fomit-frame-pointer)$", w)]
    at = kept.index("-c") if "-c" in kept else len(kept)
    return kept[:at] + flags + kept[at:]


def link_program(build, module, flags, out_dir):
    """The module's objects (flags: None = as built) + the trace driver, linked statically."""
    os.makedirs(out_dir, exist_ok=True)
    objects = []
    for i, (words, source, variant_flags) in enumerate(build.module_sources(module)):
        if flags is not None and variant_flags:
            words = with_flags(words, flags)
        words = list(words)
        obj = os.path.join(out_dir, "%d.o" % i)
        words[words.index("-o") + 1] = obj
        run(words, cwd=build.directory)
        objects.append(obj)
    driver = os.path.join(MCA_SOURCES, "trace_driver.cpp")
    program = os.path.join(out_dir, "trace_driver")
    run([build.compiler, "-O2", "-I", os.path.join(ROOT, "hashes", "include"), "-static", "-no-pie",
         driver] + objects + ["-o", program])
    return program


# --- submitted libraries -----------------------------------------------------

def submitted_modules(build, campaign):
    """The libraries of a submission build (tools/ngcc submission build
    OUT/campaign.yaml) that implement an instance of ours, as modules: the
    builder keeps each library's objects in OUT/obj/<name>/, and its
    build_flags name the compiler and flags ("gcc <flags>[; g++ <flags>]")."""
    try:
        entries = campaign_libraries(campaign)
    except PlanError as e:
        raise McaError(str(e))
    modules = []
    for entry in entries:
        if entry.get("instance") not in build.family_of:
            continue  # a candidate we do not implement: nothing to set it beside
        name = re.sub(r"^lib|\.so$", "", os.path.basename(entry["path"]))
        objects = sorted(glob.glob(os.path.join(os.path.dirname(os.path.abspath(campaign)), "obj", name, "*.o")))
        compile_line = shlex.split(entry["build_flags"].split(";")[0])
        if not objects or not compile_line:
            raise McaError("%s: %s: no objects in obj/%s/ (rebuild it with tools/ngcc submission build)"
                           % (campaign, entry["path"], name))
        if run([compile_line[0], "-dumpmachine"]).strip().split("-")[0] != build.triple.split("-")[0]:
            raise McaError("%s: %s is built by %s, not for %s (tools/ngcc submission build --arch)"
                           % (campaign, entry["path"], compile_line[0], build.triple))
        modules.append({"kind": "submitted", "instance": entry["instance"], "variant": entry["variant"],
                        "target": name, "implementation": "submitted", "build_flags": entry["build_flags"],
                        "object_files": objects, "flags": [w for w in compile_line[1:] if not w.startswith(("-W", "-std="))]})
    return modules


def link_submitted(build, module, out_dir):
    """A submitted library's objects + the trace driver, linked statically
    with the library's flags (its objects may be LTO objects)."""
    os.makedirs(out_dir, exist_ok=True)
    # The driver is compiled on its own, without the library's -flto, so that
    # link-time optimisation cannot inline CryptHash into it.
    driver = os.path.join(out_dir, "trace_driver.o")
    run([build.compiler, "-O2", "-I", os.path.join(ROOT, "hashes", "include"), "-c",
         os.path.join(MCA_SOURCES, "trace_driver.cpp"), "-o", driver])
    program = os.path.join(out_dir, "trace_driver")
    run([build.compiler] + module["flags"] + ["-static", "-no-pie", driver] + module["object_files"] + ["-o", program])
    return program


# --- tracing ---------------------------------------------------------------

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


# --- llvm-mca --------------------------------------------------------------

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


def mca(lines, triple, cpu, features):
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


# --- estimates -------------------------------------------------------------

def estimate_module(build, module, label, flags, cpus, work, block_sizes):
    """The estimates of one module on every CPU (flags: None = as built; a
    submitted library is always as built); block_sizes: instance -> block
    bytes found so far."""
    family_dir, instance = build.family_of[module["instance"]]
    work = os.path.join(work, "%s-%s" % (module["instance"], label))
    submitted = module["kind"] == "submitted"
    program = link_submitted(build, module, work) if submitted else link_program(build, module, flags, work)
    tracer = Tracer(build, program)
    pcs = tracer.trace(instance["digest_bits"], TRACE_BYTES)
    found = longest_period(pcs)
    if found is None:
        raise McaError("%s: no steady absorb loop in the trace of %d bytes" % (module["target"], TRACE_BYTES))
    anchor, period, block = found
    # The block size is the instance's; another variant's is checked against
    # this trace's count of periods (one more or two for the padded tail).
    rate = block_sizes.get(module["instance"])
    if rate is None or not 0 <= pcs.count(anchor) - TRACE_BYTES // rate <= 3:
        rate = block_sizes[module["instance"]] = block_bytes(tracer, instance["digest_bits"], anchor)
    text = disassembly(program, min(block), max(block))
    missing = sorted(set(block) - set(text))
    if missing:
        raise McaError("%s: llvm-objdump has no instruction at %#x" % (module["target"], missing[0]))
    arch = build.triple.split("-")[0]
    lines = [assembler_line(text[pc], arch) for pc in block]
    # llvm-mca models a call as 100 cycles of latency and ignores where
    # control goes: the executed trace already is the inlined path, so calls
    # and returns are left out and counted.
    calls = [l for l in lines if CALL_OR_RETURN.match(l)]
    lines = [l for l in lines if not CALL_OR_RETURN.match(l)]
    row = {"instance": module["instance"], "family": family_dir, "variant": label,
           "implementation": module["implementation"],
           "flags": " ".join(flags) if flags is not None else module["build_flags"],
           "block_bytes": rate, "trace_instructions": period, "calls_and_returns_left_out": len(calls),
           "estimates": {}}
    features = target_features(row["flags"], arch)
    for cpu in cpus:
        try:
            result = mca(lines, build.triple, cpu, features)
            result["cycles_per_byte"] = result["cycles_per_block"] / rate
        except McaError as e:
            result = {"error": str(e)}
        row["estimates"][cpu] = result
    return row


def measured_cycles_per_byte(bench_json):
    """(instance, variant) -> core cycles per byte at 65536 B of a bench
    --benchmark_out file: per repetition the cycles the thread ran
    (cpu_cycles: its CPU time in TSC cycles, not inflated where a neighbour
    took the core) times core_per_tsc (the core clock probe), over the
    bytes; the median of the repetitions."""
    with open(bench_json) as f:
        report = json.load(f)
    samples = collections.defaultdict(list)
    for b in report.get("benchmarks", []):
        match = re.match(r"^([^/]+)/([^/]+)/%d$" % LONG_MESSAGE_BYTES, b.get("run_name", ""))
        if b.get("run_type") != "iteration" or not match:
            continue
        try:
            samples[(match.group(1), match.group(2))].append(b["cpu_cycles"] * b["core_per_tsc"] / b["bytes"])
        except (KeyError, TypeError, ZeroDivisionError):
            raise McaError("%s: %s has no cpu_cycles, core_per_tsc and bytes" % (bench_json, b.get("name")))
    return {key: statistics.median(v) for key, v in samples.items()}


def table(rows, cpu, measured=None):
    """The markdown table of one CPU."""
    lines = ["### llvm-mca estimate (static, %s)" % cpu, ""]
    head = ["instance", "variant", "block B", "est. cycles/byte", "instructions/block", "skipped (no model)",
            "IPC", "bottleneck"]
    if measured is not None:
        head += ["bench cycles/byte (this machine)", "estimate ÷ measured"]
    lines += ["| " + " | ".join(head) + " |", "|" + "---|" * len(head)]
    for row in rows:
        e = row["estimates"][cpu]
        if "error" in e:
            cells = [row["instance"], row["variant"], str(row["block_bytes"]), "n/a", str(row["trace_instructions"]),
                     "-", "-", "the model does not take this code: " + e["error"].split(": ", 1)[-1]]
            lines.append("| " + " | ".join(cells + ["-", "-"][:len(head) - len(cells)]) + " |")
            continue
        cells = [row["instance"], row["variant"], str(row["block_bytes"]), "%.2f" % e["cycles_per_byte"],
                 str(row["trace_instructions"]), str(sum(e["skipped"].values())), "%.2f" % e["ipc"],
                 e["bottleneck"]]
        if measured is not None:
            m = measured.get((row["instance"], row["variant"]))
            cells += ["%.2f" % m, "%.2f" % (e["cycles_per_byte"] / m)] if m else ["-", "-"]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines) + "\n"


def family_ratios(rows, cpu, measured):
    """family -> variant -> median of estimate / measured over its instances
    whose blocks the model took whole."""
    ratios = collections.defaultdict(lambda: collections.defaultdict(list))
    for row in rows:
        m = measured.get((row["instance"], row["variant"]))
        # An estimate without some of the block's instructions (AVX-512 on a
        # model of a core without it) is no estimate of that code.
        e = row["estimates"][cpu]
        if m and "error" not in e and not e["skipped"]:
            ratios[row["family"]][row["variant"]].append(row["estimates"][cpu]["cycles_per_byte"] / m)
    return {f: {v: statistics.median(r) for v, r in vs.items()} for f, vs in ratios.items()}


def report(document, measured):
    """The markdown of an estimates document: a table per CPU, the ratios to
    bench where measured (added to the document), the skipped instructions."""
    rows, parts = document["rows"], []
    for cpu in document["cpus"]:
        parts.append(table(rows, cpu, measured))
        if measured is not None:
            ratios = family_ratios(rows, cpu, measured)
            document.setdefault("estimate_over_measured", {})[cpu] = ratios
            parts.append("estimate ÷ measured per family (median over its instances), %s:\n" % cpu +
                         "".join("- %s: %s\n" % (family, ", ".join("%s %.2f" % kv for kv in sorted(v.items())))
                                 for family, v in sorted(ratios.items())))
    for cpu in document["cpus"]:
        skipped = collections.Counter()
        for row in rows:
            skipped.update(row["estimates"][cpu].get("skipped", {}))
        if skipped:
            parts.append("instructions llvm-mca skips on %s (no scheduling model; form: count in all blocks):\n" % cpu +
                         "".join("- `%s`: %d\n" % kv for kv in skipped.most_common()))
    return "\n".join(parts)


def main(argv):
    parser = argparse.ArgumentParser(prog="ngcc mca", description=__doc__.split("\n\n")[0])
    parser.add_argument("command", choices=["estimate", "table"],
                        help="estimate: trace and simulate; table: the tables of an estimates.json again")
    parser.add_argument("--build", help="estimate: the configured preset's directory")
    parser.add_argument("--cpu", action="append", help="estimate: an llvm-mca -mcpu (repeatable)")
    parser.add_argument("--instances", default="")
    parser.add_argument("--variants", default="", help="estimate: only these variants, e.g. opt,sha3")
    parser.add_argument("--extra-ref", default="", help="flags of one more ref build, e.g. the ARM guide's")
    parser.add_argument("--campaign", action="append", default=[],
                        help="estimate: also the libraries of a submission build's campaign.yaml (repeatable)")
    parser.add_argument("--calibrate", help="bench --benchmark_out JSON at 65536 B")
    parser.add_argument("--estimates", action="append", help="table: an estimates.json (repeatable)")
    parser.add_argument("--out", help="estimate: where estimates.json goes (default BUILD/mca)")
    args = parser.parse_args(argv)
    try:
        measured = measured_cycles_per_byte(args.calibrate) if args.calibrate else None
        if args.command == "table":
            if not args.estimates:
                raise McaError("table needs --estimates FILE")
            document = None
            for path in args.estimates:  # the rows of several runs, one table per CPU
                with open(path) as f:
                    part = json.load(f)
                if document is not None and part["cpus"] != document["cpus"]:
                    raise McaError("%s: CPUs %s, not %s" % (path, part["cpus"], document["cpus"]))
                document = part if document is None else dict(document, rows=document["rows"] + part["rows"])
            print(report(document, measured))
            return 0
        if not args.build or not args.cpu:
            raise McaError("estimate needs --build DIR and --cpu CPU")
        build = Build(args.build)
        out = os.path.abspath(args.out or os.path.join(args.build, "mca"))
        os.makedirs(out, exist_ok=True)
        rows, block_sizes = [], {}
        instances = [i for i in args.instances.split(",") if i]
        failed = []
        variants = [v for v in args.variants.split(",") if v]
        modules = build.modules(instances, variants) if not args.campaign or instances or variants else []
        for campaign in args.campaign:
            modules += [m for m in submitted_modules(build, campaign) if not instances or m["instance"] in instances]
        for module in modules:
            builds = [(module["variant"], None)]
            if args.extra_ref and module["variant"] == "ref":
                builds.append(("ref " + args.extra_ref, args.extra_ref.split()))
            for label, flags in builds:
                print("ngcc mca: %s (%s)" % (module["target"], label), file=sys.stderr)
                try:
                    rows.append(estimate_module(build, module, label, flags, args.cpu, os.path.join(out, "work"),
                                                block_sizes))
                except McaError as e:  # the others go on; this one's row says why
                    print("ngcc mca: %s" % e, file=sys.stderr)
                    failed.append(module["target"])
                    family_dir, _ = build.family_of[module["instance"]]
                    rows.append({"instance": module["instance"], "family": family_dir, "variant": label,
                                 "implementation": module["implementation"], "block_bytes": "-",
                                 "trace_instructions": "-", "estimates": {cpu: {"error": str(e)} for cpu in args.cpu}})
        version = run([os.path.join(LLVM_BIN, "llvm-mca"), "--version"]).split("\n")[1].strip()
    except (McaError, OSError, ValueError) as e:
        print("ngcc mca: %s" % e, file=sys.stderr)
        return 1
    document = {"schema": "ngcc-mca/1", "kind": "llvm-mca estimate (static), not a measurement",
                "llvm_mca": version, "build": build.directory, "triple": build.triple,
                "cpus": args.cpu, "rows": rows}
    print(report(document, measured))
    with open(os.path.join(out, "estimates.json"), "w") as f:
        json.dump(document, f, indent=1)
    print("ngcc mca: wrote %s" % os.path.join(out, "estimates.json"), file=sys.stderr)
    if failed:
        print("ngcc mca: no estimate for %s (see its row)" % ", ".join(failed), file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
