"""Helpers of the report tool's tests: the samples, running the tool, and
reading the Markdown it writes."""

import json
import os
import shutil
import subprocess
import sys
import tempfile

TOOLS = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
REPO = os.path.dirname(TOOLS)
NGCC = os.path.join(TOOLS, "ngcc")
SAMPLE = os.path.join(TOOLS, "testdata", "x86_sample")      # bench.json schema 1, converted
SAMPLE2 = os.path.join(TOOLS, "testdata", "x86_sample2")    # bench.json schema 2
PUBLISHED = os.path.join(TOOLS, "testdata", "published-hash-26-CHIME.tsv")

sys.path.insert(0, TOOLS)
from hashbench import report as R  # noqa: E402

# The least context the report reads (bench/SCHEMA.md §3), for a bench.json
# made up of rows alone.
SCHEMA2_CONTEXT = {"ngcc_schema": "2", "ngcc_families": "[]"}


# The published x86 reports' table headers (ngcc-dev/ngcc.github.io,
# content/performance/x86_1/hash-NN.md), exactly.
KAT_HEADER = "| instance | build flags | KAT |"
PERF_HEADER = "| instance | message | mean cycles | cycles/byte | mean time | MB/s | n |"
RESOURCE_HEADER = ("| instance | operation | static: ELF image (bytes) | baseline RSS "
                   "| peak RSS |")
EVIDENCE_HEADER = "| instance | item | file |"
BASIC_LINES = ("Category", "Algorithm", "Implementation versions measured",
               "Parameter sets", "Security evaluation", "Measurement method",
               "Submission")


def run(*args):
    return subprocess.run([NGCC, "report"] + list(args), capture_output=True,
                          text=True, encoding="utf-8")


def load(sample, name):
    with open(os.path.join(sample, name), encoding="utf-8") as f:
        return json.load(f)


def read_reports(out):
    reports = {}
    for name in os.listdir(out):
        if name.endswith(".md"):
            with open(os.path.join(out, name), encoding="utf-8") as f:
                reports[name] = f.read()
    return reports


def reports_from(bench, sample=SAMPLE, kat=None, baseline=None):
    """The Markdown reports (name -> text, no plots) of a sample with its
    bench.json replaced by the document bench (and kat.json by kat)."""
    with tempfile.TemporaryDirectory() as tmp:
        src = os.path.join(tmp, "sys")
        os.makedirs(src)
        if kat is None:
            shutil.copy(os.path.join(sample, "kat.json"), src)
        else:
            with open(os.path.join(src, "kat.json"), "w", encoding="utf-8") as f:
                json.dump(kat, f)
        with open(os.path.join(src, "bench.json"), "w", encoding="utf-8") as f:
            json.dump(bench, f)
        out = os.path.join(tmp, "out")
        R.generate(src, out, baseline=baseline, plots=False)
        return read_reports(out)


class GeneratedReports:
    """Mixin of a TestCase: the reports of `sample` (no plots), written once
    for the class: cls.out, cls.reports (name -> text), cls.chime."""
    sample = None

    @classmethod
    def setUpClass(cls):
        cls.tmp = tempfile.mkdtemp(prefix="ngcc-report-")
        cls.out = os.path.join(cls.tmp, "report")
        R.generate(cls.sample, cls.out, plots=False)
        cls.reports = read_reports(cls.out)
        cls.chime = cls.reports["hash-26-CHIME.md"]

    @classmethod
    def tearDownClass(cls):
        shutil.rmtree(cls.tmp)


def published():
    """The published CHIME rows: (performance rows, resource rows)."""
    perf, res = [], []
    with open(PUBLISHED, encoding="utf-8") as f:
        for line in f:
            cells = line.rstrip("\n").split("\t")
            (perf if cells[1].endswith(" B") else res).append(cells)
    return perf, res


def table_rows(markdown, header_start):
    """Cells of the first Markdown table whose header row starts with
    header_start."""
    lines = markdown.splitlines()
    for i, line in enumerate(lines):
        if line.startswith(header_start):
            rows = []
            for row in lines[i + 2:]:
                if not row.startswith("|"):
                    break
                rows.append([c.strip() for c in row.strip("|").split(" | ")])
            return rows
    raise AssertionError("no table starting %r" % header_start)


def section(markdown, number):
    """The text of '## <number>. ...' up to the next '## ' heading."""
    start = markdown.index("\n## %d. " % number)
    end = markdown.find("\n## ", start + 1)
    return markdown[start:end if end >= 0 else len(markdown)]


def split_cell(cell):
    """'`CHIME-512` (opt)' -> ('`CHIME-512`', 'opt')."""
    inst, _, var = cell.rpartition(" (")
    return inst, var.rstrip(")")
