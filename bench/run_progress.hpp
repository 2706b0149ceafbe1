// How far a bench run is, counted in runs: one repetition of one row (a row
// of the default mode's 5 interleaved repetitions is 5 runs). Google
// Benchmark's display reporter hears of a row only when its last repetition
// ends, which with interleaving can be minutes after its first; the rows'
// benchmark functions (rows.cpp) hear of every run as it starts, so they
// count. The status line is ngcc-kat's (kat_tests/console.hpp).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>

#include "console.hpp"

namespace ngcc::bench {

// Which calls of the rows' benchmark functions start a run. Google Benchmark
// calls a row's function once per repetition, except in the row's first
// repetition: there it calls it with a growing iteration count until the
// loop lasts long enough, and keeps the last count for every later
// repetition (bench/README.md, "What the console shows"). So a call of the row of the call
// before it, asking for more iterations, is that run still; any other call
// starts a run.
class RunTally {
 public:
  // A call of `row`'s function asking for `iterations`; true if it starts a run.
  bool starts_run(const std::string &row, std::int64_t iterations);
  std::size_t started() const { return started_; }

 private:
  std::string row_;
  std::int64_t iterations_ = 0;
  std::size_t started_ = 0;
};

// The status line while `row` runs: "bench: [1:05 elapsed, 12/120 runs, ETA
// 9:45] CHIME-512/opt/4096"; the ETA at the mean time of the runs done
// (none done: "ETA –"), a total exceeded counted as reached.
std::string progress_status(double elapsed_seconds, std::size_t done, std::size_t total, const std::string &row);

class RunProgress {
 public:
  // `terminal`: redraw the status line in place, else a line a minute (Console).
  explicit RunProgress(bool terminal);
  // The run begins: `total_runs` to come, the clock starts.
  void start(std::size_t total_runs);
  // At the start of every call of a row's function, before anything is timed.
  void call_starts(const std::string &row, std::int64_t iterations);
  // A line of output: the status line is cleared before it and redrawn after.
  void line(const std::string &text, bool error = false);
  // After the last run: the status line goes.
  void done();

 private:
  Console console_;
  RunTally tally_;
  std::size_t total_ = 0;
  Clock::time_point start_;
};

}  // namespace ngcc::bench
