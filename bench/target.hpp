// A module the bench measures, as loaded and described at start-up.
#pragma once

#include <cstdint>
#include <string>
#include <utility>

#include "campaign.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::bench {

struct LoadedModule {
  LoadedModule(ModuleSpec s, ngcc::Module m) : spec(std::move(s)), module(std::move(m)) {}
  ModuleSpec spec;
  ngcc::Module module;
  // From ngcc_instance(), or from campaign.yaml for external modules.
  std::string candidate_id, family, kat_name, code_path;
  int digest_bits = 0;  // the KAT width, passed as digest_len_bits
  bool is_xof = false;
  std::string sha256;
  std::uint64_t static_bytes = 0;
};

// Facts every driver run needs.
struct RunSettings {
  std::string driver;   // path of ngcc-driver
  double tsc_hz = 0;    // passed to the driver (no recalibration per process)
  long cpu = -1;        // pin drivers to this CPU (-1: not pinned)
  std::string cycle_source, records_dir;
  int max_attempts = 3;  // guide: attempts per trial process when disturbed (published: 3)
};

// Process-level memory proxies plus the isolated figures of one call.
struct MemoryFigures {
  std::uint64_t static_bytes = 0, stack_bytes = 0, heap_bytes = 0;
  long baseline_rss = 0, peak_rss = 0;
};

}  // namespace ngcc::bench
