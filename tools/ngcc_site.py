#!/usr/bin/env python3
"""ngcc_site.py: the static site of every campaign under results/.

Usage:  ngcc_site.py [--out DIR] [--results DIR]

The site is made by tools/report/site.py (its docstring describes the
pages); this file is its command line.
"""

import sys

from report.site_cli import main

if __name__ == "__main__":
    sys.exit(main())
