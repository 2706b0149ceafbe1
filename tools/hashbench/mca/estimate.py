"""The estimate of one module: its program traced, its absorb loop
simulated on every CPU model."""

import os

from hashbench.mca import McaError
from hashbench.mca.build import link_program, link_submitted
from hashbench.mca.simulate import CALL_OR_RETURN, assembler_line, disassembly, simulate, target_features
from hashbench.mca.trace import TRACE_BYTES, Tracer, block_bytes, longest_period


def estimate_module(build, module, label, flags, cpus, work, block_sizes):
    """The estimates of one module on every CPU (flags: None = as built; a
    submitted library is always as built); block_sizes: instance -> block
    bytes found so far."""
    instance = build.declared[module["instance"]]
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
    row = {"instance": module["instance"], "family": instance["directory"], "variant": label,
           "implementation": module["implementation"],
           "flags": " ".join(flags) if flags is not None else module["build_flags"],
           "block_bytes": rate, "trace_instructions": period, "calls_and_returns_left_out": len(calls),
           "estimates": {}}
    features = target_features(row["flags"], arch)
    for cpu in cpus:
        try:
            result = simulate(lines, build.triple, cpu, features)
            result["cycles_per_byte"] = result["cycles_per_block"] / rate
        except McaError as e:
            result = {"error": str(e)}
        row["estimates"][cpu] = result
    return row
