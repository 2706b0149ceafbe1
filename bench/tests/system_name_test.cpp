// Results directory names: a CPU without AVX-512 and one with it, of the same
// vendor, get different names from their family and model.
#include <gtest/gtest.h>

#include "system_name.hpp"

namespace {

using ngcc::bench::CpuIdentity;
using ngcc::bench::cpu_description;
using ngcc::bench::microarchitecture;
using ngcc::bench::system_name;

const char kV3[] = "fpu cx16 lahf_lm popcnt sse4_1 sse4_2 ssse3 avx avx2 bmi1 bmi2 f16c fma abm movbe xsave";
const char kV4[] = " avx512f avx512bw avx512cd avx512dq avx512vl";

CpuIdentity cpu(const char *vendor, const char *model_name, int family, int model, bool avx512) {
  return {"x86_64", vendor, model_name, std::string(kV3) + (avx512 ? kV4 : ""), family, model, -1, {}};
}

TEST(SystemName, AmdZen3Zen4Zen5) {
  const CpuIdentity zen3 = cpu("AuthenticAMD", "AMD EPYC 7763 64-Core Processor", 25, 1, false);
  const CpuIdentity zen4 = cpu("AuthenticAMD", "AMD EPYC 9654 96-Core Processor", 25, 17, true);
  const CpuIdentity zen5 = cpu("AuthenticAMD", "AMD EPYC", 26, 2, true);
  EXPECT_EQ(microarchitecture(zen3), "zen3");
  EXPECT_EQ(microarchitecture(zen4), "zen4");
  EXPECT_EQ(microarchitecture(zen5), "zen5");
  EXPECT_EQ(system_name(zen3), "x86_64-amd-epyc-7763-64-core-zen3");
  EXPECT_EQ(system_name(zen4), "x86_64-amd-epyc-9654-96-core-zen4");
  EXPECT_EQ(system_name(zen5), "x86_64-amd-epyc-zen5");
  // The same model string on Zen 3 and Zen 5 hosts (as VMs report it) still differs.
  EXPECT_NE(system_name(cpu("AuthenticAMD", "AMD EPYC", 25, 1, false)), system_name(zen5));
  EXPECT_EQ(cpu_description(zen5), "AMD EPYC (AuthenticAMD family 26 model 2, zen5)");
}

TEST(SystemName, AmdModelRanges) {
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 23, 0x01, false)), "zen");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 23, 0x08, false)), "zen+");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 23, 0x18, false)), "zen+");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 23, 0x31, false)), "zen2");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 23, 0x71, false)), "zen2");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 25, 0x21, false)), "zen3");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 25, 0x61, true)), "zen4");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 25, 0xa0, true)), "zen4");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 26, 0x44, true)), "zen5");
  // Outside every published range: the ISA level.
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 25, 0x90, true)), "x86-64-v4");
  EXPECT_EQ(microarchitecture(cpu("AuthenticAMD", "", 21, 0x02, false)), "x86-64-v3");
}

TEST(SystemName, IntelWithAndWithoutAvx512) {
  const CpuIdentity alder = cpu("GenuineIntel", "12th Gen Intel(R) Core(TM) i7-12700", 6, 0x97, false);
  const CpuIdentity sapphire = cpu("GenuineIntel", "Intel(R) Xeon(R) Platinum 8481C CPU @ 2.70GHz", 6, 0x8f, true);
  EXPECT_EQ(system_name(alder), "x86_64-12th-gen-intel-core-i7-12700-alderlake");
  EXPECT_EQ(system_name(sapphire), "x86_64-intel-xeon-platinum-8481c-sapphirerapids");
  CpuIdentity skylake_x = cpu("GenuineIntel", "", 6, 0x55, true);
  EXPECT_EQ(microarchitecture(skylake_x), "skylake-avx512");
  skylake_x.flags += " avx512_vnni";
  EXPECT_EQ(microarchitecture(skylake_x), "cascadelake");
  // An unknown model: the ISA level its flags reach.
  EXPECT_EQ(microarchitecture(cpu("GenuineIntel", "", 6, 0xfe, false)), "x86-64-v3");
  EXPECT_EQ(microarchitecture(cpu("GenuineIntel", "", 6, 0xfe, true)), "x86-64-v4");
}

// AArch64: arm_system_name_test.cpp.
TEST(SystemName, OtherMachines) {
  const CpuIdentity riscv{"riscv64", "", "", "", -1, -1, -1, {}};
  EXPECT_EQ(microarchitecture(riscv), "");
  EXPECT_EQ(system_name(riscv), "riscv64-unknown");
  EXPECT_EQ(cpu_description(riscv), "unknown CPU (riscv64)");
}

TEST(SystemName, ThisMachineHasAName) {
  const CpuIdentity here = ngcc::bench::this_cpu();
  EXPECT_FALSE(here.machine.empty());
  EXPECT_EQ(system_name(here).rfind(here.machine + "-", 0), 0u) << system_name(here);
  EXPECT_EQ(system_name(here).find('/'), std::string::npos);
}

}  // namespace
