"""The command line of the site (tools/ngcc site)."""

import argparse
import os
import sys

from hashbench import ROOT
from hashbench.report.inputs import ReportError
from hashbench.report.site import build_site


def main(argv=None):
    ap = argparse.ArgumentParser(
        prog="tools/ngcc site",
        description="A static site (HTML, SVG plots) of every campaign under results/: the same "
                    "pages as the Markdown reports, the field tables sortable and filterable, one "
                    "page per parameter set across systems. Open DIR/index.html, or serve DIR "
                    "with python3 -m http.server.")
    ap.add_argument("--out", default=os.path.join(ROOT, "build", "site"),
                    help="the site's directory, emptied first (default build/site)")
    ap.add_argument("--results", default=os.path.join(ROOT, "results"),
                    help="the campaigns' directory (default results/ of this repository)")
    args = ap.parse_args(argv)
    try:
        written = build_site(args.results, args.out)
    except ReportError as e:
        print("ngcc site: error: %s" % e, file=sys.stderr)
        return 2
    except OSError as e:
        print("ngcc site: error: %s: %s" % (e.filename or args.out, e.strerror or e), file=sys.stderr)
        return 2
    print("ngcc site: wrote %d files to %s (open %s)"
          % (len(written), args.out, os.path.join(args.out, "index.html")))
    return 0
