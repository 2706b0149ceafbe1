"""Our field ranking set beside the published one: each candidate's first
instance in the hash table of the published x86_1 summary (transcribed once,
with its source, in published/x86_1-hash.json) against our measurement of
the submitted reference code of the same instance, both ranked by
cycles/byte at 64 KiB over the candidates present in both, and Spearman's
rank correlation of the two orders (docs/reports.md "Set beside the
published summary")."""

import math
import os
import re
from dataclasses import dataclass
from typing import Optional

from hashbench.report.formats import fmt_one_decimal, size_label
from hashbench.report.inputs import ReportError, ctx_text, load_document
from hashbench.report.model import BulletList, Code, Column, Heading, cell, inline, paragraph, table

PUBLISHED_HASH = os.path.join(os.path.dirname(os.path.abspath(__file__)), "published", "x86_1-hash.json")
SCHEMA = "ngcc-published-hash/1"
RANKED_SIZE = 65536
SIZES = ("32", "1024", "65536")
# The variant the submission builder gives a package's Reference_Implementation
# (docs/submissions.md, the table of implementation directories).
REFERENCE_VARIANT = "submitted-ref"
# Two ranks further apart than this get a line of the facts that may explain it.
FAR_APART = 5
# A rank correlation of fewer candidates says nothing.
FEWEST_FOR_CORRELATION = 3

# The page prints cycles as '2294', '23.7 k' or '12.08 M' (ngcc-harness
# performance/summary_x86_1.md at the commit the data file names).
_CYCLES = re.compile(r"^([0-9]+(?:\.[0-9]+)?)(?: ([kMG]))?$")
_SCALE = {None: 1.0, "k": 1e3, "M": 1e6, "G": 1e9}
_CANDIDATE_ID = re.compile(r"^hash-[0-9]{2}$")


@dataclass(frozen=True)
class PublishedRow:
    """A candidate's first row in the published hash table: cycles as printed
    (size in bytes as text -> '12.08 M'), their values, and the row's note
    (None where the page has '–')."""
    id: str
    algorithm: str
    instance: str
    printed: dict
    cycles: dict
    note: Optional[str]


@dataclass(frozen=True)
class Published:
    repository: str
    path: str
    commit: str
    system: str
    system_description: str
    rows: dict  # candidate id -> PublishedRow


def parse_cycles(text):
    """'2294' -> 2294.0, '23.7 k' -> 23700.0, '12.08 M' -> 12080000.0."""
    match = _CYCLES.match(text)
    if not match:
        raise ValueError("expected cycles as the page prints them ('2294', '23.7 k', '12.08 M'), found %r" % text)
    return float(match.group(1)) * _SCALE[match.group(2)]


def load_published(path=PUBLISHED_HASH):
    """The published table of path; a malformed file is one ReportError line."""
    ck, doc = load_document(path, SCHEMA)
    source = ck.get(doc, "source", "object", "")
    fields = [ck.get(source, key, "string", "source")
              for key in ("repository", "path", "commit", "system", "system_description")]
    rows = {}
    for i, entry in enumerate(ck.get(doc, "candidates", "array", "")):
        where = "candidates[%d]" % i
        ck.typed(entry, "object", where)
        cid = ck.get(entry, "id", "string", where)
        if not _CANDIDATE_ID.match(cid):
            ck.fail(where + ".id", "expected 'hash-NN', found %r" % cid)
        if cid in rows:
            ck.fail(where + ".id", "%s listed twice" % cid)
        printed = ck.get(entry, "cycles", "object", where)
        cycles = {}
        for size in SIZES:
            text = ck.get(printed, size, "string", where + ".cycles")
            try:
                cycles[int(size)] = parse_cycles(text)
            except ValueError as e:
                ck.fail("%s.cycles.%s" % (where, size), str(e))
        note = entry.get("note")
        if note is not None:
            ck.typed(note, "string", where + ".note")
        rows[cid] = PublishedRow(cid, ck.get(entry, "algorithm", "string", where),
                                 ck.get(entry, "first_instance", "string", where), dict(printed), cycles, note)
    if not rows:
        ck.fail("candidates", "no candidate")
    return Published(*fields, rows)


