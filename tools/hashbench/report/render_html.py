"""The report model (model.py) as HTML fragments for the static site: the
same blocks as the Markdown pages, a table's cells carrying their sort value
(data-value) and its rows their facets (data-facet-*) for site.js, a figure
as its SVG. A link to a Markdown page ('hash-26-CHIME.md',
'../docs/method.md') goes to the site's HTML page of the same name."""

import json

from markupsafe import Markup, escape

from hashbench.report.model import (BulletList, Code, CodeBlock, Emphasis, Figure, Heading, Link,
                          Paragraph, Strong, Table, Text)

FIGURE_SUFFIX = ".svg"


def site_target(target):
    """A link of a Markdown page as a link of the site: .md becomes .html."""
    path, hash_, anchor = target.partition("#")
    if path.endswith(".md"):
        path = path[:-3] + ".html"
    return path + hash_ + anchor


def render_inline(runs):
    out = []
    for run in runs:
        if isinstance(run, Text):
            out.append(escape(run.text))
        elif isinstance(run, Code):
            out.append(Markup("<code>%s</code>") % run.text)
        elif isinstance(run, Link):
            out.append(Markup('<a href="%s">%s</a>') % (site_target(run.target), render_inline(run.runs)))
        elif isinstance(run, Emphasis):
            out.append(Markup("<em>%s</em>") % render_inline(run.runs))
        elif isinstance(run, Strong):
            out.append(Markup("<strong>%s</strong>") % render_inline(run.runs))
        else:
            raise TypeError("not an inline run: %r" % (run,))
    return Markup("").join(out)


def sort_value(value):
    """A cell's sort value as site.js reads it: a number as JSON writes it
    (so the same float always gives the same text), '' for none."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return str(value).lower()
    if isinstance(value, (int, float)):
        return json.dumps(value)
    return str(value)


def render_table(t):
    head = Markup("").join(
        Markup('<th data-key="%s" data-align="%s"%s>%s</th>')
        % (c.key, c.align, Markup(' data-better="%s"') % c.better if c.better else "", c.header)
        for c in t.columns)
    body = []
    for row in t.rows:
        facets = Markup("").join(Markup(' data-facet-%s="%s"') % (k, v) for k, v in row.facets)
        cells = Markup("").join(
            Markup('<td data-value="%s" data-number="%s">%s</td>')
            % (sort_value(c.value), "1" if isinstance(c.value, (int, float)) else "0", render_inline(c.runs))
            for c in row.cells)
        body.append(Markup("<tr%s>%s</tr>") % (facets, cells))
    filters = Markup("")
    if t.facets:
        filters = Markup('<div class="filters" data-table="%s">%s</div>\n') % (
            t.key, Markup("").join(_filter(t, f) for f in t.facets))
    table = Markup('%s<table class="sortable"%s>\n<thead><tr>%s</tr></thead>\n<tbody>\n%s\n</tbody>\n</table>') % (
        filters, Markup(' id="%s"') % t.key if t.key else "", head, Markup("\n").join(body))
    return Markup("\n").join([table] + [render_block(b) for b in t.notes])


def _filter(t, facet):
    """A select of the facet's values in the table, in order of appearance."""
    values = []
    for row in t.rows:
        value = dict(row.facets).get(facet.key)
        if value is not None and value not in values:
            values.append(value)
    options = Markup("").join(Markup('<option value="%s">%s</option>') % (v, v) for v in values)
    return Markup('<label>%s <select data-facet="%s"><option value="">all</option>%s</select></label>') % (
        facet.label, facet.key, options)


def render_block(block):
    if isinstance(block, Heading):
        return Markup("<h%d>%s</h%d>") % (block.level, block.text, block.level)
    if isinstance(block, Paragraph):
        return Markup("<p>%s</p>") % render_inline(block.runs)
    if isinstance(block, BulletList):
        return Markup("<ul>\n%s\n</ul>") % Markup("\n").join(
            Markup("<li>%s</li>") % render_inline(item) for item in block.items)
    if isinstance(block, CodeBlock):
        return Markup("<pre><code>%s</code></pre>") % block.text
    if isinstance(block, Table):
        return render_table(block)
    if isinstance(block, Figure):
        return Markup('<figure><img src="%s%s" alt="%s"></figure>') % (block.name, FIGURE_SUFFIX, block.alt)
    raise TypeError("not a block: %r" % (block,))


def render_blocks(blocks):
    return Markup("\n").join(render_block(b) for b in blocks)
