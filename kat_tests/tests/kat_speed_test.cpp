#include "kat_speed.hpp"

#include <gtest/gtest.h>

namespace ngcc::kat {
namespace {

// KAT_2_33's first record: 2^33 bits = 1 GiB.
constexpr double kGiB = 1024.0 * 1024 * 1024;

TEST(ModuleSpeed, RecordBytesAreTheMessageLengths) {
  EXPECT_DOUBLE_EQ(record_bytes(Kind::k2_33, 0, 1), kGiB);
  EXPECT_DOUBLE_EQ(record_bytes(Kind::k2_12, 0, 9), 0 + 1 + 1 + 1 + 1 + 1 + 1 + 1 + 1);
}

TEST(ModuleSpeed, AKat2_12RunGivesALongFileEstimateAtThatRate) {
  ModuleSpeed speed;
  const double bytes_2_12 = record_bytes(Kind::k2_12, 0, record_count(Kind::k2_12));
  speed.learn(Kind::k2_12, 0, record_count(Kind::k2_12), 2.0);
  EXPECT_DOUBLE_EQ(speed.predict(Kind::k2_33, 0, 1), kGiB / (bytes_2_12 / 2.0));
}

TEST(ModuleSpeed, ALongFileSetsTheRate) {
  ModuleSpeed speed;
  speed.learn(Kind::k2_33, 0, 1, 100.0);
  EXPECT_DOUBLE_EQ(speed.predict(Kind::k2_33, 1, 2), 100.0);
}

// A job past its prediction bounds the module's rate: a record that has run
// 730 s predicts at least 730 s for the next one, not the first guess.
TEST(ModuleSpeed, AJobRunningPastItsPredictionSlowsTheOthers) {
  ModuleSpeed speed;
  speed.learn(Kind::k2_23, 0, 3, 0.1);
  const double guess = speed.predict(Kind::k2_33, 1, 2);
  ASSERT_LT(guess, 730.0);
  const ModuleSpeed bounded = speed.still_running(Kind::k2_33, 0, 1, 730.0);
  EXPECT_DOUBLE_EQ(bounded.predict(Kind::k2_33, 1, 2), 730.0);
  EXPECT_DOUBLE_EQ(speed.still_running(Kind::k2_33, 0, 1, guess / 2).predict(Kind::k2_33, 1, 2), guess);
}

}  // namespace
}  // namespace ngcc::kat
