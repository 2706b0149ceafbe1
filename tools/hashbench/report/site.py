"""The static site: every campaign committed under results/ as HTML pages
made from the same model pages as its Markdown reports (render_html), with
pages of its own (home, a system, an instance across systems) built from
the same model, and the documentation they cite rendered from docs/.

    SITE/index.html                     the systems, the candidates, the docs
    SITE/<system>/index.html            the system: its environment, its pages
    SITE/<system>/field.html            the field summary (sortable, filterable)
    SITE/<system>/summary.html          the summary ranking
    SITE/<system>/<id>-<Family>.html    the §3.5 report of a candidate
    SITE/<system>/*.svg                 their plots
    SITE/instances/<instance>.html      one parameter set on every system
    SITE/docs/<name>.html               docs/method.md and the others linked
    SITE/site.css, SITE/site.js         the style and the table script

Every link is relative, nothing is fetched from the network, and the bytes
depend only on the inputs (and matplotlib's version): no date of generation.
"""

import os
import shutil

import jinja2

from hashbench import ROOT
from hashbench.report.cli import campaign_report, field_packages, figures, report_pages
from hashbench.report.docs import render_docs
from hashbench.report.formats import fmt_mbs, fmt_one_decimal, size_label
from hashbench.report.inputs import ReportError, ctx_text
from hashbench.report.model import (BulletList, CodeBlock, Code, Column, Heading, Link, Row, cell, inline, join,
                          page, paragraph, table)
from hashbench.report.plots import save
from hashbench.report.render_html import render_blocks

HERE = os.path.dirname(os.path.abspath(__file__))
STATIC = ("site.css", "site.js")
# The pages of docs/ the site renders: the method and the report layout the
# pages cite, and what they link to.
DOCS = ("method.md", "reports.md", "estimates.md", "iccs-helpers.md")
NONE = "–"


class Campaign:
    """One results/<system>/ directory: its report and model pages."""

    def __init__(self, directory):
        self.directory = directory
        self.system = os.path.basename(directory)
        self.report, self.families = campaign_report(directory, method="../docs/method.md")
        # A field summary is committed where report/field.md is; the site
        # shows the same table for every campaign, built from its evidence.
        self.field_committed = os.path.isfile(os.path.join(directory, "report", "field.md"))
        self.pages = report_pages(self.report, self.families, field=True,
                                  packages=field_packages(directory))

    @property
    def bench(self):
        return self.report.bench

    def family(self, stem):
        return next((f for f in self.families if f.stem == stem), None)


def campaigns_under(results):
    """Every results/<system>/ holding a bench.json, in name order."""
    if not os.path.isdir(results):
        raise ReportError("%s: no such directory (the site is made of its campaigns)" % results)
    dirs = sorted(os.path.join(results, d) for d in os.listdir(results)
                  if os.path.isfile(os.path.join(results, d, "bench.json")))
    if not dirs:
        raise ReportError("%s: no campaign (no <system>/bench.json)" % results)
    return [Campaign(d) for d in dirs]


# -- what a campaign measured, in words --------------------------------------------


def cpu_words(c):
    ctx = c.bench.context
    cpu = ctx_text(ctx, "cpu_model", default="CPU not recorded")
    arch = ctx_text(ctx, "microarchitecture")
    return "%s (%s)" % (cpu, arch) if arch else cpu


def cycle_source_words(c):
    ctx = c.bench.context
    source = ctx_text(ctx, "cycle_source", default="not recorded")
    if c.bench.core_unit and c.bench.core_estimated:
        return "%s: core cycles estimated through the core-clock probe" % source
    if c.bench.core_unit or source.startswith("perf"):
        return "%s: core cycles counted" % source
    return "%s: TSC ticks, not core cycles" % source


def date_words(c):
    ctx = c.bench.context
    start = ctx_text(ctx, "campaign_start") or ctx_text(ctx, "date", default="not recorded")
    return start[:10]


def measured_words(c):
    b = c.bench
    instances = [i for f in c.families for i in f.instances]
    variants = []
    for i in instances:
        variants += [v for v in b.variants(i) if v not in variants]
    sizes = b.sizes()
    reps = sorted({len(m.reps) for m in b.measurements.values() if m.ok})
    return "%d parameter sets (%s), %d baselines, %s to %s, %s mode, %s repetition%s" % (
        len(instances), ", ".join(variants), len(b.baselines()),
        size_label(sizes[0]) if sizes else NONE, size_label(sizes[-1]) if sizes else NONE,
        ctx_text(b.context, "ngcc_mode", default="default"),
        "%d" % reps[-1] if len(reps) == 1 else "%d to %d" % (reps[0], reps[-1]) if reps else "no",
        "" if reps == [1] else "s")


