// Guide-mode rows are single manual-time runs, which Google Benchmark names
// "<name>/iterations:1/manual_time". This reporter wrapper restores "<name>"
// (the scheme of every other row) before the wrapped reporter prints, so a
// filter like '^CHIME-512/ref/32$' and compare.py see the same names in both
// modes. bench applies --benchmark_filter itself in guide mode for that reason.
#pragma once

#include <benchmark/benchmark.h>

#include <memory>
#include <regex>
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

// Google Benchmark's filter semantics (1.7): regex search, a leading '-'
// negates, "" and "all" match everything.
class NameFilter {
 public:
  explicit NameFilter(std::string spec) {
    if (!spec.empty() && spec[0] == '-') {
      negative_ = true;
      spec.erase(0, 1);
    }
    if (spec.empty() || spec == "all") spec = ".";
    re_ = std::regex(spec);  // throws std::regex_error on a bad pattern
  }
  bool matches(const std::string &name) const { return std::regex_search(name, re_) != negative_; }

 private:
  bool negative_ = false;
  std::regex re_;
};

}  // namespace ngcc::bench
