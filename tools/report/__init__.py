"""The report tool: a campaign's bench.json + kat.json as §3.5 reports.

RESULTS_DIR is results/<system>/ and holds
  bench.json   Google Benchmark JSON written by `bench` (bench/SCHEMA.md)
  kat.json     KAT outcome per module and file kind (schema ngcc-kat/1)
  records/     optional per-(parameter set, size) guide records (--ngcc_guide)
The reports are written to --out (default RESULTS_DIR/report):
  <id>-<Family>.md      one per candidate, the sections of the published
                        x86 reports (shared/examples/) plus a variant column,
                        cycles/byte relative to a same-run baseline and the
                        isolated stack/heap bytes
  <id>-<Family>-cpb.png cycles/byte against message size per family
  summary.md            every parameter set ranked at 1024 B and 65536 B

The output depends only on the input files: running the tool twice, or on
another machine with the same matplotlib, gives the same bytes.

Bad input (unreadable, truncated or malformed JSON, a missing or mistyped
field) ends the run with one line naming the file and the field, exit 2.

Modules, in the order the data flows:
  formats      the number formats of the published reports
  inputs       JSON loading and checking (ReportError names file and field)
  bench, kat, records
               the three inputs: bench.json, kat.json, records/**.json
  candidates   families, candidates, parameter sets and variants
  markdown     tables, code spans, the prose templates (templates/*.md)
  environment  the §2 assessment environment rows
  sections     the candidate reports and the summary
  plots        the cycles/byte plot per family
  cli          generate() and the command line (tools/ngcc_report.py)
"""

from report.bench import parse_bench
from report.cli import generate, main
from report.formats import (fmt_calls, fmt_cycles, fmt_int, fmt_kib, fmt_mbs,
                            fmt_one_decimal, fmt_ratio, fmt_time, size_label)
from report.inputs import ReportError
from report.kat import parse_kat
from report.sections import skipped_modules

__all__ = ["ReportError", "fmt_calls", "fmt_cycles", "fmt_int", "fmt_kib", "fmt_mbs",
           "fmt_one_decimal", "fmt_ratio", "fmt_time", "generate", "main", "parse_bench",
           "parse_kat", "size_label", "skipped_modules"]
