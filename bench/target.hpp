// A module the bench measures, as loaded and described at start-up.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "campaign.hpp"
#include "core_clock.hpp"
#include "environment.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::bench {

struct LoadedModule {
  LoadedModule(ModuleSpec s, ngcc::Module m) : spec(std::move(s)), module(std::move(m)) {}
  ModuleSpec spec;
  ngcc::Module module;
  // Ours: from ngcc_instance(); libraries: from the campaign entry.
  std::string implementation, build_flags, cpu_features, code_path;
  // Baselines: the flags of our EVP wrapper (build_flags are libcrypto's).
  std::string wrapper_build_flags;
  std::string sha256;
  std::uint64_t static_bytes = 0;
};

// Facts every measurement needs.
struct RunSettings {
  std::string driver;   // path of ngcc-driver
  double tsc_hz = 0;    // passed to the driver (no recalibration per process)
  long cpu = -1;        // pin drivers to this CPU (-1: not pinned)
  std::string cycle_source, records_dir;
  int max_attempts = 3;  // guide: attempts per trial process when disturbed (published: 3)
  Facts environment;     // environment_facts() plus the campaign start
  CoreClockReading core_clock_start;
};

// Process-level memory proxies plus the isolated figures of one call.
struct MemoryFigures {
  std::uint64_t static_bytes = 0, stack_bytes = 0, heap_bytes = 0;
  long baseline_rss = 0, peak_rss = 0;
};

}  // namespace ngcc::bench
