"""The command line: read a campaign directory, write its reports."""

import argparse
import os
import sys

from hashbench import ROOT
from hashbench.report.bench import parse_bench
from hashbench.report.candidates import group_families
from hashbench.report.comparison import CAMPAIGN, DEFAULT, ICCS, NONE, Comparison
from hashbench.report.ct import parse_ct
from hashbench.report.inputs import ReportError
from hashbench.report.field import field_summary, parse_field
from hashbench.report.kat import parse_kat
from hashbench.report.model import Figure
from hashbench.report.plots import save
from hashbench.report.records import scan_records
from hashbench.report.render_markdown import render_page
from hashbench.report.sections import Report
from hashbench.report.summary import summary


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)




def system_of(results_dir):
    """The system a campaign directory holds the runs of: its name, or for a
    run beside a campaign (results/<system>/runs/<UTC>/) the campaign's."""
    path = os.path.normpath(os.path.abspath(results_dir))
    parent = os.path.dirname(path)
    if os.path.basename(parent) == "runs":
        return os.path.basename(os.path.dirname(parent))
    return os.path.basename(path)


def method_link(out_dir):
    """docs/method.md as a link from the pages in out_dir: its relative path
    where out_dir lies in this repository (results/<system>/report/, or a
    run's report two levels deeper); elsewhere as from results/<system>/report/."""
    out = os.path.abspath(out_dir)
    if out.startswith(ROOT + os.sep):
        return os.path.relpath(os.path.join(ROOT, "docs", "method.md"), out)
    return "../../../docs/method.md"


def campaign_report(results_dir, baseline=None, method="../../../docs/method.md", plots=True):
    """The Report of a campaign directory and its families, every input read
    and checked. baseline: None for the default (SHA-512/openssl where
    measured), 'none', 'campaign' or '<Name>/<variant>'; method: docs/method.md
    as a link from the pages; plots: whether the pages show their plots."""
    bench_path = os.path.join(results_dir, "bench.json")
    kat_path = os.path.join(results_dir, "kat.json")
    bench = parse_bench(bench_path)
    kat = parse_kat(kat_path) if os.path.exists(kat_path) else None
    ct_path = os.path.join(results_dir, "ct.json")
    ct = parse_ct(ct_path) if os.path.exists(ct_path) else None
    records = scan_records(results_dir)
    tsc_hz = float(bench.context.get("tsc_ghz") or 0) * 1e9
    for key, trials in records.trials.items():
        measurement = bench.measurements.get(key)
        if measurement is not None and measurement.ok:
            measurement.use_trials(trials, tsc_hz)
    comparison = Comparison(bench, baseline)
    report = Report(bench, kat, records, comparison, system_of(results_dir), ct, method, plots)
    return report, group_families(bench, kat)


def field_packages(results_dir):
    """The packages of a field run (results_dir/field.json), or None."""
    path = os.path.join(results_dir, "field.json")
    return parse_field(path) if os.path.exists(path) else None


def report_pages(report, families, field=False, packages=None):
    """The model pages of a campaign: one per candidate, the summary, and
    with field the field summary."""
    pages = [report.candidate(fam) for fam in families] + [summary(report, families)]
    if field:
        pages.append(field_summary(report, families, packages))
    return pages


def figures(pages):
    """Every Figure of the pages, in page order."""
    return [block for p in pages for block in p.blocks if isinstance(block, Figure)]


def generate(results_dir, out_dir, baseline=None, plots=True, field=False):
    """Write every report; return the list of files written (relative names).
    field: also the field summary (field.md, and its ranking plot)."""
    report, families = campaign_report(results_dir, baseline, method_link(out_dir), plots)
    pages = report_pages(report, families, field, field_packages(results_dir) if field else None)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for p in pages:
        write_text(os.path.join(out_dir, p.name + ".md"), render_page(p))
        written.append(p.name + ".md")
        for figure in figures([p]):
            save(figure, os.path.join(out_dir, figure.name + ".png"), "png")
            written.append(figure.name + ".png")
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/ngcc report",
        description="Write §3.5 reports from results/<system>/bench.json and kat.json.")
    ap.add_argument("results", help="campaign directory, e.g. results/x86_1")
    ap.add_argument("--out", help="output directory (default RESULTS/report)")
    ap.add_argument("--baseline", default=None,
                    help="baseline of the relative figures: '%s' for the ICCS helper pseudoXOF "
                    "of each instance's width, as the published summary; <Name>/<variant>; "
                    "'%s' for the baseline each instance declares; '%s' for no "
                    "relative figures (default: %s where the run measured it, else %s "
                    "where it did, else none)" % (ICCS, CAMPAIGN, NONE, ICCS, DEFAULT))
    ap.add_argument("--no-plots", action="store_true",
                    help="skip the PNG plots")
    ap.add_argument("--field", action="store_true",
                    help="also the field summary of every candidate (field.md, field-ranking.png)")
    args = ap.parse_args(argv)
    out = args.out or os.path.join(args.results, "report")
    try:
        written = generate(args.results, out, args.baseline, not args.no_plots, args.field)
    except ReportError as e:
        print("ngcc report: error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("ngcc report: error: %s: %s" % (e.filename or out,
                                              e.strerror or e), file=sys.stderr)
        return 2
    except Exception as e:  # a bug, or input no check foresaw: still one line
        if os.environ.get("NGCC_REPORT_DEBUG"):
            raise
        print("ngcc report: internal error: %s: %s (set NGCC_REPORT_DEBUG=1 for "
              "a traceback)" % (type(e).__name__, e), file=sys.stderr)
        return 3
    print("ngcc report: wrote %d files to %s" % (len(written), out))
    return 0
