"""hashbench.bench — the body of `tools/ngcc bench`: runs the default campaign
(bench/campaign.yaml) with the already built bench and writes OUT/bench.json
(Google Benchmark JSON, see bench/SCHEMA.md); tools/ngcc bench chooses OUT
(results/<system>/, or a run beside its campaign: hashbench.results).

  python3 -m hashbench.bench --out DIR [--quick|--guide] [--system NAME] [--cpu N|last|none]
                             [--campaign FILE] [-- BENCH_ARGS...]

  (default)  pinned, 5 interleaved repetitions of 0.1 s per row
             (--benchmark_repetitions=5 --benchmark_enable_random_interleaving=true)
  --quick    pinned, one repetition of 0.02 s per row: the whole campaign in minutes
  --guide    the published plan (docs/method.md "Modes, repetitions and pinning"): 5
             fresh-process trials per row, pinned; also writes
             OUT/records/<id>/<Instance>-<variant>__hash_<bytes>.json
  --out      the directory written (bench.json, bench.log, records/; while the
             run lasts bench.rows.jsonl, its rows as they end)
  --system   the system name recorded (default: bench --ngcc_system for that CPU,
             e.g. x86_64-amd-epyc-zen5)
  --cpu      the CPU bench and its driver processes are pinned to (default: last, the
             highest this process may use, a performance core's on a hybrid CPU;
             none: unpinned)
  --campaign another campaign file (default bench/campaign.yaml), e.g. the one
             tools/ngcc submission build wrote: its libraries are measured beside ours
  -- ARGS    passed to bench after the defaults above, so they override them,
             e.g. -- --benchmark_filter=CHIME --benchmark_repetitions=9

Relative paths are taken from the repository's top directory, where bench
runs. The build directory is $NGCC_BUILD_DIR (default build/release); a
cross build's bench runs behind the words of $NGCC_EMULATOR (e.g.
qemu-aarch64 -L ROOT), as its tests run it (tools/hashbench/common.py). The
console shows a short context, Google Benchmark's line per row and, on a
terminal, a status line (runs done, elapsed, ETA; bench/README.md); the same
output and the warnings, without the status line, are kept in OUT/bench.log.

A run stopped before its end (Ctrl-C, a time limit, a kill) keeps the rows
that ended in OUT/bench.rows.jsonl; the same command again measures only the
others, and OUT/bench.json holds them all (bench/README.md, "An interrupted
run"). Exit status: bench's (128 + the signal for a stopped run), 1 where
this tool cannot start it.
"""
import argparse
import datetime
import os
import re
import shutil
import subprocess
import sys
import time

from hashbench import ROOT
from hashbench.common import Signals, target_command

MODE_ARGS = {
    "default": ["--benchmark_repetitions=5", "--benchmark_enable_random_interleaving=true",
                "--benchmark_min_time=0.1"],
    "quick": ["--ngcc_quick"],
    "guide": ["--ngcc_guide"],
}
# On a terminal bench redraws its status line in place; the log keeps of
# each line what follows the last erase-line sequence, the line as it ended.
STATUS_REDRAW = re.compile(rb".*\x1b\[K")


class BenchError(Exception):
    """A one-line refusal: bench could not be started."""


def query(bench, *args):
    """What bench prints for one of its --ngcc_ queries (--ngcc_system,
    --ngcc_cpu_identity, ...)."""
    p = subprocess.run(bench + list(args), cwd=ROOT, stdout=subprocess.PIPE, text=True)
    if p.returncode != 0:
        raise BenchError("%s %s failed (exit %d)" % (bench[-1], " ".join(args), p.returncode))
    return p.stdout.strip()


def add_run_options(ap):
    """The options of a run that tools/ngcc bench and this module's command
    line share."""
    ap.add_argument("--quick", dest="mode", action="store_const", const="quick", default="default")
    ap.add_argument("--guide", dest="mode", action="store_const", const="guide")
    ap.add_argument("--system")
    ap.add_argument("--cpu", default="last")


def copy_output(source, log, terminal):
    """bench's output to this process's standard output as it comes and,
    line by line, to `log` (without the status line's redraws on a terminal)."""
    pending = b""
    out = sys.stdout.buffer
    while True:
        chunk = os.read(source.fileno(), 65536)
        if not chunk:
            break
        out.write(chunk)
        out.flush()
        pending += chunk
        *lines, pending = pending.split(b"\n")
        for line in lines:
            log.write((STATUS_REDRAW.sub(b"", line) if terminal else line) + b"\n")
        log.flush()
    if pending:
        log.write(STATUS_REDRAW.sub(b"", pending) if terminal else pending)


