// Core clock probe: core cycles per TSC tick where no hardware counter
// exists (bench/SCHEMA.md `core_clock`). A chain of dependent register adds
// takes exactly one core cycle per add on every x86-64 and AArch64 core, so
// timing N and 2N adds with the TSC gives N core cycles in (t_2N - t_N)
// ticks; the read and loop overheads are the same in both and cancel. The
// ratio is the median of `repeats` such pairs (a pair interrupted by the
// scheduler is an outlier).
#pragma once

#include <cstdint>
#include <vector>

namespace ngcc::bench {

// About 0.7 ms per probe at 3 GHz: cheap enough around every row.
constexpr std::uint64_t kCoreClockAdds = 1u << 17;
constexpr int kCoreClockRepeats = 5;
constexpr double kCoreClockDisagreementLimit = 0.02;

struct CoreClockReading {
  bool valid = false;       // false where the probe has no implementation
  double core_per_tsc = 0;  // median ratio
  double spread = 0;        // (max - min) / median of the ratios
};

CoreClockReading probe_core_clock(std::uint64_t adds = kCoreClockAdds, int repeats = kCoreClockRepeats);

// Runs `adds` dependent single-cycle adds (a multiple of 32); the workload
// the probe times, also used to check the probe against a cycle counter.
void run_dependent_adds(std::uint64_t adds);

const char *core_clock_method();

// The probes taken before and after one measurement, combined.
struct CoreClockEstimate {
  bool valid = false;
  double core_per_tsc = 0;   // mean of the two ratios
  double disagreement = 0;   // |after - before| / before
  bool flagged = false;      // disagreement > kCoreClockDisagreementLimit
};

CoreClockEstimate combine(const CoreClockReading &before, const CoreClockReading &after);

// Core cycles of one or more timed loops (a row, or a guide row's trials),
// each with a probe just before and just after it: all their TSC ticks times
// the median of all the probes. A single probe is off by a per cent or two
// on a busy host; the median of ten (five trials) is not. The clock moved
// during the row when the median of the probes before the loops and that of
// the probes after them differ by more than kCoreClockDisagreementLimit.
class CoreCycleTally {
 public:
  void add(double tsc_ticks, const CoreClockReading &before, const CoreClockReading &after);
  bool valid() const { return valid_ && tsc_ > 0; }
  double estimated() const { return tsc_ * core_per_tsc(); }  // Σ ticks × median ratio
  double core_per_tsc() const;  // the median of every probe
  double disagreement() const;  // |median after − median before| / median before
  bool flagged() const { return disagreement() > kCoreClockDisagreementLimit; }
  int probes() const { return static_cast<int>(before_.size() + after_.size()); }

 private:
  bool valid_ = true;
  double tsc_ = 0;
  std::vector<double> before_, after_;
};

}  // namespace ngcc::bench
