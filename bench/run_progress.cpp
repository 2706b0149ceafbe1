#include "run_progress.hpp"

#include <algorithm>

namespace ngcc::bench {

bool RunTally::starts_run(const std::string &row, std::int64_t iterations) {
  const bool same_run = started_ > 0 && row == row_ && iterations > iterations_;
  row_ = row;
  iterations_ = iterations;
  if (!same_run) ++started_;
  return !same_run;
}

std::string progress_status(double elapsed_seconds, std::size_t done, std::size_t total, const std::string &row) {
  total = std::max(total, done);
  const double remaining = done == 0 ? -1 : elapsed_seconds / static_cast<double>(done) * static_cast<double>(total - done);
  return "bench: " + progress_text(elapsed_seconds, done, total, "runs", remaining) + " " + row;
}

RunProgress::RunProgress(bool terminal) : console_(terminal), start_(Clock::now()) {}

void RunProgress::start(std::size_t total_runs) {
  total_ = total_runs;
  start_ = Clock::now();
}

void RunProgress::call_starts(const std::string &row, std::int64_t iterations) {
  if (tally_.starts_run(row, iterations)) console_.status(progress_status(since(start_), tally_.started() - 1, total_, row));
}

void RunProgress::line(const std::string &text, bool error) { console_.line(text, error); }

void RunProgress::done() { console_.done(); }

}  // namespace ngcc::bench
