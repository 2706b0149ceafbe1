// The published plan (docs/method.md "Modes, repetitions and pinning") as
// make_plan computes it.
#include <gtest/gtest.h>

#include "guide.hpp"

namespace {

using ngcc::bench::make_plan;

TEST(Plan, FastHashHitsTheCap) {
  const auto p = make_plan(1e-6, 0.01);
  EXPECT_EQ(p.iterations_per_trial, 20000u);
  EXPECT_EQ(p.trials, 5u);
  EXPECT_EQ(p.warmups, 3u);
  EXPECT_TRUE(p.separate_processes);
}

TEST(Plan, PublishedLaurus4096Example) {
  // "5 × 15009" for Laurus-512 at 4096 B: t1 ≈ 66.63 µs.
  EXPECT_EQ(make_plan(66.63e-6, 0.01).iterations_per_trial, 15009u);
}

TEST(Plan, SlowHashGetsAtLeastTwentyCalls) {
  const auto p = make_plan(0.2, 0.01);
  EXPECT_EQ(p.iterations_per_trial, 20u);
  EXPECT_EQ(p.warmups, 1u);
}

TEST(Plan, BudgetCapsVerySlowOperations) {
  const auto p = make_plan(10.0, 0.01);  // 5 × 20 × 10 s > 900 s
  EXPECT_EQ(p.iterations_per_trial, 18u);
  EXPECT_EQ(p.warmups, 0u);
  const auto q = make_plan(400.0, 0.01);  // even one call per trial is too much
  EXPECT_EQ(q.iterations_per_trial, 1u);
  EXPECT_EQ(q.trials, 2u);
}

TEST(Plan, LongSetupSharesOneProcess) {
  EXPECT_FALSE(make_plan(1e-6, 61.0).separate_processes);
}

}  // namespace
