#include "core_clock.hpp"

#include <algorithm>
#include <cmath>
#include <vector>

#include "cycle_counter.hpp"

namespace ngcc::bench {
namespace {

constexpr std::uint64_t kAddsPerBlock = 32;

// The adds take a register operand, not an immediate: some renamers fold
// small immediate adds and would run the chain faster than one per cycle.
// The loop counter forms a second, independent chain of one decrement per
// 32 adds, hidden behind the first.
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
  return "dependent register adds (1 core cycle each), N and 2N timed with the TSC, difference over N; median";
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
  std::sort(ratios.begin(), ratios.end());
  const std::size_t n = ratios.size();
  r.core_per_tsc = n % 2 ? ratios[n / 2] : (ratios[n / 2 - 1] + ratios[n / 2]) / 2;
  r.spread = (ratios.back() - ratios.front()) / r.core_per_tsc;
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

void CoreCycleTally::add(double tsc_ticks, const CoreClockEstimate &clock) {
  valid_ = valid_ && clock.valid;
  tsc_ += tsc_ticks;
  estimated_ += tsc_ticks * clock.core_per_tsc;
  disagreement_ = std::max(disagreement_, clock.disagreement);
}

}  // namespace ngcc::bench
