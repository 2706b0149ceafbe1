"""summary.md: every measured parameter set and baseline ranked at two
sizes, with the relative figures of the candidate reports."""


from report.bench import skipped_entries
from report.candidates import all_parameter_sets
from report.environment import emulated
from report.formats import fmt_mbs, fmt_one_decimal, size_label
from report.inputs import ctx_text
from report.markdown import code, fill, md_table

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
    return "–" if value is None else fmt_one_decimal(value)


def summary(report, families):
    b, c = report.bench, report.cmp
    fam_of = {i: f for f in families for i in f.instances}
    with_best = any(m.best_cpb is not None for m in b.measurements.values())
    absent = [i for i in all_parameter_sets(b) if i not in b.order]
    skipped = skipped_modules(ctx_text(b.context, "skipped_modules", default=""))
    not_pass = [(i, v) for f in families for i, v in report.rows(f)
                if report.kat_cell(i, v) != "PASS"]
    return fill(
        "summary",
        system=report.system, basis=c.basis_words(), emulated=emulated(b),
        ranked_sizes=" and ".join(size_label(s) for s in RANKED_SIZES),
        relative=(c.explanation() if c.active else c.absent()),
        reports=", ".join("[%s](%s.md)" % (f.stem, f.stem) for f in families),
        rankings="\n\n".join(
            fill("ranking", size=size_label(size),
                 table=ranking_table(report, size, fam_of, with_best))
            for size in RANKED_SIZES),
        not_measured=("Parameter sets not measured in this run: %s."
                      % ", ".join(absent) if absent else ""),
        skipped="\n\n".join("Skipped by the bench (%s): %s." % (reason, ", ".join(names))
                            for reason, names in skipped),
        kat_not_pass=("KAT not PASS (see the candidate report §3): %s."
                      % ", ".join("%s/%s (%s)" % (i, v, report.kat_cell(i, v))
                                  for i, v in not_pass) if not_pass else ""),
    ) + "\n"


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
        return "No measurement at this size."
    entries.sort(key=lambda e: (e[0], e[1], e[2]))
    header = ["rank", "instance", "variant", "candidate", "cycles/byte"]
    if c.cpu_basis:
        header.append("cycles/byte (CPU time)")
    header.append("MB/s")
    if c.active:
        header.append("relative")
    if with_best:
        header.append("cycles/byte (best call)")
        if c.active:
            header.append("relative (best call)")
    rows = []
    for rank, (_key, inst, var, who, kat, m) in enumerate(entries, 1):
        cells = [str(rank), code(inst), var, who, fmt_one_decimal(m.cpb)]
        if c.cpu_basis:
            cells.append(fmt_one_decimal(m.cpu_cpb))
        cells.append(fmt_mbs(m.mb_per_s))
        if c.active:
            cells.append(c.cell(m))
        if with_best:
            cells.append(_optional(m.best_cpb))
            if c.active:
                cells.append(c.cell(m, best=True))
        rows.append(cells + [kat])
    return md_table(header + ["KAT"], rows)
