"""The documentation the site's pages cite (docs/method.md, …), rendered
from its Markdown by python3-markdown. A link to another of the rendered
pages goes to its HTML page; a link to any other file of the repository
(bench/README.md) becomes its path in code, as the site holds no copy of it;
a link elsewhere (http…) is kept."""

import os
import posixpath
import xml.etree.ElementTree as etree

import markdown
from markdown.extensions import Extension
from markdown.treeprocessors import Treeprocessor
from markupsafe import Markup

from hashbench.report.inputs import ReportError


class _Links(Treeprocessor):
    def __init__(self, md, rendered):
        super().__init__(md)
        self.rendered = rendered

    def run(self, root):
        for a in root.iter("a"):
            href = a.get("href", "")
            if "://" in href or href.startswith(("#", "mailto:")):
                continue
            path, hash_, anchor = href.partition("#")
            if path in self.rendered:
                a.set("href", path[:-3] + ".html" + hash_ + anchor)
                continue
            # Not in the site: the file's path in the repository, unlinked.
            repository_path = posixpath.normpath(posixpath.join("docs", path))
            a.attrib.clear()
            if "".join(a.itertext()) in (path, href):
                a.tag, a.text = "code", repository_path
                a[:] = []
                continue
            a.tag = "span"
            if len(a):
                a[-1].tail = (a[-1].tail or "") + " ("
            else:
                a.text = (a.text or "") + " ("
            code = etree.SubElement(a, "code")
            code.text, code.tail = repository_path, ")"


class _LinksExtension(Extension):
    def __init__(self, rendered):
        super().__init__()
        self.rendered = rendered

    def extendMarkdown(self, md):
        md.treeprocessors.register(_Links(md, self.rendered), "ngcc_links", 1)


def render_docs(directory, names):
    """[(name without .md, title, HTML)] of the pages names in directory;
    the title is the page's first heading."""
    out = []
    for name in names:
        path = os.path.join(directory, name)
        try:
            with open(path, encoding="utf-8") as f:
                text = f.read()
        except OSError as e:
            raise ReportError("%s: %s" % (path, e.strerror or e))
        title = next((line.lstrip("#").strip() for line in text.splitlines() if line.startswith("# ")), name)
        html = markdown.markdown(text, extensions=["tables", "fenced_code", "toc", _LinksExtension(set(names))],
                                 output_format="html")
        out.append((name[:-3], title, Markup(html)))
    return out
