"""Every internal link and image of a site resolves: each href and src of
its HTML pages that is not an address elsewhere names a file of the site
(and an anchor, where it has one, an id of that page)."""

import html.parser
import os
import urllib.parse


class _Page(html.parser.HTMLParser):
    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.targets = []  # (attribute, value)
        self.ids = set()

    def handle_starttag(self, tag, attrs):
        for name, value in attrs:
            if name == "id" and value:
                self.ids.add(value)
            if (name == "href" and tag in ("a", "link")) or (name == "src" and tag in ("img", "script")):
                self.targets.append((name, value or ""))


def _parse(path):
    page = _Page()
    with open(path, encoding="utf-8") as f:
        page.feed(f.read())
    return page


def link_problems(site):
    """One line per link or image of the site that does not resolve."""
    pages = {}
    for directory, _dirs, files in os.walk(site):
        for name in sorted(files):
            if name.endswith(".html"):
                path = os.path.join(directory, name)
                pages[os.path.normpath(path)] = _parse(path)
    problems = []
    for path in sorted(pages):
        for attribute, value in pages[path].targets:
            parts = urllib.parse.urlsplit(value)
            if parts.scheme or parts.netloc:
                if parts.scheme != "data":
                    problems.append("%s: %s=%r leaves the site" % (os.path.relpath(path, site), attribute, value))
                continue
            target = os.path.normpath(os.path.join(os.path.dirname(path), urllib.parse.unquote(parts.path))) \
                if parts.path else path
            where = "%s: %s=%r" % (os.path.relpath(path, site), attribute, value)
            if not os.path.isfile(target) or not target.startswith(os.path.normpath(site) + os.sep):
                problems.append("%s: no such file in the site" % where)
            elif parts.fragment and target in pages and parts.fragment not in pages[target].ids:
                problems.append("%s: no id %r on that page" % (where, parts.fragment))
    return problems
