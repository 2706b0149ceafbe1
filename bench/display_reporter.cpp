#include "display_reporter.hpp"

namespace ngcc::bench {
namespace {

// The substance of bench/README.md ("Comparing runs with compare.py", the
// note on Debian's libbenchmark) and of the report's environment row.
const char kDebugLibraryLine[] =
    "bench: Google Benchmark is Debian's DEBUG build: that slows only its bookkeeping between timed loops; "
    "the loops and their cycle readings are bench's own, built in Release (bench/README.md)";

std::string pinning(const RunFacts &f) {
  if (f.pinned_cpu < 0) return "unpinned";
  std::string kind = f.core_type == "performance" ? "a performance core"
                     : f.core_type == "efficiency" ? "an efficiency core"
                                                   : "one kind of core";
  if (!f.core_name.empty()) kind += ", " + f.core_name;
  return "pinned to CPU " + std::to_string(f.pinned_cpu) + " (" + kind + ")";
}

}  // namespace

std::vector<std::string> short_context(const RunFacts &f) {
  std::vector<std::string> lines;
  std::string cpu = f.cpu_model;
  if (!f.microarchitecture.empty() && f.microarchitecture != "unavailable") cpu += " (" + f.microarchitecture + ")";
  lines.push_back("bench: " + cpu + ", " + pinning(f));
  lines.push_back("bench: cycles: " + f.cycle_counter +
                  (f.cycle_source_reason.empty() ? "" : " (" + f.cycle_source_reason + ")"));
  lines.push_back("bench: " + f.counters);
  const std::string runs = f.repetitions == 1
                               ? std::to_string(f.rows) + " rows, one repetition each"
                               : std::to_string(f.rows) + " rows × " + std::to_string(f.repetitions) +
                                     " repetitions = " + std::to_string(f.rows * f.repetitions) + " runs";
  lines.push_back("bench: " + f.mode + " mode, " + runs + "; the context keys (bench/SCHEMA.md §3) " +
                  (f.json_context ? "are in the JSON output" : "go to a JSON output only (--benchmark_out=FILE)"));
  return lines;
}

std::vector<std::string> context_warnings(const std::string &basic_context) {
  std::vector<std::string> lines;
  std::istringstream text(basic_context);
  for (std::string line; std::getline(text, line);) {
    if (line.compare(0, 13, "***WARNING***") != 0) continue;
    lines.push_back(line.find("Library was built as DEBUG") != std::string::npos ? kDebugLibraryLine : line);
  }
  return lines;
}

bool DisplayReporter::ReportContext(const Context &context) {
  shown_->SetOutputStream(&GetOutputStream());
  shown_->SetErrorStream(&basic_context_);
  const bool go_on = shown_->ReportContext(context);
  // In place of Google Benchmark's context text: none where it prints none (a JSON display).
  if (basic_context_.str().empty()) return go_on;
  for (const std::string &line : context_) progress_->line(line, true);
  for (const std::string &line : context_warnings(basic_context_.str())) progress_->line(line, true);
  return go_on;
}

void DisplayReporter::ReportRuns(const std::vector<Run> &runs) {
  std::ostringstream text;
  shown_->SetOutputStream(&text);
  shown_->ReportRuns(runs);
  shown_->SetOutputStream(&GetOutputStream());
  std::string rows = text.str();
  if (!rows.empty() && rows.back() == '\n') rows.pop_back();
  if (!rows.empty()) progress_->line(rows);
}

void DisplayReporter::Finalize() {
  progress_->done();
  shown_->Finalize();
}

}  // namespace ngcc::bench
