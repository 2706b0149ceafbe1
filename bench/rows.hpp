// One Google Benchmark row per (module, message size), named
// <instance>/<variant>/<bytes>; its counters are documented in SCHEMA.md §2.
#pragma once

#include <cstdint>
#include <memory>
#include <set>
#include <string>
#include <vector>

#include "cycle_counter.hpp"
#include "name_filter.hpp"
#include "run_progress.hpp"
#include "target.hpp"

namespace ngcc::bench {

struct RowOptions {
  bool guide = false;  // the published plan in driver processes, else Google Benchmark's loop
  bool rss = true;     // fresh-process RSS probe per row (default mode)
  const std::set<std::string> *kept = nullptr;  // rows an earlier run kept (row_journal.hpp): not registered
};

// Registers the rows of every module at every size but the kept ones; in
// guide mode only those `guide_filter` selects (Google Benchmark cannot
// filter the clean names).
// Every call of a row's function tells `progress` first, and the rows' lines
// pass through it. Returns the names registered. Everything passed must
// outlive the run.
std::vector<std::string> register_rows(const std::vector<std::unique_ptr<LoadedModule>> &modules, const std::vector<std::uint64_t> &sizes,
                   const RunSettings &settings, const CycleCounter &counter, RowOptions options,
                   const NameFilter *guide_filter, RunProgress *progress);

}  // namespace ngcc::bench
