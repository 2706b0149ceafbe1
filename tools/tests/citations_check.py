#!/usr/bin/python3
"""Every citation resolves inside the repository (ctest `citations`).

Scans the tracked text files (git ls-files; results/ and docs/development/
are records, not sources, and are left out) and fails, with file:line, on:

  (a) a mention of a document that is not in the repository: the research
      notes, the design document, the published-method and API notes that
      the docs/ pages replace (OUTSIDE below);
  (b) a citation of a markdown file of the repository (`docs/method.md`,
      `bench/SCHEMA.md`, `./x.md`, or a bare `SCHEMA.md §3` beside its
      citer) whose file does not exist, whose `§N` / `§N.M` / `§§N-M` has
      no heading `#... N.` / `#... N.M` there, or whose quoted heading
      (`docs/method.md "Timing"`) is not a heading there; sections are read
      on both sides of the path (`docs/x.md §3, §4.2` and `§3 of docs/x.md`);
  (c) a relative link of a markdown page that does not reach a tracked file
      or directory, or whose #anchor is no heading of the page it reaches
      (the report templates are left out: their links resolve where the
      report is written).

A path whose first directory is not one of the repository's (`api/README.md`
of a public repository, say) is not a citation of ours and is not checked.

usage: citations_check.py
"""
import bisect
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
SELF = "tools/tests/citations_check.py"
SKIPPED_DIRS = ("results/", "docs/development/")
TEMPLATES = "tools/hashbench/report/templates/"

OUTSIDE = re.compile(r"research/|DESIGN\.md|shared/|perf-method|api-kat")
# Lines that name an outside document without citing it: tests asserting
# that the reports never mention one.
NOT_CITATIONS = (
    ("tools/tests/test_report_schema2.py", "OUTSIDE = ("),
    ("tools/tests/test_report.py", 'assertNotIn("DESIGN.md"'),
)

SECTION = r"§§?[ \t]?\d+(?:\.\d+)*(?:[ \t]*[-–][ \t]*§?\d+(?:\.\d+)*)?"
SECTIONS = SECTION + r"(?:[ \t]*(?:,|/|and)[ \t]*" + SECTION + r")*"
MD_PATH = re.compile(r"(?<![\w./-])((?:\.{1,2}/)*(?:[\w-][\w.-]*/)*[\w-][\w.-]*\.md)(?![\w/-])")
AFTER = re.compile(r"[ \t]*[(,]?[ \t]*(" + SECTIONS + r")")
BEFORE = re.compile(r"(" + SECTIONS + r")[ \t]+(?:of|in)[ \t]+$")
# A capitalised quotation right after a path names a heading of it.
QUOTED_HEADING = re.compile(r',?[ \t]+"([A-Z][^"\n]*)"')
ONE_SECTION = re.compile(r"(\d+(?:\.\d+)*)(?:[ \t]*[-–][ \t]*§?(\d+(?:\.\d+)*))?")
HEADING = re.compile(r"^(#{1,6})[ \t]+(.+?)[ \t]*#*[ \t]*$")
HEADING_NUMBER = re.compile(r"(\d+(?:\.\d+)*)\.?(?:[ \t]|$)")
LINK = re.compile(r"\[[^\]\n]*\]\(([^)\s]+)(?:[ \t]+\"[^\"]*\")?\)")
COMMENT_LEADER = re.compile(r"^[ \t]*(?://+|#+|/?\*+|\"\"\")?[ \t]?")


def tracked_files():
    out = subprocess.run(["git", "-C", ROOT, "ls-files", "-z"], capture_output=True, check=True)
    return [p for p in out.stdout.decode("utf-8").split("\0") if p]


def scanned(files):
    return [p for p in files if not p.startswith(SKIPPED_DIRS) and p != SELF]


def read_text(path):
    try:
        with open(os.path.join(ROOT, path), encoding="utf-8") as f:
            return f.read()
    except (UnicodeDecodeError, FileNotFoundError, IsADirectoryError):
        return None


class Headings:
    """The headings of the repository's markdown files, read once each."""

    def __init__(self):
        self.cache = {}

    def of(self, path):
        if path not in self.cache:
            numbers, titles, slugs = set(), set(), set()
            in_code = False
            for line in (read_text(path) or "").splitlines():
                if line.lstrip().startswith("```"):
                    in_code = not in_code
                    continue
                m = HEADING.match(line)
                if in_code or not m:
                    continue
                title = m.group(2)
                titles.add(title)
                slugs.add(slug(title))
                n = HEADING_NUMBER.match(title)
                if n:
                    numbers.add(n.group(1))
            self.cache[path] = (numbers, titles, slugs)
        return self.cache[path]


def slug(title):
    """GitHub's anchor of a heading: lower case, punctuation dropped, spaces to hyphens."""
    text = re.sub(r"[`*]", "", title.strip().lower())
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def joined(text):
    """The text with comment leaders removed and lines joined by spaces, so
    that a citation broken over two comment lines reads as one; with the
    line number of every offset."""
    parts, starts, offset = [], [], 0
    for line in text.splitlines():
        stripped = COMMENT_LEADER.sub("", line, count=1)
        starts.append(offset)
        parts.append(stripped)
        offset += len(stripped) + 1
    return " ".join(parts), starts