def field_words(c):
    if c.field_committed:
        return inline("committed (", Code("report/field.md"), ")")
    return inline("none committed: the field table is built from the campaign's evidence")


# -- the site's own pages ----------------------------------------------------------


def candidates(campaigns):
    """[(stem, title, instances in order, {system: family})] over every campaign."""
    out = {}
    for c in campaigns:
        for fam in c.families:
            stem, title, instances, where = out.setdefault(fam.stem, (fam.stem, fam.title, [], {}))
            instances += [i for i in (fam.declared or fam.instances) if i not in instances]
            where[c.system] = fam
    for stem, _title, instances, where in out.values():
        measured = {i for fam in where.values() for i in fam.instances}
        instances[:] = [i for i in instances if i in measured]
    return [out[k] for k in sorted(out)]


def instance_page_name(instance):
    return "instances/%s" % instance


def home_page(campaigns):
    systems = table(
        (Column("system", "system"), Column("cpu", "CPU"), Column("cycles", "cycle source"),
         Column("date", "campaign (UTC)", "right"), Column("measured", "measured"),
         Column("field", "field summary")),
        [[cell(Link("%s/index.md" % c.system, inline(c.system)), value=c.system), cpu_words(c),
          cycle_source_words(c), date_words(c), measured_words(c), cell(field_words(c))]
         for c in campaigns])
    rows = []
    for stem, title, instances, where in candidates(campaigns):
        rows.append([cell(stem), cell(title),
                     cell(join([Link("%s.md" % instance_page_name(i), inline(i)) for i in instances])),
                     cell(join([Link("%s/%s.md" % (s, stem), inline(s)) for s in sorted(where)]))])
    cands = table((Column("candidate", "candidate"), Column("algorithm", "algorithm"),
                   Column("instances", "parameter sets (across systems)"), Column("reports", "reports")), rows)
    return page(
        "index", "ngcc-hashbench results",
        Heading(1, "ngcc-hashbench results"),
        paragraph("The §3.5 reports of every campaign committed under ", Code("results/"), ", made by ",
                  Code("tools/ngcc site"), " from the same evidence and the same pages as the Markdown "
                  "reports beside it (", Code("tools/ngcc check"), " regenerates those byte for byte). "
                  "How the figures are measured: ", Link("docs/method.md", inline("the method")),
                  "; how a report is laid out: ", Link("docs/reports.md", inline("reading the reports")),
                  "; speed estimates where there is no hardware: ",
                  Link("docs/estimates.md", inline("llvm-mca estimates")), " (never measurements, never "
                  "under ", Code("results/"), ", so none is shown here)."),
        Heading(2, "Systems"),
        systems,
        Heading(2, "Candidates"),
        cands,
        Heading(2, "Made by"),
        CodeBlock("tools/ngcc site --out build/site\npython3 -m http.server -d build/site", "sh"),
    )


def system_page(c):
    report = c.report
    links = [Link("field.md", inline("field summary")), Link("summary.md", inline("summary ranking"))]
    links += [Link("%s.md" % f.stem, inline(f.stem)) for f in c.families]
    return page(
        "index", "System %s" % c.system,
        Heading(1, "System %s" % c.system),
        BulletList((
            inline("CPU: ", cpu_words(c)),
            inline("Cycle source: ", cycle_source_words(c)),
            inline("Campaign (UTC): ", date_words(c)),
            inline("Measured: ", measured_words(c)),
            inline("Field summary: ", field_words(c)),
            inline("Evidence: ", Code("results/%s/" % c.system), " (bench.json, kat.json",
                   ", ct.json" if report.ct else "", ")"),
        )),
        paragraph("Pages: ", join(links), "."),
        report.environment("Assessment environment", "Measurement record"),
    )


