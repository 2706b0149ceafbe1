"""Where a run of tools/ngcc bench, kat or ct writes: a results directory's
campaign is never overwritten.

place() chooses the directory into which a file (bench.json, kat.json or
ct.json) goes, after making it, and says where that is and why:

- ct.json (tools/ngcc ct --results DIR): DIR itself where it was made on this
  CPU, its campaign finished or not: a constant-time verdict is of a library
  file, not of a run; elsewhere as kat.json with --merge;

- DIR itself when it holds no FILE yet and no campaign of another CPU
  (a new results/<system>/, or one a kat run began and the bench run
  completes);
- the first of DIR and its newest run, made on this CPU, whose kat.json is
  unfinished (a kat run stopped or killed before its end), or, for
  bench.json, that holds the rows of a bench run stopped before its end
  (bench.rows.jsonl, no bench.json): the same command continues it;
- otherwise the newest DIR/runs/<UTC>/ of this CPU that lacks FILE (a kat run
  and the bench run after it share one) or holds no result at all (a run
  that failed before it measured anything: its CPU identity and bench.log
  only), or a new DIR/runs/<UTC>/;
- with replace, DIR itself, replacing FILE, only where DIR was made on
  this CPU (how committed campaigns are remade);
- with merge (kat.json of a campaign's libraries, merged by merge_kat), the
  first of DIR and its newest run that was made on this CPU and holds no
  bench.json yet, else a new run: the KAT runs of several packages gather in
  one directory for the bench run after them.

merge_kat() puts the modules of NEW (an ngcc-kat --json output) into TARGET
(kat.json), replacing those of the same instance and variant and keeping the
others; a TARGET not there yet starts from the modules of SEED (the last full
run's kat.json) whose files are still the ones checked (same SHA-256).
NEW may be unfinished: the files it has join TARGET, the others are not run.

unfinished() is true of the kat.json of an ngcc-kat run that did not end
("complete": false).

convert_schema1() (tools/ngcc convert-schema1 RESULTS_DIR) rewrites
RESULTS_DIR/bench.json of schema 1 into schema 2 (bench/SCHEMA.md), once: the facts schema 1 lacks and the report used to
supply from tables of its own are written into the context, with a record of
the conversion; no row is touched, byte for byte. The report reads schema 2
only.

"This CPU" is the identity bench records (bench --ngcc_cpu_identity: vendor,
family, model, stepping, the extensions usable here), compared field by
field with DIR's cpu.json; a field recorded as null was not known when the
campaign was made and matches any value.
"""

import datetime
import json
import os

from hashbench.common import file_sha256

IDENTITY_FILE = "cpu.json"
DESCRIPTION_FILE = "cpu.txt"
CAMPAIGN_FILES = ("bench.json", "kat.json")
BENCH_JOURNAL = "bench.rows.jsonl"
# What placing a run leaves, and a run that measured nothing adds: no result.
NO_RESULT_FILES = (IDENTITY_FILE, DESCRIPTION_FILE, "bench.log")


class PlaceError(Exception):
    """A one-line refusal."""


def recorded_identity(directory):
    """DIR's cpu.json as a dict; None where there is none."""
    path = os.path.join(directory, IDENTITY_FILE)
    if not os.path.exists(path):
        return None
    try:
        with open(path) as f:
            identity = json.load(f)
    except (OSError, ValueError) as e:
        raise PlaceError("%s: unreadable CPU identity: %s" % (path, e))
    if not isinstance(identity, dict):
        raise PlaceError("%s: not a JSON object" % path)
    return identity


def differences(recorded, here):
    """'field: recorded vs here' for every recorded field that differs."""
    return ["%s %s there, %s here" % (k, json.dumps(v), json.dumps(here.get(k)))
            for k, v in recorded.items() if v is not None and v != here.get(k)]


def holds_campaign(directory):
    return any(os.path.exists(os.path.join(directory, f)) for f in CAMPAIGN_FILES)


def holds_no_result(directory):
    """True where DIRECTORY holds nothing but NO_RESULT_FILES and an
    empty bench.rows.jsonl: a run placed there failed before it wrote
    anything else."""
    return all(name in NO_RESULT_FILES or (name == BENCH_JOURNAL and not rows_kept(directory))
               for name in os.listdir(directory))


