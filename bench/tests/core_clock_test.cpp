// The core clock probe gives a plausible ratio, combines its readings as
// documented, and (where a hardware counter exists) agrees with it.
#include <gtest/gtest.h>

#include "core_clock.hpp"
#include "cycle_counter.hpp"

namespace {

using ngcc::bench::combine;
using ngcc::bench::CoreClockReading;
using ngcc::bench::CoreCycleTally;
using ngcc::bench::probe_core_clock;

CoreClockReading reading(double ratio) {
  CoreClockReading r;
  r.valid = true;
  r.core_per_tsc = ratio;
  return r;
}

TEST(CoreClock, ProbeRatioIsPlausible) {
  const CoreClockReading r = probe_core_clock();
#if defined(__x86_64__) || defined(__aarch64__)
  ASSERT_TRUE(r.valid);
  // A core clock between 0.2 and 6 GHz. The ratio is per tick of a timer
  // whose rate differs by architecture: the TSC's GHz on x86-64, cntvct_el0's
  // 19.2 MHz to 1 GHz on AArch64.
  const double ghz = r.core_per_tsc * ngcc::bench::measure_tsc_hz() / 1e9;
  EXPECT_GT(ghz, 0.2) << r.core_per_tsc;
  EXPECT_LT(ghz, 6.0) << r.core_per_tsc;
  EXPECT_GE(r.spread, 0.0);
#else
  EXPECT_FALSE(r.valid);
#endif
}

TEST(CoreClock, CombineFlagsDisagreementAboveTwoPercent) {
  const auto close = combine(reading(1.5), reading(1.515));
  EXPECT_TRUE(close.valid);
  EXPECT_DOUBLE_EQ(close.core_per_tsc, 1.5075);
  EXPECT_NEAR(close.disagreement, 0.01, 1e-12);
  EXPECT_FALSE(close.flagged);
  const auto apart = combine(reading(1.5), reading(1.44));
  EXPECT_NEAR(apart.disagreement, 0.04, 1e-12);
  EXPECT_TRUE(apart.flagged);
  EXPECT_FALSE(combine(reading(1.5), CoreClockReading{}).valid);
}

TEST(CoreClock, TallyTakesTheMedianOfEveryProbe) {
  // Five trials; one probe read 3 % low (a scheduler hiccup), the row is not flagged.
  CoreCycleTally t;
  const double before[] = {1.50, 1.51, 1.455, 1.50, 1.49}, after[] = {1.51, 1.50, 1.50, 1.49, 1.50};
  for (int i = 0; i < 5; ++i) t.add(1000, reading(before[i]), reading(after[i]));
  EXPECT_TRUE(t.valid());
  EXPECT_EQ(t.probes(), 10);
  EXPECT_DOUBLE_EQ(t.core_per_tsc(), 1.50);
  EXPECT_DOUBLE_EQ(t.estimated(), 5000 * 1.50);
  EXPECT_NEAR(t.disagreement(), 0.0, 1e-12);
  EXPECT_FALSE(t.flagged());
  // The clock moving during the row: the medians before and after differ by 4 %.
  CoreCycleTally moved;
  moved.add(1000, reading(1.50), reading(1.44));
  EXPECT_NEAR(moved.disagreement(), 0.04, 1e-12);
  EXPECT_TRUE(moved.flagged());
  CoreCycleTally missing;
  missing.add(1000, reading(1.5), CoreClockReading{});
  EXPECT_FALSE(missing.valid());
}

// The estimate against real core cycles, where perf_event_open counts them.
TEST(CoreClock, EstimateMatchesTheHardwareCounter) {
  const ngcc::bench::CycleCounter counter = ngcc::bench::CycleCounter::open();
  if (counter.source() != ngcc::bench::CycleCounter::Source::kPerfCycles)
    GTEST_SKIP() << "no hardware cycle counter here (" << counter.fallback_reason() << ")";
  const std::uint64_t adds = 1u << 24;
  const CoreClockReading before = probe_core_clock();
  const std::uint64_t tsc0 = ngcc::bench::read_tsc(), c0 = counter.read();
  ngcc::bench::run_dependent_adds(adds);
  const std::uint64_t c1 = counter.read(), tsc1 = ngcc::bench::read_tsc();
  const CoreClockReading after = probe_core_clock();
  const auto clock = combine(before, after);
  ASSERT_TRUE(clock.valid);
  const double counted = static_cast<double>(c1 - c0);
  const double estimated = static_cast<double>(tsc1 - tsc0) * clock.core_per_tsc;
  EXPECT_NEAR(counted, static_cast<double>(adds), 0.05 * static_cast<double>(adds));  // one cycle per add
  EXPECT_NEAR(estimated, counted, 0.05 * counted);
}

}  // namespace
