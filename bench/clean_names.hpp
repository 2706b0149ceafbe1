// Guide-mode rows are single manual-time runs, which Google Benchmark names
// "<name>/iterations:1/manual_time". This reporter wrapper restores "<name>"
// (the scheme of every other row) before the wrapped reporter prints, so
// compare.py and report tools see the same names in both modes. bench applies
// --benchmark_filter itself in guide mode (name_filter.hpp) for the same reason.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <string>
#include <vector>

namespace ngcc::bench {

class CleanNamesReporter : public benchmark::BenchmarkReporter {
 public:
  // `inner` is not owned when `owned` is null (the default display reporter
  // belongs to Google Benchmark).
  CleanNamesReporter(benchmark::BenchmarkReporter *inner, std::unique_ptr<benchmark::BenchmarkReporter> owned)
      : inner_(inner), owned_(std::move(owned)) {}

  bool ReportContext(const Context &context) override {
    inner_->SetOutputStream(&GetOutputStream());
    inner_->SetErrorStream(&GetErrorStream());
    return inner_->ReportContext(context);
  }
  void ReportRuns(const std::vector<Run> &runs) override {
    std::vector<Run> renamed = runs;
    for (Run &r : renamed) {
      r.run_name.iterations.clear();
      r.run_name.time_type.clear();
    }
    inner_->ReportRuns(renamed);
  }
  void Finalize() override { inner_->Finalize(); }

 private:
  benchmark::BenchmarkReporter *inner_;
  std::unique_ptr<benchmark::BenchmarkReporter> owned_;
};

}  // namespace ngcc::bench
