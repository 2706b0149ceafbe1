// Cycle counter for batch readings (docs/method.md "Timing"): user-mode CPU cycles
// from perf_event_open when the kernel allows it, else the time-stamp counter
// (rdtsc on x86-64, cntvct_el0 on AArch64) whose frequency is measured once
// against CLOCK_MONOTONIC_RAW. One reading brackets a whole loop of calls;
// there is no serialisation and no overhead subtraction, as published.
#pragma once

#include <cstdint>
#include <string>

namespace ngcc::bench {

class CycleCounter {
 public:
  enum class Source { kPerfCycles, kTsc };

  // Tries perf first unless force_tsc. tsc_hz > 0 skips the TSC calibration
  // (the bench passes its measurement to the driver processes).
  static CycleCounter open(bool force_tsc = false, double tsc_hz = 0.0);

  CycleCounter(CycleCounter &&other) noexcept;
  CycleCounter &operator=(CycleCounter &&) = delete;
  CycleCounter(const CycleCounter &) = delete;
  ~CycleCounter();

  // Monotonic count in the chosen unit (cycles of this thread in user mode,
  // or TSC ticks). Differences of two readings are what callers use.
  std::uint64_t read() const;

  Source source() const { return source_; }
  const char *source_name() const { return source_ == Source::kPerfCycles ? "perf" : "tsc"; }
  // Why perf was not used ("" when it is).
  const std::string &fallback_reason() const { return reason_; }
  // Measured TSC frequency in Hz (always measured, also when perf is used).
  double tsc_hz() const { return tsc_hz_; }
  // What the cycles are, for the record: "PERF_COUNT_HW_CPU_CYCLES (user
  // mode, counted)" or e.g. "cntvct_el0 ticks at 0.0240 GHz (cntfrq_el0);
  // core cycles estimated with the core-clock probe".
  std::string description() const;

 private:
  CycleCounter() = default;
  Source source_ = Source::kTsc;
  int perf_fd_ = -1;
  std::string reason_;
  double tsc_hz_ = 0.0;
};

// Raw time-stamp counter (rdtsc / cntvct_el0); 0 on other architectures.
std::uint64_t read_tsc();
// Its instruction or register ("rdtsc", "cntvct_el0", "none"), and where its
// frequency comes from ("cntfrq_el0", "measured against CLOCK_MONOTONIC_RAW").
const char *tsc_name();
const char *tsc_frequency_source();
// Measures the TSC frequency over `seconds` of wall time (AArch64: cntfrq_el0).
double measure_tsc_hz(double seconds = 0.1);

}  // namespace ngcc::bench
