// The reporter bench hands Google Benchmark, wrapping one of its own:
//  - guide-mode rows are single manual-time runs, which Google Benchmark
//    names "<name>/iterations:1/manual_time"; with clean_names the wrapper
//    restores "<name>" (the scheme of every other row), so compare.py and the
//    report see the same names in every mode (bench applies
//    --benchmark_filter itself in guide mode, name_filter.hpp);
//  - a JSON reporter writes the context before the first row, but the
//    context also holds the campaign's end (time, load, core clock). With an
//    end_of_run hook the wrapper holds the context and the rows, runs the
//    hook (which adds those keys), then writes them all at Finalize. The
//    console shows every row as it comes; the JSON appears at the end;
//  - with a journal (row_journal.hpp) every row is appended to it as it
//    ends, and the rows an earlier run of the same settings kept there are
//    written after this run's, as that run's reporter wrote them.
#pragma once

#include <benchmark/benchmark.h>

#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "row_journal.hpp"

namespace ngcc::bench {

class NgccReporter : public benchmark::BenchmarkReporter {
 public:
  // `inner` is not owned when `owned` is null (the default display reporter
  // belongs to Google Benchmark). A null end_of_run streams.
  NgccReporter(benchmark::BenchmarkReporter *inner, std::unique_ptr<benchmark::BenchmarkReporter> owned,
               bool clean_names, std::function<void()> end_of_run)
      : inner_(inner), owned_(std::move(owned)), clean_names_(clean_names), end_of_run_(std::move(end_of_run)) {}

  // The journal (not owned) and the JSON text of the rows kept from it;
  // for a JSON reporter with an end_of_run hook.
  void keep_rows(RowJournal *journal, std::vector<std::string> kept_json) {
    journal_ = journal;
    kept_json_ = std::move(kept_json);
  }

  bool ReportContext(const Context &context) override {
    inner_->SetOutputStream(&GetOutputStream());
    inner_->SetErrorStream(&GetErrorStream());
    if (!end_of_run_) return inner_->ReportContext(context);
    context_.emplace(context);
    return true;
  }
  void ReportRuns(const std::vector<Run> &runs) override {
    std::vector<Run> renamed = runs;
    if (clean_names_)
      for (Run &r : renamed) {
        r.run_name.iterations.clear();
        r.run_name.time_type.clear();
      }
    if (journal_ != nullptr) journal_->append(renamed);
    if (end_of_run_)
      held_.push_back(std::move(renamed));
    else
      inner_->ReportRuns(renamed);
  }
  void Finalize() override {
    if (end_of_run_) {
      end_of_run_();
      if (context_ && inner_->ReportContext(*context_)) {
        bool any = false;
        for (const auto &runs : held_) {
          inner_->ReportRuns(runs);
          any = any || !runs.empty();
        }
        // After the JSON reporter's groups, separated as it separates them.
        std::ostream &out = GetOutputStream();
        for (const std::string &json : kept_json_) {
          out << (any ? ",\n" : "") << json;
          any = true;
        }
      }
    }
    inner_->Finalize();
  }

 private:
  benchmark::BenchmarkReporter *inner_;
  std::unique_ptr<benchmark::BenchmarkReporter> owned_;
  bool clean_names_;
  std::function<void()> end_of_run_;
  std::optional<Context> context_;
  std::vector<std::vector<Run>> held_;
  RowJournal *journal_ = nullptr;
  std::vector<std::string> kept_json_;
};

}  // namespace ngcc::bench
