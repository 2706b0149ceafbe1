"""field.md: every candidate of a field run on one page, in the layout of the
published summary (cycles at 32 B, 1 KiB and 64 KiB with a relative figure,
⚠ where a KAT file does not reproduce its manifest, one-line notes), with the constant-time
verdict as one more column; and the ranking plot at 64 KiB."""

from report.inputs import load_document
from report.kat import KAT_KINDS
from report.formats import fmt_cycles, fmt_ratio, fmt_ratio_interval, size_label
from report.markdown import code, fill, md_table
from report.plots import save_png

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
        return "–"
    text = fmt_cycles(m.mean_cycles)
    ratio = report.cmp.ratio(m) if report.cmp.active else None
    if ratio is not None:
        point, low, high = ratio
        text += " (%s)" % (fmt_ratio(point) if low is None else fmt_ratio_interval(point, low, high))
    if m.calls < 100:
        text += " n=%d" % m.calls
    return text


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
    if not report.ct:
        return "not run"
    sha = report.bench.module(inst, var).get("sha256") or ""
    entry = report.ct.find(inst, var, sha)
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
    if report.ct:
        sha = report.bench.module(inst, var).get("sha256") or ""
        entry = report.ct.find(inst, var, sha)
        if entry is not None and entry.status == "FAIL":
            notes.append(("first message-dependent site", "first message-dependent site: %s" % entry.sites[0][1]))
        elif entry is not None and entry.why:
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
    shared = ["- (%s) %d rows: %s" % (letter, count[note], note) for note, letter in letters.items()]
    return cells, "Notes shared by several rows:\n\n" + "\n".join(shared) if shared else ""


def parse_field(path):
    """field.json (tools/ngcc_field.py): each package's build lines, or None."""
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
        rows.append([code(name), summary, failure])
    return md_table(("package", "build (tools/ngcc submission build)", "first failure"), rows)


def field_summary(report, families, plot_name=None, packages=None):
    c = report.cmp
    header = ["id", "algorithm", "instance"]
    against = " (× %s)" % c.short_words() if c.active else ""
    header += ["%s cycles%s" % (size_label(s), against) for s in FIELD_SIZES]
    header += ["KAT", "constant time", "notes"]
    rows = []
    listed = field_rows(report, families)
    notes, shared = _notes_cells([_notes(report, inst, var) for _fam, inst, var in listed])
    for (fam, inst, var), note in zip(listed, notes):
        kat, warn = _kat_cell(report, inst, var)
        rows.append([fam.id, fam.title, "%s (%s)%s" % (code(inst), var, " ⚠" if warn else "")]
                    + [_cycles_cell(report, inst, var, s) for s in FIELD_SIZES]
                    + [kat, _ct_cell(report, inst, var), note])
    table = md_table(header, rows) if rows else "No library in this run."
    return fill("field", system=report.system, candidates=str(len(families)),
                relative=c.explanation() if c.active else c.absent(),
                table=table + "\n\n" + shared if shared else table,
                packages="## Packages\n\n" + packages_table(packages) if packages else "",
                plot="![cycles/byte at %s](%s)" % (size_label(RANKED_SIZE), plot_name)
                if plot_name else "") + "\n"


def plot_field(path, report, families):
    """Horizontal bars: cycles/byte at 64 KiB of every measured library and
    baseline, fastest on top, log scale."""
    import matplotlib
    matplotlib.use("Agg")
    from matplotlib import pyplot as plt

    b = report.bench
    bars = []
    for fam, inst, var in field_rows(report, families):
        m = b.get(inst, var, RANKED_SIZE)
        if m is not None and m.ok:
            bars.append(("%s %s" % (inst, var), report.cmp.basis(m), "#1f77b4"))
    for name in b.baselines():
        inst, _, var = name.rpartition("/")
        m = b.get(inst, var, RANKED_SIZE)
        if m is not None and m.ok:
            bars.append(("%s (baseline)" % inst, report.cmp.basis(m), "#555555"))
    bars.sort(key=lambda bar: (-bar[1], bar[0]))
    fig, ax = plt.subplots(figsize=(9.0, max(2.5, 0.22 * len(bars) + 1.2)), dpi=100)
    ax.barh(range(len(bars)), [bar[1] for bar in bars], color=[bar[2] for bar in bars])
    ax.set_yticks(range(len(bars)))
    ax.set_yticklabels([bar[0] for bar in bars], fontsize=7)
    ax.set_xscale("log")
    ax.set_xlabel("%s at %s (log scale)" % (report.cmp.basis_words(), size_label(RANKED_SIZE)))
    title = "Field ranking at %s (system %s)" % (size_label(RANKED_SIZE), report.system)
    ax.set_title(title)
    ax.grid(True, axis="x", which="both", linewidth=0.4, alpha=0.5)
    fig.tight_layout()
    save_png(fig, path, title)