def run(out, mode="default", system=None, cpu="last", campaign=None, extra=(), build=None):
    """One bench run into `out` (see the module's text) with the bench of
    `build` (default $NGCC_BUILD_DIR, else build/release); returns the exit
    status."""
    build = build or os.environ.get("NGCC_BUILD_DIR") or "build/release"
    executable = os.path.join(build, "bench", "bench")
    if not os.access(os.path.join(ROOT, executable), os.X_OK):
        raise BenchError("%s not found: build first (cmake --preset release && cmake --build build/release)"
                         % executable)
    bench = target_command(executable)
    cpu_args = [] if cpu == "none" else ["--ngcc_cpu=%s" % cpu]
    system = system or query(bench, "--ngcc_system", *cpu_args)
    if not system or "/" in system or system in (".", ".."):
        raise BenchError("bad system name '%s'" % system)
    directory = os.path.join(ROOT, out)
    os.makedirs(directory, exist_ok=True)
    journal = os.path.join(out, "bench.rows.jsonl")
    journal_path = os.path.join(ROOT, journal)
    args = ["--benchmark_out=%s" % os.path.join(out, "bench.json.partial"), "--benchmark_out_format=json",
            "--ngcc_system_name=%s" % system, "--ngcc_rows_journal=%s" % journal] + cpu_args
    if campaign:
        args.append("--ngcc_campaign=%s" % campaign)
    args += MODE_ARGS[mode]
    if mode == "guide":
        # The records of rows a stopped run kept stay with them.
        if not (os.path.exists(journal_path) and os.path.getsize(journal_path)):
            shutil.rmtree(os.path.join(directory, "records"), ignore_errors=True)
        args.append("--ngcc_records=%s" % os.path.join(out, "records"))
    terminal = sys.stdout.isatty()
    if terminal:
        args.append("--ngcc_terminal")
    start = time.monotonic()
    with open(os.path.join(directory, "bench.log"), "wb") as log, Signals():
        header = ("ngcc bench: mode %s, system %s, build %s -> %s\n"
                  "ngcc bench: started %s, command: %s %s %s\n"
                  % (mode, system, build, os.path.join(out, "bench.json"),
                     datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                     executable, " ".join(args), " ".join(extra))).encode()
        sys.stdout.buffer.write(header)
        sys.stdout.buffer.flush()
        log.write(header)
        p = subprocess.Popen(bench + args + list(extra), cwd=ROOT, stdout=subprocess.PIPE, stderr=subprocess.STDOUT)
        copy_output(p.stdout, log, terminal)
        status = p.wait()
    status = 128 - status if status < 0 else status
    seconds = int(time.monotonic() - start)
    if status > 128:
        lines = 0
        if os.path.exists(journal_path):
            with open(journal_path, "rb") as f:
                lines = sum(1 for _ in f)
        print("ngcc bench: stopped by a signal after %d s; the rows that ended are in %s (%d lines): "
              "the same command measures only the others" % (seconds, journal, lines), file=sys.stderr)
    if status != 0:
        return status
    partial = os.path.join(directory, "bench.json.partial")
    with open(partial, encoding="utf-8") as f:
        rows = sum('"run_type": "iteration"' in line for line in f)
    if rows == 0:  # a bench.json without a row is no campaign: the report could not read it
        os.remove(partial)
        raise BenchError("no row measured: the campaign and the bench arguments select none (%s)"
                         % (" ".join(extra) or "no arguments"))
    os.replace(partial, os.path.join(directory, "bench.json"))
    if os.path.exists(journal_path):
        os.remove(journal_path)
    summary = "ngcc bench: %d rows in %d s -> %s" % (rows, seconds, os.path.join(out, "bench.json"))
    print(summary, flush=True)
    with open(os.path.join(directory, "bench.log"), "a", encoding="utf-8") as log:
        log.write(summary + "\n")
    if mode == "guide":
        print("ngcc bench: guide records in %s/" % os.path.join(out, "records"))
    return 0


def main(argv=None):
    argv = sys.argv[1:] if argv is None else argv
    extra = []
    if "--" in argv:
        extra = argv[argv.index("--") + 1:]
        argv = argv[:argv.index("--")]
    ap = argparse.ArgumentParser(prog="hashbench.bench", add_help=False)
    add_run_options(ap)
    ap.add_argument("--out")
    ap.add_argument("--campaign")
    ap.add_argument("-h", "--help", action="store_true")
    args, unknown = ap.parse_known_args(argv)
    if args.help:
        print(__doc__.split("\n\n", 1)[1].rstrip())
        return 0
    try:
        if unknown:
            raise BenchError("unknown argument '%s' (expected --out DIR, --quick, --guide, --system NAME, "
                             "--cpu N|last|none, --campaign FILE, -- BENCH_ARGS)" % unknown[0])
        if not args.out:
            raise BenchError("--out DIR is needed (tools/ngcc bench chooses it)")
        return run(args.out, args.mode, args.system, args.cpu, args.campaign, extra)
    except (BenchError, OSError) as e:
        print("ngcc bench: %s" % e, file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