def unfinished(path):
    """True where PATH is the kat.json of an ngcc-kat run that did not end:
    ngcc-kat writes "complete": false until it has (README, Official KATs)."""
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError):
        return False
    return isinstance(doc, dict) and doc.get("complete") is False


def bench_stopped(directory):
    """True where DIRECTORY holds a bench run stopped before its end: the rows
    it kept (bench/README.md, "An interrupted run") and no bench.json."""
    return rows_kept(directory) and not os.path.exists(os.path.join(directory, "bench.json"))


def rows_kept(directory):
    """True where DIRECTORY's bench.rows.jsonl holds a row: one that failed
    or was stopped before its first row ended leaves it empty."""
    path = os.path.join(directory, BENCH_JOURNAL)
    return os.path.exists(path) and os.path.getsize(path) > 0


def made_here(directory, here):
    """True where DIR is empty, or its cpu.json is this CPU's."""
    recorded = recorded_identity(directory)
    if recorded is None:
        return not holds_campaign(directory)
    return not differences(recorded, here)


def record(directory, here, description):
    os.makedirs(directory, exist_ok=True)
    with open(os.path.join(directory, IDENTITY_FILE), "w") as f:
        json.dump(here, f, indent=1)
        f.write("\n")
    if description:
        with open(os.path.join(directory, DESCRIPTION_FILE), "w") as f:
            f.write(description + "\n")


def newest_run(directory):
    runs = os.path.join(directory, "runs")
    names = sorted(n for n in os.listdir(runs) if os.path.isdir(os.path.join(runs, n))) \
        if os.path.isdir(runs) else []
    return os.path.join(runs, names[-1]) if names else None


def place(directory, name, here, description, replace=False, now=None, merge=False):
    """(directory to write, the line saying so)."""
    if name == "ct.json" and made_here(directory, here):
        record(directory, here, description)
        return directory, "%s merged into %s" % (name, os.path.join(directory, name))
    if merge:
        for candidate in (directory, newest_run(directory)):
            if candidate and not os.path.exists(os.path.join(candidate, "bench.json")) \
                    and made_here(candidate, here):
                record(candidate, here, description)
                return candidate, "%s of these libraries merged into %s" % (name, os.path.join(candidate, name))
    if not merge and not replace:
        for candidate in (directory, newest_run(directory)):
            if candidate and name == "kat.json" and unfinished(os.path.join(candidate, name)) \
                    and made_here(candidate, here):
                return candidate, "continuing the unfinished %s" % os.path.join(candidate, name)
            if candidate and name == "bench.json" and bench_stopped(candidate) and made_here(candidate, here):
                return candidate, "continuing the bench run stopped in %s (its rows in %s)" % (
                    candidate, BENCH_JOURNAL)
    if replace:
        recorded = recorded_identity(directory)
        if recorded is None and holds_campaign(directory):
            raise PlaceError("%s records no CPU identity (%s): it cannot be replaced" % (directory, IDENTITY_FILE))
        diff = differences(recorded, here) if recorded else []
        if diff:
            raise PlaceError("%s was made on another CPU (%s): not replaced (another --system)"
                             % (directory, "; ".join(diff)))
        record(directory, here, description)
        return directory, "replacing %s in %s" % (name, directory)
    # A merged kat.json does not complete a bench run: the bench run after it
    # could not join, nor the next package's KAT run.
    if not merge and not os.path.exists(os.path.join(directory, name)) and made_here(directory, here):
        record(directory, here, description)
        return directory, "%s goes to %s" % (name, directory)
    run = newest_run(directory)
    if not merge and run and not os.path.exists(os.path.join(run, name)) and holds_campaign(run) \
            and made_here(run, here):
        return run, "%s goes to %s, beside the %s there" % (
            name, run, " and ".join(f for f in CAMPAIGN_FILES if os.path.exists(os.path.join(run, f))))
    # A run that failed before it measured anything is taken again, not
    # left beside a new one.
    if not merge and run and holds_no_result(run) and made_here(run, here):
        record(run, here, description)
        return run, "%s goes to %s (the run placed there left no result)" % (name, run)
    now = now or datetime.datetime.now(datetime.timezone.utc)
    run = os.path.join(directory, "runs", now.strftime("%Y%m%dT%H%M%SZ"))
    recorded = recorded_identity(directory)
    if recorded is None:
        why = "%s holds a campaign" % directory
    elif differences(recorded, here):
        why = "%s holds a campaign of another CPU (%s)" % (directory, "; ".join(differences(recorded, here)))
    else:
        why = "%s holds a campaign of this CPU" % directory
    record(run, here, description)
    return run, "%s, never overwritten: %s goes to %s" % (why, name, run)


