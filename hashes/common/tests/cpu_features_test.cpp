// The names of CPU extensions, NGCC_CPU_DISABLE and the reasons given for
// code that cannot run here.
#include <gtest/gtest.h>

#include "common/cpu_features.hpp"

namespace ngcc {
namespace {

TEST(CpuFeatureNames, AnyCaseCommasOrSpaces) {
  std::string unknown;
  EXPECT_EQ(cpu_features_named(" avx512f, AVX2,,Bmi1 ", &unknown), kAvx512F | kAvx2 | kBmi1);
  EXPECT_EQ(unknown, "");
  EXPECT_EQ(cpu_features_named("AVX2 BMI1 BMI2 FMA"), kAvx2 | kBmi1 | kBmi2 | kFma);
  EXPECT_EQ(cpu_features_named(""), 0u);
}

TEST(CpuFeatureNames, FirstUnknownNameKept) {
  std::string unknown;
  EXPECT_EQ(cpu_features_named("AVX2,AVX9,SSE9", &unknown), kAvx2);
  EXPECT_EQ(unknown, "AVX9");
  unknown.clear();
  EXPECT_EQ(cpu_features_named("AVX512", &unknown), 0u) << "no prefix matches";
  EXPECT_EQ(unknown, "AVX512");
}

TEST(CpuFeatureNames, EveryNameRoundTrips) {
  for (const auto &f : kCpuFeatureNames) EXPECT_EQ(cpu_features_named(cpu_feature_names(f.feature)), f.feature);
}

TEST(UnsupportedReason, NamesTheCause) {
  EXPECT_EQ(unsupported_reason({kAvx512F | kAvx512BW, 0}), "not supported by this CPU, which lacks AVX512F AVX512BW");
  EXPECT_EQ(unsupported_reason({0, kAvx2}), "not supported here: NGCC_CPU_DISABLE hides AVX2");
  EXPECT_EQ(unsupported_reason({kAvx512F, kAvx2}),
            "not supported by this CPU, which lacks AVX512F (and NGCC_CPU_DISABLE hides AVX2)");
}

// Whatever NGCC_CPU_DISABLE this test runs with (tools/ngcc test runs it
// with and without): a hidden extension the CPU has is never present.
TEST(CpuSupport, HonoursNgccCpuDisable) {
  for (const auto &f : kCpuFeatureNames) {
    const CpuSupport s = cpu_support(f.feature);
    const bool hidden = (cpu_disable().hidden & f.feature) != 0;
    EXPECT_EQ(s.hidden != 0, hidden && s.lacking == 0) << f.name;
    EXPECT_EQ(s.ok(), cpu_features_present(f.feature) == f.feature) << f.name;
    if (hidden) {
      EXPECT_FALSE(s.ok()) << f.name;
    }
  }
}

}  // namespace
}  // namespace ngcc
