"""The report tool: a campaign's bench.json + kat.json as §3.5 reports.

RESULTS_DIR is results/<system>/ and holds
  bench.json   Google Benchmark JSON written by `bench` (bench/SCHEMA.md)
  kat.json     KAT outcome per module and file kind (schema ngcc-kat/1)
  records/     optional per-(parameter set, size) guide records (--ngcc_guide)
The reports are written to --out (default RESULTS_DIR/report):
  <id>-<Family>.md      one per candidate: the sections, lines, columns and
                        number formats of the published x86 reports, one row
                        per (instance, variant); after each published table
                        our additions in titled tables (ratio to a same-run
                        baseline with its 95 % interval, best call, CPU time,
                        TSC ticks, isolated stack/heap, per-file KAT detail)
  <id>-<Family>.md      also one per external library (a candidate this suite
                        does not implement), in free form
  <id>-<Family>-cpb.png cycles/byte against message size per family
  summary.md            every parameter set ranked at 1024 B and 65536 B
docs/reports.md describes the layout, docs/method.md the measurement.

The output depends only on the input files: running the tool twice, or on
another machine with the same matplotlib, gives the same bytes.

Bad input (unreadable, truncated or malformed JSON, a missing or mistyped
field) ends the run with one line naming the file and the field, exit 2.

Modules, in the order the data flows:
  formats      the number formats of the published reports
  inputs       JSON loading and checking (ReportError names file and field)
  bench, kat, ct, records
               the inputs: bench.json, kat.json, ct.json, records/**.json
  candidates   families, parameter sets and variants (ngcc_families and
               ngcc_modules)
  stats        the bootstrap interval of a ratio over the repetitions
  comparison   the baseline of the relative figures and their cells
  model        the report model: pages of headings, paragraphs, tables
               (cells with their sort values), figures (their data)
  environment  the §2 assessment environment and measurement record
  sections     the candidate pages (and the external libraries')
  summary      the summary page
  field        the field summary page
  figures      the data of a family's cycles/byte plot
  render_markdown
               the model as the committed Markdown pages
  plots        a model figure drawn by matplotlib (PNG, SVG)
  cli          generate() and the command line (tools/ngcc report)
The static site (tools/ngcc site) is made of the same model pages:
  render_html  the model as HTML, tables sortable and filterable by
               static/site.js, figures as SVG
  docs         docs/method.md and the pages it cites, rendered
  site         the site's own pages and the writing of every page through
               templates/page.html; site_cli its command line
  site_links   every link and image of a site resolves (tools/ngcc check)
"""

from hashbench.report.bench import parse_bench
from hashbench.report.cli import generate, main
from hashbench.report.formats import (fmt_calls, fmt_cycles, fmt_int, fmt_kib, fmt_mbs,
                            fmt_one_decimal, fmt_ratio, fmt_ratio_interval, fmt_time,
                            size_label)
from hashbench.report.inputs import ReportError
from hashbench.report.kat import parse_kat
from hashbench.report.stats import ratio_interval
from hashbench.report.summary import skipped_modules

__all__ = ["ReportError", "fmt_calls", "fmt_cycles", "fmt_int", "fmt_kib", "fmt_mbs",
           "fmt_one_decimal", "fmt_ratio", "fmt_ratio_interval", "fmt_time", "generate",
           "main", "parse_bench", "parse_kat", "ratio_interval", "size_label",
           "skipped_modules"]
