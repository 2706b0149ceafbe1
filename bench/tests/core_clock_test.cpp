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
  // A core clock between half and four times the TSC rate.
  EXPECT_GT(r.core_per_tsc, 0.5);
  EXPECT_LT(r.core_per_tsc, 4.0);
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

TEST(CoreClock, TallyWeighsLoopsByTheirTicks) {
  CoreCycleTally t;
  t.add(1000, combine(reading(1.0), reading(1.0)));
  t.add(3000, combine(reading(2.0), reading(2.1)));
  EXPECT_TRUE(t.valid());
  EXPECT_DOUBLE_EQ(t.estimated(), 1000 + 3000 * 2.05);
  EXPECT_DOUBLE_EQ(t.core_per_tsc(), (1000 + 3000 * 2.05) / 4000);
  EXPECT_NEAR(t.disagreement(), 0.05, 1e-12);
  EXPECT_TRUE(t.flagged());
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
