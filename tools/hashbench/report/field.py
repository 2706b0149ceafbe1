"""The field summary: every candidate of a field run on one page, in the layout of the
published summary (cycles at 32 B, 1 KiB and 64 KiB with a relative figure,
⚠ where a KAT file does not reproduce its manifest, one-line notes), with the constant-time
verdict as one more column; the ranking plot at 64 KiB; and that ranking set beside the
published one (published.py)."""

from hashbench.report.formats import fmt_cycles, fmt_ratio, fmt_ratio_interval, size_label
from hashbench.report.inputs import load_document
from hashbench.report.kat import KAT_KINDS
from hashbench.report.model import (Bar, BarChart, BulletList, Code, Column, Facet, Figure, Heading, Row,
                          cell, inline, page, paragraph, table)
from hashbench.report.published import load_published, published_section

FIELD_SIZES = (32, 1024, 65536)
RANKED_SIZE = 65536


def field_rows(report, families):
    """(family, instance, variant) of every library of every candidate, in
    candidate order: measured or not, as §3 lists them."""
    rows = []
    for fam in sorted(families, key=lambda f: f.id):
        for inst, var in report.kat_rows(fam):
            rows.append((fam, inst, var))
    return rows


def _cycles_cell(report, inst, var, size):
    m = report.bench.get(inst, var, size)
    if m is None or not m.ok:
        return cell("–", value=None)
    text = fmt_cycles(m.mean_cycles)
    ratio = report.cmp.ratio(m) if report.cmp.active else None
    if ratio is not None:
        point, low, high = ratio
        text += " (%s)" % (fmt_ratio(point) if low is None else fmt_ratio_interval(point, low, high))
    if m.calls < 100:
        text += " n=%d" % m.calls
    return cell(text, value=m.mean_cycles)


def _kat_cell(report, inst, var):
    """(the verdict, ⚠?): PASS; the files run where not all four were
    ('2_12 PASS, 2_23 PASS; 2_33, Loop not run'); FAIL, SKIP, not run with
    the reason in the notes. ⚠: a file does not reproduce the manifest."""
    km = report.kat_module(inst, var)
    kat = report.kat_cell(inst, var)
    if km is None or km.skipped or kat in ("PASS", "not run"):
        return kat.split(" (", 1)[0], False
    states = [(k, km.status(k)) for k in KAT_KINDS]
    if {s for _k, s in states} - {"not run"} == {"no manifest"}:
        return "no manifest", False
    ran = ", ".join("%s %s" % (k, s) for k, s in states if s != "not run")
    missing = [k for k, s in states if s == "not run"]
    cell = ran + ("; %s not run" % ", ".join(missing) if missing else "")
    return cell, any(s == "FAIL" for _k, s in states)


def _ct_cell(report, inst, var):
    entry = report.ct_entry(inst, var)
    if entry is None:
        return "not run"
    if entry.status == "PASS":
        return "PASS"
    if entry.status == "FAIL":
        return "FAIL: %d site%s" % (len(entry.sites), "" if len(entry.sites) == 1 else "s")
    return entry.status


def _notes(report, inst, var):
    """The row's notes as (head, note): the note in full, and its head
    alone ('not measured') to stand for it where rows share it."""
    notes = []
    kat = report.kat_cell(inst, var)
    if kat.startswith(("FAIL", "SKIP")) or (kat == "not run" and report.kat):
        notes.append(("KAT " + kat.split(" (", 1)[0], "KAT %s" % kat))
    entry = report.ct_entry(inst, var)
    if entry is not None:
        if entry.status == "FAIL":
            notes.append(("first message-dependent site", "first message-dependent site: %s" % entry.sites[0][1]))
        elif entry.why:
            head = "constant-time check %s" % entry.status
            notes.append((head, "%s: %s" % (head, entry.why)))
    why = dict(report.bench_skipped()).get("%s/%s" % (inst, var))
    if why:
        notes.append(("not measured", "not measured: %s" % why))
    return notes


def _letter(index):
    """a, b, … z, aa, ab, …"""
    text = ""
    index += 1
    while index:
        index, rest = divmod(index - 1, 26)
        text = chr(ord("a") + rest) + text
    return text


def _notes_cells(rows_notes):
    """One notes cell per row, and the notes several rows share, stated
    once under the table: a note with more than its head, found in more
    than one row, is '<head> (a)' in its rows and '(a) <note>' below (on an
    AVX2-only CPU every avx512 row has the same reason)."""
    count = {}
    for notes in rows_notes:
        for head, note in notes:
            if note != head:
                count[note] = count.get(note, 0) + 1
    letters = {}
    cells = []
    for notes in rows_notes:
        parts = []
        for head, note in notes:
            if count.get(note, 0) > 1:
                letters.setdefault(note, _letter(len(letters)))
                parts.append("%s (%s)" % (head, letters[note]))
            else:
                parts.append(note)
        cells.append("; ".join(parts) or "–")
    shared = [inline("(%s) %d rows: %s" % (letter, count[note], note)) for note, letter in letters.items()]
    return cells, [paragraph("Notes shared by several rows:"), BulletList(tuple(shared))] if shared else []


def parse_field(path):
    """field.json (tools/hashbench/field.py): each package's build lines, or None."""
    ck, doc = load_document(path, "ngcc-field/1")
    packages = []
    for name, entry in sorted(ck.get(doc, "packages", "object", "").items()):
        where = "packages.%s" % name
        ck.typed(entry, "object", where)
        lines = [ck.typed(line, "string", "%s.lines[%d]" % (where, i))
                 for i, line in enumerate(ck.get(entry, "lines", "array", where))]
        packages.append((name, ck.get(entry, "status", "integer", where), lines))
    return packages


