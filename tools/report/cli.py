"""The command line: read a campaign directory, write its reports."""

import argparse
import os
import sys

from report.bench import parse_bench
from report.candidates import group_families
from report.inputs import ReportError
from report.kat import parse_kat
from report.plots import plot_family
from report.records import scan_records
from report.sections import CAMPAIGN_BASELINE, Report

DEFAULT_BASELINE = "SHA-512/openssl"


def write_text(path, text):
    with open(path, "w", encoding="utf-8", newline="\n") as f:
        f.write(text)


def generate(results_dir, out_dir, baseline=DEFAULT_BASELINE, plots=True):
    """Write every report; return the list of files written (relative names)."""
    bench_path = os.path.join(results_dir, "bench.json")
    kat_path = os.path.join(results_dir, "kat.json")
    bench = parse_bench(bench_path)
    kat = parse_kat(kat_path) if os.path.exists(kat_path) else None
    records = scan_records(results_dir)
    if baseline != CAMPAIGN_BASELINE and baseline not in bench.baselines():
        inst, _, var = baseline.rpartition("/")
        if not any(m.instance == inst and m.variant == var
                   for m in bench.measurements.values()):
            raise ReportError("%s: benchmarks: baseline %r not measured in this "
                              "run (choose one of: %s)"
                              % (bench_path, baseline,
                                 ", ".join(bench.baselines()) or "none"))
    system = os.path.basename(os.path.normpath(os.path.abspath(results_dir)))
    report = Report(bench, kat, records, baseline, system)
    families = group_families(bench, kat)
    os.makedirs(out_dir, exist_ok=True)
    written = []
    for fam in families:
        plot_name = "%s-cpb.png" % fam.stem
        write_text(os.path.join(out_dir, fam.stem + ".md"),
                   report.candidate(fam, plot_name))
        written.append(fam.stem + ".md")
        if plots:
            plot_family(os.path.join(out_dir, plot_name), bench, fam, baseline, system)
            written.append(plot_name)
    write_text(os.path.join(out_dir, "summary.md"), report.summary(families))
    written.append("summary.md")
    return written


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="ngcc_report.py",
        description="Write §3.5 reports from results/<system>/bench.json and kat.json.")
    ap.add_argument("results", help="campaign directory, e.g. results/x86_1")
    ap.add_argument("--out", help="output directory (default RESULTS/report)")
    ap.add_argument("--baseline", default=DEFAULT_BASELINE,
                    help="baseline for relative cycles/byte: <Name>/<variant>, "
                    "or 'campaign' for each instance's baseline in campaign.yaml "
                    "(default %(default)s)")
    ap.add_argument("--no-plots", action="store_true",
                    help="skip the PNG plots")
    args = ap.parse_args(argv)
    out = args.out or os.path.join(args.results, "report")
    try:
        written = generate(args.results, out, args.baseline, not args.no_plots)
    except ReportError as e:
        print("ngcc_report: error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("ngcc_report: error: %s: %s" % (e.filename or out,
                                              e.strerror or e), file=sys.stderr)
        return 2
    except Exception as e:  # a bug, or input no check foresaw: still one line
        if os.environ.get("NGCC_REPORT_DEBUG"):
            raise
        print("ngcc_report: internal error: %s: %s (set NGCC_REPORT_DEBUG=1 for "
              "a traceback)" % (type(e).__name__, e), file=sys.stderr)
        return 3
    print("ngcc_report: wrote %d files to %s" % (len(written), out))
    return 0