def line_of(starts, offset):
    return bisect.bisect_right(starts, offset)


def section_numbers(chain):
    """Every § number a chain such as '§3, §4.2' or '§§11-12' names; an
    integer range names each number in it."""
    numbers = []
    for part in re.findall(SECTION, chain):
        m = ONE_SECTION.search(part)
        first, last = m.group(1), m.group(2)
        numbers.append(first)
        if last:
            if "." not in first and "." not in last and int(first) < int(last):
                numbers.extend(str(k) for k in range(int(first) + 1, int(last)))
            numbers.append(last)
    return numbers


class Checker:
    def __init__(self, tracked):
        self.files = scanned(tracked)
        self.tracked = set(tracked)
        self.dirs = {os.path.dirname(p) for p in self.tracked}
        while "" not in self.dirs:
            self.dirs |= {os.path.dirname(d) for d in self.dirs}
        self.top = {p.split("/", 1)[0] for p in self.tracked}
        self.by_name = {}
        for p in self.tracked:
            if p.endswith(".md"):
                self.by_name.setdefault(os.path.basename(p), []).append(p)
        self.headings = Headings()
        self.failures = []
        self.citations = 0

    def fail(self, path, line, message):
        self.failures.append("%s:%d: %s" % (path, line, message))

    def exists(self, path):
        return path in self.tracked or path in self.dirs

    def target(self, citer, cited, sections):
        """The repository file a cited markdown path names, or None when it
        is not a citation of ours; '' when it is one that reaches nothing."""
        here = os.path.dirname(citer)
        if cited.startswith(("./", "../")):
            # In a page, relative to the page; in code, a string relative to
            # wherever the code writes it.
            if not citer.endswith(".md"):
                return None
            path = os.path.normpath(os.path.join(here, cited))
            return path if self.exists(path) else ""
        if "/" in cited:
            if cited.split("/", 1)[0] not in self.top:
                return None
            return cited if self.exists(cited) else ""
        # A bare name: the citer's neighbour, a top-level file, or the one
        # markdown file of the repository with that name; checked only when
        # it cites a section, as a bare name may be anybody's.
        for path in (os.path.join(here, cited), cited):
            if self.exists(path):
                return path
        if len(self.by_name.get(cited, [])) == 1:
            return self.by_name[cited][0]
        return "" if sections else None

    def check_outside(self, path, text):
        for number, line in enumerate(text.splitlines(), 1):
            if OUTSIDE.search(line) and not any(
                    path == p and marker in line for p, marker in NOT_CITATIONS):
                self.fail(path, number, "cites a document outside the repository: %s"
                          % line.strip())

    def check_citations(self, path, text):
        flat, starts = joined(text)
        for m in MD_PATH.finditer(flat):
            cited = m.group(1)
            if OUTSIDE.search(cited):
                continue  # reported by check_outside
            after = AFTER.match(flat, m.end())
            before = BEFORE.search(flat[max(0, m.start() - 200):m.start()])
            chains = [c.group(1) for c in (after, before) if c]
            quoted = QUOTED_HEADING.match(flat, m.end())
            target = self.target(path, cited, chains or quoted)
            if target is None:
                continue
            self.citations += 1
            line = line_of(starts, m.start())
            if not target:
                self.fail(path, line, "cites %s, which is not in the repository" % cited)
                continue
            if not target.endswith(".md"):
                continue
            numbers, titles, _ = self.headings.of(target)
            for chain in chains:
                for n in section_numbers(chain):
                    if n not in numbers:
                        self.fail(path, line, "cites %s §%s, which has no heading %s" % (cited, n, n))
            if quoted and not chains and quoted.group(1) not in titles:
                self.fail(path, line, 'cites %s "%s", which is no heading there'
                          % (cited, quoted.group(1)))

    def check_links(self, path, text):
        here = os.path.dirname(path)
        in_code = False
        for number, line in enumerate(text.splitlines(), 1):
            if line.lstrip().startswith("```"):
                in_code = not in_code
            if in_code:
                continue
            for m in LINK.finditer(re.sub(r"`[^`]*`", "", line)):
                href = m.group(1)
                if re.match(r"[a-z]+:", href):
                    continue
                file_part, _, anchor = href.partition("#")
                target = os.path.normpath(os.path.join(here, file_part)) if file_part else path
                if not self.exists(target.rstrip("/")):
                    self.fail(path, number, "links %s, which is not in the repository" % href)
                elif anchor and target.endswith(".md") and anchor not in self.headings.of(target)[2]:
                    self.fail(path, number, "links %s, which has no heading #%s" % (href, anchor))

    def run(self):
        for path in self.files:
            text = read_text(path)
            if text is None:
                continue
            self.check_outside(path, text)
            self.check_citations(path, text)
            if path.endswith(".md") and not path.startswith(TEMPLATES):
                self.check_links(path, text)
        return self.failures


def main():
    checker = Checker(tracked_files())
    failures = checker.run()
    for f in failures:
        print(f)
    print("citations: %d files, %d citations of repository documents, %d failures"
          % (len(checker.files), checker.citations, len(failures)))
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
