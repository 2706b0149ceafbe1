#include "core_clock.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cycle_counter.hpp"
#include "median.hpp"

namespace ngcc::bench {
namespace {

constexpr std::uint64_t kAddsPerBlock = 32;

// The adds take a register operand, not an immediate: some renamers fold
// small immediate adds and would run the chain faster than one per cycle.
// AArch64: ADD (shifted register) with no shift, a single-cycle ALU
// operation on every core (Arm's software optimization guides for the
// Cortex-A and Neoverse cores give ADD/SUB latency 1 without a shift and 2
// with most shifts, which is why there is none). The loop counter forms a
// second, independent chain of one decrement per 32 adds, hidden behind the
// first.
#if defined(__x86_64__)
#define NGCC_PROBE_ADD "add %[step], %[acc]"
#define NGCC_PROBE_LOOP "dec %[blocks]\n\tjnz 1b"
#elif defined(__aarch64__)
#define NGCC_PROBE_ADD "add %[acc], %[acc], %[step]"
#define NGCC_PROBE_LOOP "subs %[blocks], %[blocks], #1\n\tb.ne 1b"
#endif

__attribute__((noinline)) void dependent_adds(std::uint64_t blocks, std::uint64_t step) {
#if defined(NGCC_PROBE_ADD)
  std::uint64_t acc = 0;
  __asm__ volatile("1:\n\t.rept 32\n\t" NGCC_PROBE_ADD "\n\t.endr\n\t" NGCC_PROBE_LOOP
                   : [acc] "+r"(acc), [blocks] "+r"(blocks)
                   : [step] "r"(step)
                   : "cc");
#else
  (void)blocks;
  (void)step;
#endif
}

// Not a compile-time constant, so the adds cannot be folded.
volatile std::uint64_t add_step = 1;

}  // namespace

void run_dependent_adds(std::uint64_t adds) {
  dependent_adds(std::max<std::uint64_t>(adds / kAddsPerBlock, 1), add_step);
}

const char *core_clock_method() {
  return "dependent register adds (1 core cycle each), N and 2N timed with the TSC, difference over N; median; "
         "a row's ratio: the median of the probes before and after each of its timed loops";
}

CoreClockReading probe_core_clock(std::uint64_t adds, int repeats) {
  CoreClockReading r;
#if defined(NGCC_PROBE_ADD)
  const std::uint64_t blocks = std::max<std::uint64_t>(adds / kAddsPerBlock, 1);
  const std::uint64_t step = add_step;
  dependent_adds(blocks, step);  // warm-up: code in cache, core awake
  std::vector<double> ratios;
  for (int i = 0; i < repeats; ++i) {
    const std::uint64_t t0 = read_tsc();
    dependent_adds(blocks, step);
    const std::uint64_t t1 = read_tsc();
    dependent_adds(2 * blocks, step);
    const std::uint64_t t2 = read_tsc();
    const double single = static_cast<double>(t1 - t0), twice = static_cast<double>(t2 - t1);
    if (twice > single) ratios.push_back(static_cast<double>(blocks * kAddsPerBlock) / (twice - single));
  }
  if (ratios.empty()) return r;
  r.core_per_tsc = median(ratios);
  const auto [low, high] = std::minmax_element(ratios.begin(), ratios.end());
  r.spread = (*high - *low) / r.core_per_tsc;
  r.valid = true;
#else
  (void)adds;
  (void)repeats;
#endif
  return r;
}

CoreClockEstimate combine(const CoreClockReading &before, const CoreClockReading &after) {
  CoreClockEstimate e;
  if (!before.valid || !after.valid) return e;
  e.valid = true;
  e.core_per_tsc = (before.core_per_tsc + after.core_per_tsc) / 2;
  e.disagreement = std::fabs(after.core_per_tsc - before.core_per_tsc) / before.core_per_tsc;
  e.flagged = e.disagreement > kCoreClockDisagreementLimit;
  return e;
}

void CoreCycleTally::add(double tsc_ticks, const CoreClockReading &before, const CoreClockReading &after) {
  valid_ = valid_ && before.valid && after.valid;
  tsc_ += tsc_ticks;
  before_.push_back(before.core_per_tsc);
  after_.push_back(after.core_per_tsc);
}

double CoreCycleTally::core_per_tsc() const {
  std::vector<double> all = before_;
  all.insert(all.end(), after_.begin(), after_.end());
  return median(all);
}

double CoreCycleTally::disagreement() const {
  const double before = median(before_);
  return before > 0 ? std::fabs(median(after_) - before) / before : 0;
}

}  // namespace ngcc::bench