def module_key(module):
    return (module.get("instance") or module.get("name"), module.get("variant"))


def current_modules(seed):
    """The modules of a kat.json whose files still have the SHA-256 checked."""
    kept = []
    for module in seed.get("modules", []):
        path, checked = module.get("path"), module.get("module_sha256")
        try:
            if path and checked and file_sha256(path) == checked:
                kept.append(module)
        except OSError:
            pass
    return kept


def load_kat(path):
    try:
        with open(path) as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        raise PlaceError("%s: unreadable kat.json: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("modules"), list):
        raise PlaceError("%s: not an ngcc-kat JSON document (no modules)" % path)
    return doc


def merge_kat(target, new, seed=None):
    """TARGET with NEW's modules in; returns (modules replaced, modules added)."""
    run = load_kat(new)
    if os.path.exists(target):
        doc = load_kat(target)
    else:
        doc = dict(run, modules=current_modules(load_kat(seed)) if seed and os.path.exists(seed) else [])
    # Whether a run ended is said of each run in "runs": the merged document
    # is never one run to continue (unfinished()).
    doc.pop("complete", None)
    keys = {module_key(m): i for i, m in enumerate(doc["modules"])}
    replaced = added = 0
    for module in run["modules"]:
        if module_key(module) in keys:
            doc["modules"][keys[module_key(module)]] = module
            replaced += 1
        else:
            keys[module_key(module)] = len(doc["modules"])
            doc["modules"].append(module)
            added += 1
    entry = {"date": run.get("date"), "command": run.get("command"),
             "modules": [m.get("module") for m in run["modules"]]}
    if "complete" in run:
        entry["complete"] = run["complete"]
    doc["runs"] = doc.get("runs", []) + [entry]
    doc["date"], doc["command"] = run.get("date"), run.get("command")
    tmp = target + ".partial"
    with open(tmp, "w") as f:
        json.dump(doc, f, indent=1)
        f.write("\n")
    os.replace(tmp, target)
    return replaced, added


# --- convert-schema1 ---------------------------------------------------------
# The facts a schema-1 bench.json lacks, as the report supplied them while it
# read schema 1 (tools/hashbench/report/candidates.py, its "SCHEMA-1 FALLBACK" tables
# ROUND1 and VARIANTS, removed since): the converter writes them into the
# context once, so the report has one input path (bench/SCHEMA.md, "Schema 1
# is no longer read").
# The five Round 1 candidates: id -> (family, title, parameter sets in the
# order of the published reports).
SCHEMA1_CANDIDATES = {
    "hash-01": ("AFS-TrEDM", "AFS-TrEDM",
                ["AFS-TrEDM-512", "AFS-TrEDM-768", "AFS-TrEDM-1024"]),
    "hash-14": ("Laurus", "Laurus",
                ["Laurus-512", "Laurus-768", "Laurus-1024", "Laurus-XOF"]),
    "hash-17": ("MasterCube", "MasterCube",
                ["MasterCube-512", "MasterCube-768", "MasterCube-1024"]),
    "hash-26": ("CHIME", "The Hash Function CHIME",
                ["CHIME-512", "CHIME-1024"]),
    "hash-33": ("Thunder", "Thunder Hash Family",
                ["Thunder-512", "Thunder-768", "Thunder-1024",
                 "Thunder-XOF-256", "Thunder-XOF-384", "Thunder-XOF-512"]),
}
# variant -> the implementation name the report gave it.
SCHEMA1_IMPLEMENTATIONS = {"ref": "reference", "opt": "optimized", "external": "external library"}
# variant -> its flags in cmake/NgccModule.cmake when schema 1 was written:
# the report's last resort where the context had no flags_<variant>.
SCHEMA1_FLAGS = {"ref": "-O2", "opt": "-O3 -march=x86-64-v3"}
CONVERTER = "tools/ngcc convert-schema1"
ROUND1_SOURCE = "SCHEMA1_CANDIDATES of hashbench.results (the report's schema-1 table ROUND1)"
VARIANTS_SOURCE = "SCHEMA1_IMPLEMENTATIONS and SCHEMA1_FLAGS of hashbench.results " \
    "(the report's schema-1 table VARIANTS)"
# ngcc_families' instance keys filled from a module entry's (SCHEMA.md §3).
INSTANCE_FACTS = (("kat_name", "kat_name"), ("digest_bits", "digest_bits"),
                  ("xof", "is_xof"), ("baseline", "compare_with"))


def compact(value):
    """A JSON document as the text of a context key, as bench writes it."""
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def members(text, pos):
    """[(key, key start, value start, value end)] of the JSON object that
    starts at pos, so a value can be replaced and the rest kept byte for byte."""
    decoder = json.JSONDecoder()
    out = []
    pos = _skip_space(text, pos + 1)
    while text[pos] != "}":
        key_start = pos
        key, pos = decoder.raw_decode(text, pos)
        start = _skip_space(text, _skip_space(text, pos) + 1)      # past the ':'
        _value, end = decoder.raw_decode(text, start)
        out.append((key, key_start, start, end))
        pos = _skip_space(text, end)
        if text[pos] == ",":
            pos = _skip_space(text, pos + 1)
    return out


def _skip_space(text, pos):
    while text[pos] in " \t\r\n":
        pos += 1
    return pos


def edited_context(text, context):
    """text with its context object's changed values replaced and its new
    keys added after the last, each laid out as the key before it; every
    other byte kept."""
    start = next(s for k, _ks, s, _e in members(text, text.index("{")) if k == "context")
    old = members(text, start)
    known = {k for k, _ks, _s, _e in old}
    edits = [(s, e, json.dumps(context[k], ensure_ascii=False))
             for k, _ks, s, e in old if context[k] != json.loads(text[s:e])]
    last_key_start, last_end = old[-1][1], old[-1][3]
    indent = text[text.rindex("\n", 0, last_key_start):last_key_start] \
        if "\n" in text[start:last_key_start] else " "
    added = "".join(",%s%s: %s" % (indent, json.dumps(k), json.dumps(v, ensure_ascii=False))
                    for k, v in context.items() if k not in known)
    edits.append((last_end, last_end, added))
    for s, e, value in sorted(edits, reverse=True):
        text = text[:s] + value + text[e:]
    return text


def fill_module(module, context, filled):
    """A schema-1 ngcc_modules entry with the schema-2 fields the report
    supplied for it; filled collects 'field: source' once per field."""
    out = dict(module)

    def fill(field, value, source):
        if out.get(field) in (None, "") and value not in (None, ""):
            out[field] = value
            filled.setdefault("ngcc_modules[]." + field, source)

    variant = module.get("variant")
    fill("instance", module.get("name"), "the entry's name")
    candidate = SCHEMA1_CANDIDATES.get(module.get("candidate_id"))
    fill("full_name", candidate and candidate[1], ROUND1_SOURCE)
    fill("implementation", SCHEMA1_IMPLEMENTATIONS.get(variant),
         VARIANTS_SOURCE + " (ref reference, opt optimized)")
    if module.get("kind") == "baseline":
        # Schema 1's flags_openssl was our EVP wrapper's compile line
        # (bench/SCHEMA.md, the opening): schema 2's wrapper_build_flags.
        fill("wrapper_build_flags", context.get("flags_openssl"), "context flags_openssl")
    else:
        fill("build_flags", context.get("flags_%s" % variant), "context flags_<variant>")
        fill("build_flags", SCHEMA1_FLAGS.get(variant),
             VARIANTS_SOURCE + " (no flags_<variant> in the context)")
    return out


def schema1_families(modules):
    """ngcc_families of the five Round 1 candidates, each instance with the
    facts the run's module entries hold of it."""
    entry = {}
    for module in modules:
        entry.setdefault(module.get("name"), module)
    families = []
    for candidate_id in sorted(SCHEMA1_CANDIDATES):
        family, title, names = SCHEMA1_CANDIDATES[candidate_id]
        instances = []
        for name in names:
            instance = {"name": name}
            for key, source in INSTANCE_FACTS:
                if entry.get(name, {}).get(source) is not None:
                    instance[key] = entry[name][source]
            instances.append(instance)
        families.append({"candidate_id": candidate_id, "family": family,
                         "full_name": title, "instances": instances})
    return families


def read_bench(path):
    """(text, document) of a bench.json; a bad one is a one-line PlaceError."""
    try:
        with open(path, encoding="utf-8") as f:
            text = f.read()
        doc = json.loads(text)
    except (OSError, UnicodeDecodeError, ValueError) as e:
        raise PlaceError("%s: unreadable bench.json: %s" % (path, e))
    if not isinstance(doc, dict) or not isinstance(doc.get("context"), dict) \
            or not isinstance(doc.get("benchmarks"), list):
        raise PlaceError("%s: not a bench.json (no context object and benchmarks array; "
                         "bench/SCHEMA.md)" % path)
    return text, doc


def converted_context(context, text_sha256):
    """The schema-2 context of a schema-1 one: ngcc_schema 2, the modules'
    and families' facts, and the record of what was filled from where."""
    try:
        modules = json.loads(context.get("ngcc_modules") or "[]")
    except ValueError as e:
        raise PlaceError("context.ngcc_modules: malformed JSON text: %s" % e)
    if not isinstance(modules, list) or not all(isinstance(m, dict) for m in modules):
        raise PlaceError("context.ngcc_modules: not an array of objects")
    filled = {"ngcc_families": ROUND1_SOURCE + " (candidates, titles, parameter sets) and the "
                               "module entries (kat_name, digest_bits, is_xof as xof, "
                               "compare_with as baseline)"}
    out = dict(context, ngcc_schema="2",
               ngcc_modules=compact([fill_module(m, context, filled) for m in modules]))
    out["ngcc_families"] = compact(schema1_families(modules))
    out["ngcc_converted_from"] = "schema 1 (bench.json sha256 %s)" % text_sha256
    out["ngcc_conversion"] = compact({"tool": CONVERTER, "rows": "unchanged, byte for byte",
                                      "filled": filled})
    return out


def convert_schema1(results_dir):
    """Rewrite RESULTS_DIR/bench.json of schema 1 as schema 2; returns the
    line saying what was done. Only the context changes."""
    path = os.path.join(results_dir, "bench.json")
    text, doc = read_bench(path)
    schema = doc["context"].get("ngcc_schema")
    if schema == "2":
        how = doc["context"].get("ngcc_converted_from")
        return "%s: schema 2 already (%s): nothing to do" % (
            path, "converted from %s" % how if how else "written by bench")
    if schema != "1":
        raise PlaceError("%s: context.ngcc_schema: expected \"1\", found %s" % (path, json.dumps(schema)))
    try:
        context = converted_context(doc["context"], file_sha256(path))
    except PlaceError as e:
        raise PlaceError("%s: %s" % (path, e))
    new = edited_context(text, context)
    written = json.loads(new)
    if json.dumps(written["benchmarks"]) != json.dumps(doc["benchmarks"]) or written["context"] != context:
        raise PlaceError("%s: the edit would not give the converted document: not converted "
                         "(a bug of %s)" % (path, CONVERTER))
    tmp = path + ".partial"
    with open(tmp, "w", encoding="utf-8") as f:
        f.write(new)
    os.replace(tmp, path)
    return "%s: converted from schema 1 to schema 2 (the context only; %d rows unchanged)" % (
        path, len(doc["benchmarks"]))
