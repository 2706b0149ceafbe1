"""The report model (model.py) as Markdown: the pages committed under
results/<system>/report/. Blocks are separated by one blank line; a table is
GitHub's pipe table with no alignment row (the published pages have none);
a figure is an image of its PNG."""

from hashbench.report.model import (BulletList, Code, CodeBlock, Emphasis, Figure, Heading, Link,
                          Paragraph, Strong, Table, Text)

FIGURE_SUFFIX = ".png"


def render_inline(runs):
    out = []
    for run in runs:
        if isinstance(run, Text):
            out.append(run.text)
        elif isinstance(run, Code):
            out.append("`%s`" % run.text)
        elif isinstance(run, Link):
            out.append("[%s](%s)" % (render_inline(run.runs), run.target))
        elif isinstance(run, Emphasis):
            out.append("*%s*" % render_inline(run.runs))
        elif isinstance(run, Strong):
            out.append("**%s**" % render_inline(run.runs))
        else:
            raise TypeError("not an inline run: %r" % (run,))
    return "".join(out)


def _cell(c):
    # A '|' would end the cell: GitHub's escape keeps it text.
    return render_inline(c.runs).replace("|", "\\|")


def render_table(t):
    out = ["| " + " | ".join(c.header for c in t.columns) + " |",
           "|" + "---|" * len(t.columns)]
    for row in t.rows:
        out.append("| " + " | ".join(_cell(c) for c in row.cells) + " |")
    return "\n\n".join(["\n".join(out)] + [render_block(b) for b in t.notes])


def render_block(block):
    if isinstance(block, Heading):
        return "%s %s" % ("#" * block.level, block.text)
    if isinstance(block, Paragraph):
        return render_inline(block.runs)
    if isinstance(block, BulletList):
        return "\n".join("- " + render_inline(item) for item in block.items)
    if isinstance(block, CodeBlock):
        return "```%s\n%s\n```" % (block.language, block.text)
    if isinstance(block, Table):
        return render_table(block)
    if isinstance(block, Figure):
        return "![%s](%s%s)" % (block.alt, block.name, FIGURE_SUFFIX)
    raise TypeError("not a block: %r" % (block,))


def render_page(page):
    return "\n\n".join(render_block(b) for b in page.blocks) + "\n"