def packages_table(packages):
    """One row per package: the builder's summary line and its first failure."""
    rows = []
    for name, status, lines in packages:
        summary = lines[-1].split("; campaign entries in", 1)[0] if lines else "exit %d, no output" % status
        failure = next((l for l in lines if l.startswith("FAIL")), "–")
        rows.append([cell(Code(name), value=name), summary, failure])
    return table(("package", Column("build", "build (tools/ngcc submission build)"),
                  Column("failure", "first failure")), rows)


# The filters of the field table: facet key -> label.
FACETS = (Facet("candidate", "candidate"), Facet("width", "digest width"), Facet("xof", "XOF"),
          Facet("variant", "variant"), Facet("kat", "KAT"), Facet("ct", "constant time"))


def _facets(report, fam, inst, var, kat, ct):
    """The row's values of FACETS; width and XOF from the module record."""
    mod = report.bench.module(inst, var)
    bits = mod.get("digest_bits")
    xof = mod.get("is_xof")
    return (("candidate", "%s %s" % (fam.id, fam.name)),
            ("width", "%d bits" % bits if isinstance(bits, int) and not isinstance(bits, bool) else "–"),
            ("xof", {True: "XOF", False: "fixed length"}.get(xof, "–")),
            ("variant", var), ("kat", kat.split(":", 1)[0]), ("ct", ct.split(":", 1)[0]))


def field_table(report, families):
    """The field table: one row per library, its notes shared where they are."""
    c = report.cmp
    against = " (× %s)" % c.short_words() if c.active else ""
    columns = [Column("id", "id"), Column("algorithm", "algorithm"), Column("instance", "instance")]
    columns += [Column("cycles_%d" % s, "%s cycles%s" % (size_label(s), against), "right", "lower")
                for s in FIELD_SIZES]
    columns += [Column("kat", "KAT"), Column("ct", "constant time"), Column("notes", "notes")]
    listed = field_rows(report, families)
    notes, shared = _notes_cells([_notes(report, inst, var) for _fam, inst, var in listed])
    rows = []
    for (fam, inst, var), note in zip(listed, notes):
        kat, warn = _kat_cell(report, inst, var)
        ct = _ct_cell(report, inst, var)
        cells = [cell(fam.id), cell(fam.title),
                 cell(Code(inst), " (%s)%s" % (var, " ⚠" if warn else ""), value="%s (%s)" % (inst, var))]
        cells += [_cycles_cell(report, inst, var, s) for s in FIELD_SIZES]
        cells += [cell(kat), cell(ct), cell(note)]
        rows.append(Row(tuple(cells), _facets(report, fam, inst, var, kat, ct)))
    if not rows:
        return paragraph("No library in this run.")
    return table(columns, rows, notes=shared, facets=FACETS, key="field")


def field_summary(report, families, packages=None):
    """The field page of the campaign (packages: parse_field's, or None)."""
    c = report.cmp
    title = "Field summary — every candidate of this run (system %s)" % report.system
    return page(
        "field", title,
        Heading(1, title),
        paragraph("%d candidates, every library of each as §3 of its report lists it (measured or not). "
                  "Cycles are the mean of all timed calls in the figures of the candidate reports "
                  "(docs/reports.md); in parentheses the relative figure against the same-run baseline. "
                  % len(families),
                  c.explanation() if c.active else c.absent(),
                  " KAT: PASS when all four official files reproduce the manifest, else the files run "
                  "and their verdicts; ⚠ marks a library a file of which does not reproduce the manifest "
                  "(the reason in the notes). The constant-time column is ", Code("tools/ngcc ct"),
                  "'s verdict (valgrind memcheck with the message marked undefined): evidence from "
                  "running the code, not from reading it. ", Code("–"), ": not measured; ", Code("n="),
                  ": fewer than 100 timed calls."),
        field_table(report, families),
        ranking_figure(report, families) if report.plots else None,
        published_section(report, families, load_published()),
        [Heading(2, "Packages"), packages_table(packages)] if packages else None,
    )


def ranking_figure(report, families):
    """Horizontal bars: cycles/byte at 64 KiB of every measured library and
    baseline, fastest on top, log scale."""
    b = report.bench
    bars = []
    for fam, inst, var in field_rows(report, families):
        m = b.get(inst, var, RANKED_SIZE)
        if m is not None and m.ok:
            bars.append(Bar("%s %s" % (inst, var), report.cmp.basis(m), "library"))
    for name in b.baselines():
        inst, _, var = name.rpartition("/")
        m = b.get(inst, var, RANKED_SIZE)
        if m is not None and m.ok:
            bars.append(Bar("%s (baseline)" % inst, report.cmp.basis(m), "baseline"))
    # Drawn bottom up: the slowest first puts the fastest on top.
    bars.sort(key=lambda bar: (-bar.value, bar.label))
    return Figure("field-ranking", "cycles/byte at %s" % size_label(RANKED_SIZE),
                  "Field ranking at %s (system %s)" % (size_label(RANKED_SIZE), report.system),
                  BarChart("%s at %s (log scale)" % (report.cmp.basis_words(), size_label(RANKED_SIZE)),
                           tuple(bars)))
