"""The constant-time check (ct/ctgrind.py: valgrind memcheck with the message
marked undefined) of modules of ours and of submitted libraries, each in a
child process of its own, into one ct.json (schema ngcc-ct/1) that the
report reads.

usage: python3 -m hashbench.ct --harness CT_HARNESS --root SOURCE_ROOT --out ct.json
                                 --usable "AVX2 BMI2 …" [--jobs N] [--merge] [--resume]
                                 --plan PLAN

--plan: the libraries to check, a library plan (hashbench.plan):
a module of ours is checked at its own width, as its instance; another
library at the plan's width, as its KAT name; each needs the extensions the
plan lists. --usable: the extensions this CPU lets code use
(bench --ngcc_cpu_identity). --merge: keep the entries of an existing
--out for libraries not checked now. --resume (implies --merge): a library
whose entry in --out has a PASS or FAIL of the same file (SHA-256) keeps it
and is not checked again.

--out is rewritten as each library ends, so a run stopped early keeps what
it finished: SIGINT or SIGTERM end it with status 128 + the signal (130,
143), as a shell reports a command a signal ended; otherwise 0, 1 where a
library FAILs or cannot be checked (ERROR), 2 bad usage or an --out that
cannot be merged into.
"""
import argparse
import datetime
import json
import os
import signal
import sys
from concurrent.futures import ThreadPoolExecutor, as_completed

from hashbench import ROOT

sys.path.insert(0, os.path.join(ROOT, "ct"))
import ctgrind  # noqa: E402
from hashbench.common import file_sha256  # noqa: E402
from hashbench.plan import PlanError, read_plan  # noqa: E402

SCHEMA = "ngcc-ct/1"
# valgrind 3.19 decodes no AVX-512 instruction.
NO_AVX512 = "valgrind runs no AVX-512 instructions"


class Stopped(Exception):
    """SIGINT or SIGTERM: the run ends with what finished."""

    def __init__(self, signum):
        super().__init__(signal.Signals(signum).name)
        self.signum = signum


def stop_on_signals():
    """Installs the handlers; returns those they replace."""
    def stop(signum, _frame):
        raise Stopped(signum)
    return {signum: signal.signal(signum, stop) for signum in (signal.SIGINT, signal.SIGTERM)}


def plan_entries(path):
    """The libraries of the plan at `path`, as check_one takes them."""
    entries = []
    for library in read_plan(path):
        ours = library["kind"] == "candidate"
        entries.append(dict(instance=library["instance"] if ours else library["kat_name"],
                            variant=library["variant"], path=library["path"],
                            digest_bits=None if ours else library["digest_bits"],
                            needs=" ".join(library["requires"])))
    return entries


def not_checked(record, status, why):
    return dict(record, status=status, why=why, sites=[], calls=0, max_bits=0)


def key(entry):
    return entry["instance"], entry["variant"]


def kept_entry(entry, previous):
    """previous's PASS or FAIL of entry's library file (same SHA-256), if any."""
    old = previous.get(key(entry))
    if old is None or old.get("status") not in ("PASS", "FAIL") or not os.path.isfile(entry["path"]):
        return None
    return old if old.get("sha256") == file_sha256(entry["path"]) else None


