// Helpers for GoogleTest suites: the modules of this build (from its module
// manifest), loading them, suites parameterized over a family's
// implementations or over modules (skipped, visibly, where this CPU cannot
// run them), hex conversion, one-call digests.
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>
#include <vector>

#include "common/cpu_features.hpp"
#include "hex.hpp"
#include "module_manifest.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::test {

// An instance as its family declares it (candidate.json, via the manifest).
struct DeclaredInstance {
  std::string family_dir, candidate_id, family, full_name;
  std::string name, kat_name, baseline;
  int digest_bits = 0, max_digest_bits = 0;
  bool xof = false;
};

// A module of this build as the manifest (ngcc_modules.json) lists it.
using BuiltModule = ngcc::BuiltModule;  // as the module manifest lists it

const std::vector<DeclaredInstance> &declared_instances();
const DeclaredInstance &declared_instance(const std::string &name);  // fails the test if unknown
const std::vector<BuiltModule> &built_modules();
// Our candidate modules (not the baselines), optionally of one instance or family.
std::vector<std::string> candidate_targets();
std::vector<std::string> instance_targets(const std::string &instance);
std::vector<std::string> family_targets(const std::string &family_dir);
// The variants built in this tree, e.g. {"ref", "opt", "avx512"}.
std::vector<std::string> built_variants();

// Path of a module built in this tree, e.g. "CHIME-512-ref" ->
// <build>/modules/libCHIME-512-ref.so.
std::string module_path(const std::string &target);
Module load(const std::string &target);
// False when the module returns NGCC_ERR_UNSUPPORTED_CPU for valid arguments.
bool runs_here(const Module &module);

// A parameter as a test name: every character but [A-Za-z0-9] becomes '_'.
std::string test_name(std::string_view param);
struct ParamName {
  template <class T>
  std::string operator()(const ::testing::TestParamInfo<T> &info) const {
    if constexpr (std::is_pointer_v<T>)
      return test_name(info.param->name);
    else
      return test_name(info.param);
  }
};

// Suites over a family's implementation table: INSTANTIATE_TEST_SUITE_P(
// Implementations, Suite, ::testing::ValuesIn(kImplementations), ParamName()).
// An implementation this CPU cannot run is skipped, with the reason.
template <class Implementation>
class ImplementationTest : public ::testing::TestWithParam<const Implementation *> {
 protected:
  void SetUp() override {
    const CpuSupport support = cpu_support(impl().needs);
    if (!support.ok()) GTEST_SKIP() << impl().name << ": " << unsupported_reason(support);
  }
  const Implementation &impl() const { return *this->GetParam(); }
};

// Suites over module targets: INSTANTIATE_TEST_SUITE_P(Modules, Suite,
// ::testing::ValuesIn(instance_targets("CHIME-512")), ParamName()). A module
// this CPU cannot run is skipped, with its code_path().
class ModuleTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override;
  const Module &module() const { return *module_; }
  const ngcc_instance_info &info() const { return *module_->info(); }

 private:
  std::unique_ptr<Module> module_;
};

using ngcc::from_hex;  // either case, white space ignored
using ngcc::to_hex;    // upper case

std::vector<std::uint8_t> random_bytes(std::mt19937_64 &rng, std::size_t n);

// Digest of an msg_bits-bit message at `digest_bits` (default: the module's
// KAT width); fails the calling test (ADD_FAILURE) on a non-zero return.
std::vector<std::uint8_t> digest(const Module &module, const std::vector<std::uint8_t> &msg,
                                 std::uint64_t msg_bits, int digest_bits = 0);
inline std::vector<std::uint8_t> digest(const Module &module, const std::vector<std::uint8_t> &msg) {
  return digest(module, msg, msg.size() * 8);
}

}  // namespace ngcc::test
