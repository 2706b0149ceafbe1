"""The two commands, estimate and table (usage: the package's text)."""

import argparse
import json
import os
import sys

from hashbench import mca
from hashbench.mca import LLVM_BIN, McaError, run
from hashbench.mca.build import Build, submitted_modules
from hashbench.mca.estimate import estimate_module
from hashbench.mca.tables import measured_cycles_per_byte, report


def main(argv):
    parser = argparse.ArgumentParser(prog="ngcc mca", description=mca.__doc__.split("\n\n")[0])
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
                    rows.append({"instance": module["instance"],
                                 "family": build.declared[module["instance"]]["directory"], "variant": label,
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
