// Linked into every GoogleTest executable: a run whose NGCC_CPU_DISABLE
// names an unknown feature would test another machine than the one asked
// for, so it fails at once, naming the name.
#include <gtest/gtest.h>

#include "common/cpu_features.hpp"

namespace {

class CpuDisableCheck : public ::testing::Environment {
 public:
  void SetUp() override {
    if (const std::string error = ngcc::cpu_disable_error(); !error.empty()) FAIL() << error;
  }
};

[[maybe_unused]] const auto *const kCpuDisableCheck = ::testing::AddGlobalTestEnvironment(new CpuDisableCheck);

}  // namespace
