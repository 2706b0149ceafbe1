"""The static site (tools/hashbench/report/site.py) and the renderers of the report
model: the site is made of every campaign under a results directory, its
bytes depend only on the inputs, every link resolves, the field table
carries what the page script sorts and filters by; bad input is one error
naming the file.

Run:  /usr/bin/python3 -m unittest discover -s tools/tests -v
"""

import os
import re
import shutil
import tempfile
import unittest

from report_testing import SAMPLE, SAMPLE2

from hashbench.report.inputs import ReportError
from hashbench.report.model import Code, Link, Page, Paragraph, Text, cell, table
from hashbench.report.render_html import render_blocks
from hashbench.report.render_markdown import render_page
from hashbench.report.site import build_site
from hashbench.report.site_links import link_problems

SYSTEMS = {"x86_64-sample-a": SAMPLE, "x86_64-sample-b": SAMPLE2}


def read_tree(root):
    out = {}
    for directory, _dirs, files in os.walk(root):
        for name in files:
            path = os.path.join(directory, name)
            with open(path, "rb") as f:
                out[os.path.relpath(path, root)] = f.read()
    return out


class Site(unittest.TestCase):
    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ngcc-site-test-")
        cls.results = os.path.join(cls.tmp, "results")
        for system, sample in SYSTEMS.items():
            shutil.copytree(sample, os.path.join(cls.results, system))
        cls.site = os.path.join(cls.tmp, "site")
        cls.written = build_site(cls.results, cls.site)

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)

    def page(self, name):
        with open(os.path.join(self.site, name), encoding="utf-8") as f:
            return f.read()

    def test_pages_of_every_system(self):
        for system in SYSTEMS:
            for name in ("index.html", "field.html", "summary.html", "hash-26-CHIME.html", "hash-26-CHIME-cpb.svg",
                         "field-ranking.svg"):
                self.assertIn("%s/%s" % (system, name), self.written)
        for name in ("index.html", "instances/CHIME-512.html", "docs/method.html", "site.js", "site.css"):
            self.assertIn(name, self.written)

    def test_same_input_same_bytes(self):
        again = os.path.join(self.tmp, "again")
        build_site(self.results, again)
        self.assertEqual(read_tree(again), read_tree(self.site))

    def test_every_link_resolves_and_a_missing_page_is_named(self):
        self.assertEqual(link_problems(self.site), [])
        broken = os.path.join(self.tmp, "broken")
        shutil.copytree(self.site, broken)
        os.remove(os.path.join(broken, "x86_64-sample-a", "summary.html"))
        problems = link_problems(broken)
        self.assertTrue(problems)
        self.assertTrue(all("summary.html" in p and "no such file" in p for p in problems), problems)

    def test_nothing_from_the_network(self):
        for name in self.written:
            if name.endswith(".html"):
                self.assertNotRegex(self.page(name), r'(src|href)="(https?:)?//', name)

    def test_field_table_sorts_and_filters(self):
        html = self.page("x86_64-sample-b/field.html")
        self.assertIn('<th data-key="cycles_65536" data-align="right" data-better="lower">', html)
        for facet in ("candidate", "width", "xof", "variant", "kat", "ct"):
            self.assertIn('<select data-facet="%s">' % facet, html)
        row = re.search(r'<tr data-facet-candidate="hash-26 CHIME"[^>]*>(.*?)</tr>', html).group(0)
        self.assertIn('data-facet-width="512 bits"', row)
        self.assertIn('data-facet-xof="fixed length"', row)
        values = re.findall(r'<td data-value="([^"]*)" data-number="1">', row)
        self.assertTrue(values and all(float(v) > 0 for v in values), row)

    def test_system_switch_on_a_candidate_page(self):
        html = self.page("x86_64-sample-a/hash-26-CHIME.html")
        self.assertIn('<a href="../x86_64-sample-b/hash-26-CHIME.html" data-system="x86_64-sample-b">', html)
        self.assertIn('<img src="hash-26-CHIME-cpb.svg"', html)

    def test_the_instance_page_has_a_column_per_system(self):
        html = self.page("instances/CHIME-512.html")
        for system in SYSTEMS:
            self.assertIn("cycles/byte · %s" % system, html)
        self.assertIn("No llvm-mca estimate is shown", html)

    def test_a_repository_file_the_site_has_not_is_named_not_linked(self):
        html = self.page("docs/method.html")
        self.assertIn("<code>bench/README.md</code>", html)
        self.assertNotIn('href="../bench/', html)

    def test_a_directory_that_is_no_site_is_left_alone(self):
        other = os.path.join(self.tmp, "other")
        os.makedirs(other)
        with open(os.path.join(other, "notes.txt"), "w", encoding="utf-8") as f:
            f.write("mine")
        with self.assertRaisesRegex(ReportError, "other: not empty and not a site"):
            build_site(self.results, other)
        self.assertEqual(os.listdir(other), ["notes.txt"])

    def test_bad_input_names_the_file(self):
        results = os.path.join(self.tmp, "bad-results")
        shutil.copytree(SAMPLE2, os.path.join(results, "x86_64-bad"))
        with open(os.path.join(results, "x86_64-bad", "kat.json"), "w", encoding="utf-8") as f:
            f.write("[]")
        with self.assertRaisesRegex(ReportError, r"x86_64-bad/kat\.json"):
            build_site(results, os.path.join(self.tmp, "bad-site"))


class Renderers(unittest.TestCase):
    def test_markdown_and_html_of_one_page(self):
        t = table(("name", "value"), [[cell(Code("a|b")), cell("1.5", value=1.5)]])
        p = Page("x", "x", (Paragraph((Text("see "), Link("summary.md", (Text("<summary>"),)))), t))
        self.assertEqual(render_page(p), "see [<summary>](summary.md)\n\n| name | value |\n|---|---|\n"
                                         "| `a\\|b` | 1.5 |\n")
        html = render_blocks(p.blocks)
        self.assertIn('<a href="summary.html">&lt;summary&gt;</a>', html)
        self.assertIn('<td data-value="a|b" data-number="0"><code>a|b</code></td>', html)
        self.assertIn('<td data-value="1.5" data-number="1">1.5</td>', html)


if __name__ == "__main__":
    unittest.main()
