#!/usr/bin/env python3
"""ngcc_report.py: turn a campaign's bench.json + kat.json into §3.5 reports.

Usage:  ngcc_report.py RESULTS_DIR [--out DIR] [--baseline NAME] [--no-plots]

The tool is the package tools/report/ (its docstring describes the inputs
and the reports); this file is its command line.
"""

import sys

from report import main

if __name__ == "__main__":
    sys.exit(main())
