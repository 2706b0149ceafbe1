// --ngcc_guide: the published measurement plan (docs/method.md "Modes,
// repetitions and pinning") and its per-record JSON, schema 2 (bench/SCHEMA.md §4).
#pragma once

#include <cstdint>
#include <string>

#include "target.hpp"

namespace ngcc::bench {

struct Plan {
  std::uint64_t iterations_per_trial = 0, warmups = 0, trials = 0;
  bool separate_processes = true;
  double estimated_s = 0, timeout_per_process_s = 0;
};

// plan() of campaign.py: t1 = one calibration call, setup = the calibration
// process's other wall time.
Plan make_plan(double t1, double setup);

struct GuideOutcome {
  bool ok = false;
  std::string error;
  Plan plan;
  double t1 = 0;
  std::uint64_t calls = 0;
  int trials = 0, disturbed_retries = 0;
  double mean_seconds = 0, mean_cpu_seconds = 0, mean_cycles = 0, median_trial_cycles = 0, median_trial_seconds = 0,
         min_trial_seconds = 0, max_trial_seconds = 0;
  long baseline_rss = 0, peak_rss = 0;
  CoreCycleTally core;      // over the timed trials
  std::string record_path;  // "" when no records directory was given
};

// Calibrates, runs the trial processes, and writes the record when
// settings.records_dir is set. Progress goes to stderr.
GuideOutcome run_guide(const RunSettings &settings, const LoadedModule &m, std::uint64_t bytes,
                       const MemoryFigures &isolated);

}  // namespace ngcc::bench