def instance_page(instance, campaigns):
    """One parameter set on every system that measured it: each system's
    figures in its own columns; the units said per system."""
    where = [c for c in campaigns if instance in c.bench.order]
    variants = []
    for c in where:
        variants += [v for v in c.bench.variants(instance) if v not in variants]
    sizes = sorted({s for c in where for s in c.bench.sizes()})
    columns = [Column("variant", "variant"), Column("message", "message", "right")]
    for c in where:
        columns += [Column("cpb_%s" % c.system, "cycles/byte · %s" % c.system, "right", "lower"),
                    Column("mbs_%s" % c.system, "MB/s · %s" % c.system, "right", "higher")]
    rows = []
    for var in variants:
        for size in sizes:
            cells = [cell(var), cell(size_label(size), value=size)]
            for c in where:
                m = c.bench.get(instance, var, size)
                if m is None or not m.ok:
                    cells += [cell(NONE, value=None), cell(NONE, value=None)]
                else:
                    cells += [cell(fmt_one_decimal(m.cpb), value=m.cpb), cell(fmt_mbs(m.mb_per_s), value=m.mb_per_s)]
            if any(x.value is not None for x in cells[2:]):
                rows.append(Row(tuple(cells), (("variant", var),)))
    reports = [Link("../%s/%s.md" % (c.system, fam.stem), inline(c.system))
               for c in where for fam in c.families if instance in fam.instances]
    title = "%s on every system" % instance
    return page(
        instance_page_name(instance), title,
        Heading(1, title),
        paragraph("Measured hosts side by side, each system's figures from its own campaign (mean over "
                  "all timed calls, as in its report: ", join(reports), "). Compare ratios within one "
                  "run rather than absolute figures across machines; what each system's cycles count:"),
        BulletList(tuple(inline(c.system, ": ", c.report.unit_words()) for c in where)),
        table(columns, rows),
        paragraph("No llvm-mca estimate is shown: estimates are a simulator's figures, never "
                  "measurements, and are not stored under ", Code("results/"), " (",
                  Link("../docs/estimates.md", inline("docs/estimates.md")), ")."),
    )


# -- writing -------------------------------------------------------------------------


def _environment():
    return jinja2.Environment(loader=jinja2.FileSystemLoader(os.path.join(HERE, "templates")),
                              autoescape=True, keep_trailing_newline=True,
                              undefined=jinja2.StrictUndefined)


class Writer:
    """Writes pages into the site through the page shell."""

    def __init__(self, out, systems):
        self.out = out
        self.systems = systems
        self.shell = _environment().get_template("page.html")
        self.written = []

    def write(self, name, title, content, system=None, switch=()):
        """name: the page's path in the site without .html; switch:
        [(system, its page's path in the site)] of the same page on other
        systems, the current one included."""
        path = os.path.join(self.out, name + ".html")
        os.makedirs(os.path.dirname(path), exist_ok=True)
        root = "../" * name.count("/")
        html = self.shell.render(title=title, content=content, root=root, systems=self.systems,
                                 current=system,
                                 switch=[(s, os.path.relpath(target, os.path.dirname(name) or "."))
                                         for s, target in switch])
        with open(path, "w", encoding="utf-8", newline="\n") as f:
            f.write(html)
        self.written.append(name + ".html")

    def model_page(self, p, directory="", system=None, switch=()):
        name = "%s/%s" % (directory, p.name) if directory else p.name
        self.write(name, p.title, render_blocks(p.blocks), system, switch)
        for figure in figures([p]):
            save(figure, os.path.join(self.out, directory, figure.name + ".svg"), "svg")
            self.written.append(os.path.join(directory, figure.name + ".svg"))


def build_site(results, out):
    """Write the site of every campaign under results into out (emptied
    first); return the files written, relative to out."""
    campaigns = campaigns_under(results)
    if os.path.isdir(out) and os.listdir(out):
        # Emptied first so no page of an older site stays, but only a site.
        if not os.path.isfile(os.path.join(out, "site.js")):
            raise ReportError("%s: not empty and not a site this tool made (no site.js); "
                              "choose another --out" % out)
        shutil.rmtree(out)
    os.makedirs(out, exist_ok=True)
    systems = [c.system for c in campaigns]
    w = Writer(out, systems)
    w.model_page(home_page(campaigns))
    for c in campaigns:
        w.model_page(system_page(c), c.system, c.system, _switch(campaigns, "index"))
        for p in c.pages:
            w.model_page(p, c.system, c.system, _switch(campaigns, p.name))
    instances = []
    for _stem, _title, names, _where in candidates(campaigns):
        instances += [i for i in names if i not in instances]
    for instance in instances:
        w.model_page(instance_page(instance, campaigns))
    for name, title, content in render_docs(os.path.join(ROOT, "docs"), DOCS):
        w.write("docs/" + name, title, content)
    for name in STATIC:
        shutil.copyfile(os.path.join(HERE, "static", name), os.path.join(out, name))
        w.written.append(name)
    return w.written


def _switch(campaigns, name):
    """[(system, its page 'name')] of the campaigns that have the page."""
    out = []
    for c in campaigns:
        if name == "index" or any(p.name == name for p in c.pages):
            out.append((c.system, "%s/%s.html" % (c.system, name)))
    return out
