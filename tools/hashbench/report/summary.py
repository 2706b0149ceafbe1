"""The summary page: every measured parameter set and baseline ranked at two
sizes, with the relative figures of the candidate reports."""


from hashbench.report.bench import skipped_entries
from hashbench.report.candidates import all_parameter_sets
from hashbench.report.environment import emulated
from hashbench.report.formats import fmt_mbs, fmt_one_decimal, size_label
from hashbench.report.inputs import ctx_text
from hashbench.report.model import Code, Column, Heading, Link, cell, inline, join, page, paragraph, table

RANKED_SIZES = (1024, 65536)


def skipped_modules(text):
    """bench's skipped_modules grouped by reason, details in parentheses
    dropped: [('not built', ['A/ref', ...]), ...]."""
    groups = {}
    for name, reason in skipped_entries(text):
        reason = _without_details(reason) or "no reason given"
        groups.setdefault(reason, []).append(name)
    return sorted(groups.items())


def _without_details(reason):
    """The reason without a last parenthesis that holds something (which
    may hold parentheses itself)."""
    reason = reason.strip()
    if not reason.endswith(")"):
        return reason
    depth = 0
    for i in range(len(reason) - 1, -1, -1):
        depth += {")": 1, "(": -1}.get(reason[i], 0)
        if depth == 0:
            return reason if i == len(reason) - 2 else reason[:i].strip()
    return reason


def _optional(value):
    return cell("–", value=None) if value is None else cell(fmt_one_decimal(value), value=value)


def summary(report, families):
    """The summary page of the campaign."""
    b, c = report.bench, report.cmp
    fam_of = {i: f for f in families for i in f.instances}
    with_best = any(m.best_cpb is not None for m in b.measurements.values())
    absent = [i for i in all_parameter_sets(b) if i not in b.order]
    skipped = skipped_modules(ctx_text(b.context, "skipped_modules", default=""))
    not_pass = [(i, v) for f in families for i, v in report.rows(f)
                if report.kat_cell(i, v) != "PASS"]
    title = "Summary — all parameter sets (system %s)" % report.system
    rankings = []
    for size in RANKED_SIZES:
        rankings += [Heading(2, size_label(size)), ranking_table(report, size, fam_of, with_best)]
    return page(
        "summary", title,
        Heading(1, title),
        paragraph(emulated(b)),
        paragraph("Ranked by %s (lower is faster) at %s, with the figures of the candidate reports "
                  "(docs/reports.md). Baselines (OpenSSL EVP) were measured in the same run. "
                  % (c.basis_words(), " and ".join(size_label(s) for s in RANKED_SIZES)),
                  c.explanation() if c.active else c.absent(),
                  " Per-candidate reports: ",
                  join([Link("%s.md" % f.stem, inline(f.stem)) for f in families]), "."),
        rankings,
        paragraph("Parameter sets not measured in this run: %s." % ", ".join(absent) if absent else ""),
        [paragraph("Skipped by the bench (%s): %s." % (reason, ", ".join(names))) for reason, names in skipped],
        paragraph("KAT not PASS (see the candidate report §3): %s."
                  % ", ".join("%s/%s (%s)" % (i, v, report.kat_cell(i, v)) for i, v in not_pass)
                  if not_pass else ""),
    )


def ranking_table(report, size, fam_of, with_best):
    """Candidate instances and baselines at one size, fastest first."""
    b, c = report.bench, report.cmp
    entries = []
    for inst in b.order:
        for var in b.variants(inst):
            m = b.get(inst, var, size)
            if m is None or not m.ok or c.basis(m) is None:
                continue
            if inst in fam_of:
                who, kat = fam_of[inst].id, report.kat_cell(inst, var)
            elif b.is_baseline(inst, var):
                who, kat = "baseline", "–"
            else:
                continue
            entries.append((c.basis(m), inst, var, who, kat, m))
    if not entries:
        return paragraph("No measurement at this size.")
    entries.sort(key=lambda e: (e[0], e[1], e[2]))
    columns = [Column("rank", "rank", "right", "lower"), Column("instance", "instance"),
               Column("variant", "variant"), Column("candidate", "candidate"),
               Column("cpb", "cycles/byte", "right", "lower")]
    if c.cpu_basis:
        columns.append(Column("cpu_cpb", "cycles/byte (CPU time)", "right", "lower"))
    columns.append(Column("mbs", "MB/s", "right", "higher"))
    if c.active:
        columns.append(Column("relative", "relative", "right", "lower"))
    if with_best:
        columns.append(Column("best_cpb", "cycles/byte (best call)", "right", "lower"))
        if c.active:
            columns.append(Column("relative_best", "relative (best call)", "right", "lower"))
    columns.append(Column("kat", "KAT"))
    rows = []
    for rank, (_key, inst, var, who, kat, m) in enumerate(entries, 1):
        cells = [cell(str(rank), value=rank), cell(Code(inst), value=inst), var, who,
                 cell(fmt_one_decimal(m.cpb), value=m.cpb)]
        if c.cpu_basis:
            cells.append(cell(fmt_one_decimal(m.cpu_cpb), value=m.cpu_cpb))
        cells.append(cell(fmt_mbs(m.mb_per_s), value=m.mb_per_s))
        if c.active:
            cells.append(c.cell(m))
        if with_best:
            cells.append(_optional(m.best_cpb))
            if c.active:
                cells.append(c.cell(m, best=True))
        rows.append(cells + [kat])
    return table(columns, rows)
