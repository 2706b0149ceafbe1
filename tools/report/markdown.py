"""Markdown building blocks: tables, code spans and the prose templates of
templates/*.md."""

import functools
import os
import string

TEMPLATES = os.path.join(os.path.dirname(os.path.abspath(__file__)), "templates")


def md_table(header, rows):
    out = ["| " + " | ".join(header) + " |",
           "|" + "---|" * len(header)]
    for r in rows:
        out.append("| " + " | ".join(r) + " |")
    return "\n".join(out)


def code(s):
    return "`%s`" % s


@functools.lru_cache(maxsize=None)
def _template(name):
    with open(os.path.join(TEMPLATES, name + ".md"), encoding="utf-8") as f:
        return f.read().strip("\n")


def fill(name, **values):
    """templates/<name>.md with its ${placeholders} filled. The template's
    paragraphs are separated by blank lines; a line that comes out empty is
    dropped, and so is a paragraph that comes out empty, so an optional part
    is a placeholder on a line of its own whose value may be ''."""
    paragraphs = []
    for paragraph in _template(name).split("\n\n"):
        lines = [string.Template(line).substitute(values)
                 for line in paragraph.split("\n")]
        text = "\n".join(line for line in lines if line)
        if text:
            paragraphs.append(text)
    return "\n\n".join(paragraphs)