def _scipy_stats():
    # Only the field summary needs scipy (Debian python3-scipy); every other page is made without it.
    try:
        from scipy import stats
    except ImportError:
        raise ReportError("the field summary's rank correlation needs scipy (Debian package python3-scipy)")
    return stats


def ranks(values):
    """The place of each value, 1 = the lowest (the fastest); tied values
    share the mean of their places, as Spearman's coefficient counts them."""
    return [float(r) for r in _scipy_stats().rankdata(values, method="average")]


def spearman(ours, theirs):
    """Spearman's rho of two lists of figures, or None with fewer than
    FEWEST_FOR_CORRELATION, or when one side is all ties (no order to compare)."""
    if len(ours) < FEWEST_FOR_CORRELATION or len(set(ours)) < 2 or len(set(theirs)) < 2:
        return None
    rho = _scipy_stats().spearmanr(ours, theirs)[0]
    return None if math.isnan(rho) else float(rho)


@dataclass(frozen=True)
class Pair:
    """One candidate in both rankings."""
    family: object
    published: PublishedRow
    ours: float    # cycles/byte at RANKED_SIZE, this run
    theirs: float  # cycles/byte at RANKED_SIZE, the published row
    our_rank: float = 0.0
    their_rank: float = 0.0

    @property
    def difference(self):
        """Places our rank lies below (+) or above (−) the published one."""
        return self.our_rank - self.their_rank

    @property
    def difference_text(self):
        """'+2.5', '-7', '0'."""
        return "%+g" % self.difference if self.difference else "0"


def pairs(report, families, published):
    """([Pair] ranked, [(family, why it is not compared)]): the candidates of
    the run in the published table whose first instance's reference code
    this run measured at RANKED_SIZE."""
    found, left = [], []
    for fam in families:
        row = published.rows.get(fam.id)
        if row is None:
            left.append((fam, inline("not in the published table")))
            continue
        m = report.bench.get(row.instance, REFERENCE_VARIANT, RANKED_SIZE)
        if row.instance not in fam.instances or m is None or not m.ok:
            left.append((fam, inline("no ", Code("%s (%s)" % (row.instance, REFERENCE_VARIANT)),
                                     " measured at %s in this run" % size_label(RANKED_SIZE))))
            continue
        found.append(Pair(fam, row, report.cmp.basis(m), row.cycles[RANKED_SIZE] / RANKED_SIZE))
    ours = ranks([p.ours for p in found]) if found else []
    theirs = ranks([p.theirs for p in found]) if found else []
    ranked = [Pair(p.family, p.published, p.ours, p.theirs, o, t) for p, o, t in zip(found, ours, theirs)]
    return sorted(ranked, key=lambda p: (p.our_rank, p.family.id)), left


def _place(rank):
    """2.0 -> '2', 2.5 -> '2.5'."""
    return "%g" % rank


def _source(published):
    return inline(Code(published.path), " of ", Code(published.repository), " at commit ",
                  Code(published.commit))


def _table(report, ranked):
    columns = (Column("candidate", "candidate"), Column("instance", "instance"),
               Column("ours", "our %s" % report.cmp.basis_words(), "right", "lower"),
               Column("our_rank", "our rank", "right", "lower"),
               Column("published", "published cycles/byte (x86_1)", "right", "lower"),
               Column("published_rank", "published rank", "right", "lower"),
               Column("difference", "difference (places)", "right"))
    rows = [[cell("%s %s" % (p.family.id, p.family.name)),
             cell(Code(p.published.instance), " (%s)" % REFERENCE_VARIANT, value=p.published.instance),
             cell(fmt_one_decimal(p.ours), value=p.ours), cell(_place(p.our_rank), value=p.our_rank),
             cell(fmt_one_decimal(p.theirs), " (%s cycles)" % p.published.printed[str(RANKED_SIZE)], value=p.theirs),
             cell(_place(p.their_rank), value=p.their_rank), cell(p.difference_text, value=p.difference)]
            for p in ranked]
    return table(columns, rows, key="published-ranks")


