"""tools/ngcc check: every committed campaign is what its evidence says.

    tools/ngcc check [RESULTS_DIR...]   (--root DIR: another repository)

For every campaign directory (default: each results/<system>/ holding a
bench.json), as the published campaign's `make -C performance check` does
for its pages:

- its reports are regenerated from bench.json, kat.json, ct.json and the
  guide records (every figure recomputed from the per-repetition or
  per-trial values) into a scratch directory, and every page and plot of
  report/ must be byte-for-byte what that gives, none missing, none extra;
- every KAT verdict of kat.json is checked against the official manifest
  (candidates/<id>-<name>/kat.sha256): a PASS names a manifest entry whose digest is
  both the expected and the computed one;
- no file of the campaign records an absolute path or one outside the
  repository: evidence is read the same on every machine.

Then the static site of every campaign (tools/ngcc site) is made into a
scratch directory: it must be made, and every link and image of its pages
must resolve.

One line per problem, naming the file; exit 0 all good, 1 a problem found,
2 the check itself could not run (bad usage, an unreadable input).
"""

import argparse
import json
import os
import re
import sys
import tempfile

from hashbench import ROOT
from hashbench.report.cli import generate
from hashbench.report.inputs import ReportError
from hashbench.report.site import build_site
from hashbench.report.site_links import link_problems

# A quoted absolute path (JSON, logs) or a Markdown one: "/work/…", `/home/…`.
ABSOLUTE_PATH = re.compile(r"""(?:^|["'`(\s=])(/(?:home|root|tmp|work|usr/local|opt|mnt|srv|var)/[^\s"'`)]*)""")
EVIDENCE_SUFFIXES = (".json", ".log", ".md", ".txt", ".yaml")


class CheckError(Exception):
    """The check could not run: one line."""


def campaign_directories(root):
    """results/<system>/ directories of the repository that hold a bench.json."""
    results = os.path.join(root, "results")
    if not os.path.isdir(results):
        return []
    return sorted(os.path.join(results, d) for d in os.listdir(results)
                  if os.path.isfile(os.path.join(results, d, "bench.json")))


def report_problems(campaign, root):
    """The pages of campaign/report that its evidence does not regenerate byte for byte."""
    committed = os.path.join(campaign, "report")
    if not os.path.isdir(committed):
        return ["%s: no report/ to check (tools/ngcc report %s writes it)" % (rel(campaign, root), rel(campaign, root))]
    problems = []
    with tempfile.TemporaryDirectory() as scratch:
        try:
            generate(campaign, scratch, field=os.path.isfile(os.path.join(committed, "field.md")))
        except ReportError as e:
            return ["%s: its evidence does not make a report: %s" % (rel(campaign, root), e)]
        made, kept = set(os.listdir(scratch)), set(os.listdir(committed))
        for name in sorted(kept - made):
            problems.append("%s: not made by the evidence (a page of an older report?)"
                            % rel(os.path.join(committed, name), root))
        for name in sorted(made - kept):
            problems.append("%s: missing (the evidence makes it)" % rel(os.path.join(committed, name), root))
        for name in sorted(made & kept):
            with open(os.path.join(scratch, name), "rb") as f:
                expected = f.read()
            with open(os.path.join(committed, name), "rb") as f:
                actual = f.read()
            if expected != actual:
                problems.append("%s: differs from what the evidence regenerates (%s)"
                                % (rel(os.path.join(committed, name), root), first_difference(expected, actual, name)))
    return problems


def first_difference(expected, actual, name):
    """Where two versions of a page first differ, in words."""
    if not name.endswith(".md"):
        return "%d bytes regenerated, %d committed" % (len(expected), len(actual))
    new, old = expected.decode("utf-8", "replace").splitlines(), actual.decode("utf-8", "replace").splitlines()
    for number, (a, b) in enumerate(zip(new, old), 1):
        if a != b:
            column = next((i for i, (x, y) in enumerate(zip(a, b)) if x != y), min(len(a), len(b)))
            return "line %d column %d reads %r, the evidence gives %r" % (
                number, column + 1, clip(b, column), clip(a, column))
    return "%d lines regenerated, %d committed" % (len(new), len(old))