def check_one(entry, args):
    path = entry["path"]
    record = dict(instance=entry["instance"], variant=entry["variant"], library=os.path.abspath(path))
    if not os.path.isfile(path):
        return not_checked(record, "ERROR", "no such file")
    record["sha256"] = file_sha256(path)
    needs = set(entry["needs"].replace(",", " ").split())
    lacking = sorted(needs - set(args.usable.split()))
    if any(n.startswith("AVX512") for n in needs):
        return not_checked(record, "SKIP", NO_AVX512)
    if lacking:
        return not_checked(record, "SKIP", "this CPU does not run %s" % " ".join(lacking))
    verdict, _sites = ctgrind.check(args.root, args.harness, path, entry["digest_bits"],
                                    "%s-%s" % (entry["instance"], entry["variant"]))
    verdict.pop("output", None)
    verdict.pop("library", None)
    verdict.pop("name", None)
    return dict(record, **verdict)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="hashbench.ct", description=__doc__.split("\n")[0])
    ap.add_argument("--harness", required=True)
    ap.add_argument("--root", required=True)
    ap.add_argument("--out", required=True)
    ap.add_argument("--usable", required=True)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--merge", action="store_true")
    ap.add_argument("--resume", action="store_true")
    ap.add_argument("--plan", required=True)
    args = ap.parse_args(argv)
    try:
        entries = plan_entries(args.plan)
    except PlanError as e:
        print("ngcc ct: --plan %s" % e, file=sys.stderr)
        return 2
    if not entries:
        print("ngcc ct: nothing to check: the plan %s lists no library" % args.plan, file=sys.stderr)
        return 2
    previous = []
    if (args.merge or args.resume) and os.path.exists(args.out):
        try:
            with open(args.out, encoding="utf-8") as f:
                doc = json.load(f)
            if doc.get("schema") != SCHEMA:
                raise ValueError("schema %r, expected %r" % (doc.get("schema"), SCHEMA))
            previous = doc["libraries"]
            for i, r in enumerate(previous):
                if not isinstance(r, dict) or not isinstance(r.get("instance"), str) \
                        or not isinstance(r.get("variant"), str):
                    raise ValueError("libraries[%d] has no instance and variant" % i)
        except (OSError, ValueError, KeyError, TypeError, AttributeError) as e:
            print("ngcc ct: %s: cannot merge into it: %s" % (args.out, e), file=sys.stderr)
            return 2
    kept = {}
    if args.resume:
        by_key = {key(r): r for r in previous}
        for e in entries:
            old = kept_entry(e, by_key)
            if old is not None:
                kept[key(e)] = old
    todo = [e for e in entries if key(e) not in kept]
    if kept:
        print("ct: kept from the last run: %d librar%s (unchanged SHA-256); checking %d"
              % (len(kept), "y" if len(kept) == 1 else "ies", len(todo)), flush=True)
    # An entry of --out stays until this run's verdict of its library replaces it.
    current = {key(r): r for r in previous}
    order = list(dict.fromkeys(list(current) + [key(e) for e in entries]))
    ended = len(kept)

    def save():
        """--out with what it holds so far, replaced in one step."""
        doc = dict(schema=SCHEMA,
                   date=datetime.datetime.now(datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ"),
                   tool="valgrind memcheck, message bytes undefined (ct/ct_harness.cpp)",
                   libraries=[current[k] for k in order if k in current])
        tmp = args.out + ".tmp"
        with open(tmp, "w", encoding="utf-8") as f:
            json.dump(doc, f, indent=1)
            f.write("\n")
        os.replace(tmp, args.out)

    replaced = stop_on_signals()
    pool = ThreadPoolExecutor(max_workers=max(1, args.jobs))
    try:
        for future in as_completed([pool.submit(check_one, e, args) for e in todo]):
            r = future.result()
            line = "ct: %s/%s: %s" % (r["instance"], r["variant"], r["status"])
            if r.get("why"):
                line += " (%s)" % r["why"]
            elif r["sites"]:
                line += ", %d site(s), first at %s" % (len(r["sites"]), r["sites"][0]["where"])
            print(line, flush=True)
            current[key(r)] = r
            ended += 1
            save()
    except Stopped as stop:
        # Where the signal came to the process group (Ctrl-C, timeout) the
        # valgrind children got it too: what they return now is not a
        # verdict (at worst an ERROR, which a rerun checks again).
        pool.shutdown(wait=False, cancel_futures=True)
        print("ngcc ct: interrupted by %s: %d of %d libraries kept in %s; %s"
              % (stop, ended, len(entries), args.out,
                 "the same command continues" if args.resume else "--resume continues"), file=sys.stderr)
        return 128 + stop.signum
    finally:
        for signum, handler in replaced.items():
            signal.signal(signum, handler)
    pool.shutdown()
    return 1 if any(current[key(e)]["status"] in ("FAIL", "ERROR") for e in entries) else 0


if __name__ == "__main__":
    sys.exit(main())