def _correlation(ranked):
    rho = spearman([p.ours for p in ranked], [p.theirs for p in ranked])
    if len(ranked) < FEWEST_FOR_CORRELATION:
        return paragraph("%d candidate%s in both rankings: too few for a rank correlation (it needs %d)."
                         % (len(ranked), "" if len(ranked) == 1 else "s", FEWEST_FOR_CORRELATION))
    if rho is None:
        return paragraph("No rank correlation over the %d candidates in both: one ranking is all ties." % len(ranked))
    return paragraph("Spearman's rank correlation over the %d candidates in both: ρ = %.2f "
                     % (len(ranked), rho),
                     "(1: the same order, −1: the reverse; ", Code("scipy.stats.spearmanr"), ").")


def _machine(report):
    ctx = report.bench.context
    cpu = ctx_text(ctx, "cpu_model", default="CPU not recorded")
    arch = ctx_text(ctx, "microarchitecture")
    return "%s (%s%s)" % (report.system, cpu, ", %s" % arch if arch else "")


def _far_apart(report, published, ranked):
    """A line per candidate whose two ranks are more than FAR_APART places apart."""
    lines = []
    for p in ranked:
        if abs(p.difference) <= FAR_APART:
            continue
        note = (inline("the published row's note: “%s”" % p.published.note) if p.published.note
                else inline("the published row has no note"))
        lines.append(inline(
            "%s %s, " % (p.family.id, p.family.name), Code(p.published.instance),
            ": our rank %s, published %s (%s places). Our library's flags: "
            % (_place(p.our_rank), _place(p.their_rank), p.difference_text),
            report.flags(p.published.instance, REFERENCE_VARIANT), "; ", note,
            "; measured on %s, the published on %s (%s)." % (_machine(report), published.system,
                                                             published.system_description)))
    if not lines:
        return paragraph("No candidate's two ranks are more than %d places apart." % FAR_APART)
    return [paragraph("Ranks more than %d places apart, with the facts that may explain it:" % FAR_APART),
            BulletList(tuple(lines))]


def published_section(report, families, published):
    """The field summary's section 'Set beside the published summary (x86_1)'."""
    heading = Heading(2, "Set beside the published summary (%s)" % published.system)
    if not any(fam.id in published.rows for fam in families):
        return [heading, paragraph("No candidate of this run is in the published %s hash table (" % published.system,
                                   _source(published), ").")]
    # A campaign of our own implementations measured no submitted code: the
    # published ranking is of the submitted reference code only.
    if not any(m.variant == REFERENCE_VARIANT for m in report.bench.measurements.values()):
        return [heading, paragraph("This run measured no submitted reference code (no ", Code(REFERENCE_VARIANT),
                                   " library), which is what the published %s table ranks (" % published.system,
                                   _source(published), ").")]
    ranked, left = pairs(report, families, published)
    blocks = [heading, paragraph(
        "Each candidate's first instance in the hash table of ", _source(published),
        " (system %s: %s; mean cycles) beside our " % (published.system, published.system_description),
        Code(REFERENCE_VARIANT), " library of the same instance in this run (system %s), ranked by cycles/byte at %s "
        % (report.system, size_label(RANKED_SIZE)),
        "over the candidates in both: 1 is the fastest, tied figures share the mean of their places. The published "
        "cycles are printed to three or four significant figures, so close candidates may tie. Different "
        "micro-architectures, compilers and flags move ranks; the rank correlation says how far the two orders agree.")]
    if ranked:
        blocks.append(_table(report, ranked))
    blocks.append(_correlation(ranked))
    if ranked:
        blocks.append(_far_apart(report, published, ranked))
    if left:
        blocks += [paragraph("Not compared:"),
                   BulletList(tuple(inline("%s %s: " % (fam.id, fam.name), why) for fam, why in left))]
    return blocks