def clip(text, column, width=100):
    """Up to `width` characters of `text` around `column` (where two lines
    differ), an ellipsis for what is left out."""
    start = max(0, min(column - width // 4, len(text) - width + 1))
    end = start + width - 1
    return ("…" if start else "") + text[start:end] + ("…" if end < len(text) else "")


def manifest_digests(root):
    """manifest entry ('CHIME-512/KAT_2_12_CHIME-512.txt') -> official digest."""
    digests = {}
    for name in sorted(os.listdir(os.path.join(root, "candidates"))):
        manifest = os.path.join("candidates", name, "kat.sha256")
        if not os.path.isfile(os.path.join(root, manifest)):
            continue
        with open(os.path.join(root, manifest), encoding="utf-8") as f:
            for number, line in enumerate(f, 1):
                words = line.split()
                if not words or line.startswith("#"):
                    continue
                if len(words) != 3 or not re.fullmatch(r"[0-9a-f]{64}", words[0]):
                    raise CheckError("%s:%d: expected '<sha256> <mode> <entry>'" % (manifest, number))
                digests[words[2]] = words[0]
    return digests


def kat_problems(campaign, root, digests):
    """Every PASS of campaign/kat.json held against the official manifest."""
    path = os.path.join(campaign, "kat.json")
    if not os.path.isfile(path):
        return []
    try:
        with open(path, encoding="utf-8") as f:
            doc = json.load(f)
    except (OSError, ValueError) as e:
        return ["%s: unreadable: %s" % (rel(path, root), e)]
    problems = []
    for module in doc.get("modules", []):
        for file in module.get("files", []):
            if file.get("status") != "PASS":
                continue
            where = "%s: %s %s" % (rel(path, root), module.get("module"), file.get("file"))
            official = digests.get(file.get("manifest_entry"))
            if official is None:
                problems.append("%s: PASS, but the manifest has no entry %r" % (where, file.get("manifest_entry")))
            elif file.get("expected_sha256") != official:
                problems.append("%s: PASS against %s, but the manifest's digest is %s"
                                % (where, file.get("expected_sha256"), official))
            elif file.get("canonical_sha256") != official:
                problems.append("%s: PASS, but the file's digest %s is not the manifest's %s"
                                % (where, file.get("canonical_sha256"), official))
    return problems


def path_problems(campaign, root):
    """Absolute local paths in the campaign's text files: the first of each file."""
    problems = []
    for directory, _, files in os.walk(campaign):
        if os.path.relpath(directory, campaign).split(os.sep)[0] == "runs":
            continue  # a user's runs beside the campaign are never committed
        for name in sorted(files):
            if not name.endswith(EVIDENCE_SUFFIXES):
                continue
            path = os.path.join(directory, name)
            with open(path, encoding="utf-8", errors="replace") as f:
                for number, line in enumerate(f, 1):
                    match = ABSOLUTE_PATH.search(line)
                    if match:
                        problems.append("%s:%d: an absolute local path %s (evidence records paths relative "
                                        "to the repository)" % (rel(path, root), number, clip(match.group(1), 80)))
                        break
    return problems


def site_problems(root):
    """The site of root's campaigns: made, every link and image resolving;
    (its summary line, one line per problem)."""
    with tempfile.TemporaryDirectory() as scratch:
        try:
            written = build_site(os.path.join(root, "results"), scratch)
        except ReportError as e:
            return "FAIL site: not made", ["site: %s" % e]
        problems = ["site: %s" % p for p in link_problems(scratch)]
    pages = sum(1 for name in written if name.endswith(".html"))
    if problems:
        return "FAIL site: %d pages, %d problem(s)" % (pages, len(problems)), problems
    return "ok   site: %d pages made, every link and image resolves" % pages, []


def rel(path, root):
    return os.path.relpath(path, root)


def main(argv=None):
    ap = argparse.ArgumentParser(prog="tools/ngcc check", description=__doc__.split("\n\n")[0])
    ap.add_argument("campaigns", nargs="*", help="campaign directories (default: every results/<system>/)")
    ap.add_argument("--root", default=ROOT, help="the repository (default: this one)")
    a = ap.parse_args(argv)
    root = os.path.abspath(a.root)
    try:
        campaigns = [os.path.abspath(c) for c in a.campaigns] or campaign_directories(root)
        if not campaigns:
            raise CheckError("no campaign under %s" % os.path.join(root, "results"))
        digests = manifest_digests(root)
        problems = []
        for campaign in campaigns:
            if not os.path.isfile(os.path.join(campaign, "bench.json")):
                raise CheckError("%s: no bench.json: not a campaign directory" % campaign)
            found = report_problems(campaign, root) + kat_problems(campaign, root, digests) \
                + path_problems(campaign, root)
            print("%s %s: %s" % ("FAIL" if found else "ok  ", rel(campaign, root),
                                 "%d problem(s)" % len(found) if found else
                                 "every page regenerated byte for byte, every KAT verdict holds, no local path"),
                  flush=True)
            problems += found
        if not a.campaigns:
            line, found = site_problems(root)
            print(line, flush=True)
            problems += found
    except (CheckError, OSError) as e:
        print("ngcc check: %s" % e, file=sys.stderr)
        return 2
    for line in problems:
        print(line)
    return 1 if problems else 0
