"""The guide records (records/**.json, bench/SCHEMA.md §4), indexed by
(instance, variant, message bytes)."""

import os

from hashbench.report.inputs import Checker, load_json


class Records:
    """The guide records: where each one is, and the host facts they hold."""

    def __init__(self):
        self.paths = {}        # (label, variant, bytes) -> path relative to results
        self.trials = {}       # (label, variant, bytes) -> the record's timed trials
        self.environment = {}  # first record's environment (sorted path order)
        self.started = []
        self.ended = []

    def get(self, key):
        return self.paths.get(key)


def scan_records(results_dir):
    top = os.path.join(results_dir, "records")
    recs = Records()
    if not os.path.isdir(top):
        return recs
    for root, dirs, files in os.walk(top):
        dirs.sort()
        for name in sorted(files):
            if not name.endswith(".json"):
                continue
            path = os.path.join(root, name)
            rec = load_json(path)
            ck = Checker(path)
            ck.typed(rec, "object", "(top level)")
            label = ck.get(rec, "label", "string", "")
            variant = ck.get(rec, "ngcc_variant", "string", "", required=False)
            if variant is None:
                variant = ck.get(rec, "variant", "string", "")
                variant = {"reference": "ref", "optimized": "opt"}.get(variant,
                                                                       variant)
            nbytes = ck.get(rec, "input_bytes", "integer", "")
            recs.paths[(label, variant, nbytes)] = os.path.relpath(
                path, results_dir).replace(os.sep, "/")
            trials = ck.get(rec, "trials", "array", "", required=False)
            if trials:
                for i, t in enumerate(trials):
                    where = "trials[%d]" % i
                    ck.typed(t, "object", where)
                    for field in ("measurements", "seconds", "cycles"):
                        ck.number(t, field, where, minimum=0)
                recs.trials[(label, variant, nbytes)] = trials
            env = ck.get(rec, "environment", "object", "", required=False)
            if env and not recs.environment:
                recs.environment = env
            for key, into in (("started_utc", recs.started),
                              ("ended_utc", recs.ended)):
                v = ck.get(rec, key, "string", "", required=False)
                if v:
                    into.append(v)
    return recs
