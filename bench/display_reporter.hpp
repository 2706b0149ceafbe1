// What bench shows while it runs: Google Benchmark's own display reporter
// (the format, colour and columns its flags chose) for the rows, under a
// short human context in place of the context text Google Benchmark prints
// (where it prints one: not for a JSON display). Its custom keys hold the
// JSON of every module and family, tens of kilobytes on one line; they
// belong in the JSON output (bench/SCHEMA.md §3). Google Benchmark's
// warnings stay, its "Library was built as DEBUG" replaced by what that
// means for our figures. Rows and lines pass through RunProgress, which
// keeps the status line under them.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "run_progress.hpp"

namespace ngcc::bench {

// What the short context says (the context keys of the same names, SCHEMA.md §3).
struct RunFacts {
  std::string cpu_model;          // cpu_model
  std::string microarchitecture;  // microarchitecture
  long pinned_cpu = -1;           // pinned_cpu; -1: unpinned
  std::string core_type;          // core_type: performance, efficiency, uniform, mixed
  std::string core_name;          // core_name, "" where unknown
  std::string cycle_counter;      // cycle_counter
  std::string cycle_source_reason;  // cycle_source_reason, "" where perf counts
  std::string counters;           // counters: what the console's cycles and cpb columns count
  std::string mode;               // ngcc_mode: default, quick, guide
  std::size_t rows = 0;
  std::size_t repetitions = 1;
  bool json_context = false;      // a JSON output (--benchmark_out or the display's) holds the context keys
};

// "bench: AMD EPYC 7B13 (zen3), pinned to CPU 1 (one kind of core)", the
// cycles, then the mode, rows and runs; one line each.
std::vector<std::string> short_context(const RunFacts &facts);

// The warning lines of Google Benchmark's context text (its
// PrintBasicContext), "Library was built as DEBUG" replaced by our line.
std::vector<std::string> context_warnings(const std::string &basic_context);

class DisplayReporter : public benchmark::BenchmarkReporter {
 public:
  // `shown`: Google Benchmark's display reporter (not owned).
  DisplayReporter(benchmark::BenchmarkReporter *shown, std::vector<std::string> context, RunProgress *progress)
      : shown_(shown), context_(std::move(context)), progress_(progress) {}

  bool ReportContext(const Context &context) override;
  void ReportRuns(const std::vector<Run> &runs) override;
  void Finalize() override;

 private:
  benchmark::BenchmarkReporter *shown_;
  std::vector<std::string> context_;
  RunProgress *progress_;
  std::ostringstream basic_context_;  // what Google Benchmark would print as the context
};

}  // namespace ngcc::bench
