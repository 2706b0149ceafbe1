// Starting ngcc-driver and parsing its TRIAL/META/STATUS lines.
#pragma once

#include <cstdint>
#include <map>
#include <string>
#include <vector>

#include "process.hpp"
#include "target.hpp"

namespace ngcc::bench {

struct Trial {
  std::uint64_t calls = 0;
  double seconds = 0, cycles = 0, cpu_seconds = 0;
  double tsc_cycles = 0;                                // TSC ticks of the loop (= cycles with the TSC)
  double core_per_tsc_before = 0, core_per_tsc_after = 0;  // core clock probes around it, 0 if none
};

struct DriverRun {
  std::vector<std::string> command;
  ProcessResult process;
  std::vector<Trial> trials;
  std::map<std::string, std::string> meta;
  bool complete = false;  // STATUS complete, exit 0, all trials present
  std::string error;      // one line when not complete
  long meta_long(const std::string &key) const;
};

DriverRun run_driver(const RunSettings &settings, const LoadedModule &m, std::uint64_t bytes,
                     std::uint64_t iters, std::uint64_t warmups, std::uint64_t trials,
                     double timeout_s);

}  // namespace ngcc::bench
