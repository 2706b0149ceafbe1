// Results directory names and CPU descriptions of AArch64 hosts, from
// /proc/cpuinfo texts as Linux prints them (arch/arm64/kernel/cpuinfo.c:
// one block per core; MIDR fields as in arch/arm64/include/asm/cputype.h).
#include <gtest/gtest.h>

#include <string>

#include "system_name.hpp"

namespace {

using ngcc::bench::CpuIdentity;

// One core's block of /proc/cpuinfo.
std::string core(int processor, const std::string &features, const char *implementer, const char *variant,
                 const char *part, int revision) {
  return "processor\t: " + std::to_string(processor) + "\nBogoMIPS\t: 50.00\nFeatures\t: " + features +
         "\nCPU implementer\t: " + implementer + "\nCPU architecture: 8\nCPU variant\t: " + variant +
         "\nCPU part\t: " + part + "\nCPU revision\t: " + std::to_string(revision) + "\n\n";
}

// `cores` identical cores.
std::string cpuinfo(int cores, const std::string &features, const char *implementer, const char *variant,
                    const char *part, int revision) {
  std::string text;
  for (int i = 0; i < cores; ++i) text += core(i, features, implementer, variant, part, revision);
  return text;
}

CpuIdentity aarch64(const std::string &text) {
  CpuIdentity cpu;
  cpu.machine = "aarch64";
  ngcc::bench::add_arm_identity(cpu, text);
  return cpu;
}

const std::string kV82 =
    "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm lrcpc dcpop asimddp ssbs";
const std::string kV84 =
    "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 "
    "sm3 sm4 asimddp sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs paca pacg dcpodp svei8mm svebf16 i8mm bf16 "
    "dgh rng";
const std::string kV86 =
    "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 "
    "asimddp sha512 asimdfhm dit uscat ilrcpc flagm ssbs sb paca pacg dcpodp flagm2 frint i8mm bf16 rng bti ecv "
    "afp rpres";
const std::string kV9 =
    "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 "
    "sm3 sm4 asimddp sha512 sve asimdfhm dit uscat ilrcpc flagm ssbs sb paca pacg dcpodp sve2 sveaes svepmull "
    "svebitperm svesha3 svesm4 flagm2 frint svei8mm svebf16 i8mm bf16 dgh rng bti";

TEST(ArmSystemName, QualcommOryon) {
  // Snapdragon X Elite (X1E80100), 12 Oryon cores, MIDR 0x511f0011.
  const CpuIdentity cpu = aarch64(cpuinfo(12, kV86, "0x51", "0x1", "0x001", 1));
  EXPECT_EQ(cpu.model_name, "Qualcomm Oryon");
  EXPECT_EQ(ngcc::bench::system_name(cpu), "aarch64-qualcomm-oryon");
  EXPECT_EQ(ngcc::bench::cpu_description(cpu), "Qualcomm Oryon (aarch64 implementer 0x51 part 0x001 r1p1)");
}

TEST(ArmSystemName, ArmNeoverse) {
  struct Case {
    const std::string &features;
    const char *implementer, *variant, *part, *name;
  };
  // AWS Graviton2 and Ampere Altra (N1), Graviton3 (V1), Yitian 710 (N2),
  // Grace and Graviton4 (V2), V3; Azure Cobalt 100: Neoverse N2 cores under
  // Microsoft's implementer code.
  const Case cases[] = {
      {kV82, "0x41", "0x3", "0xd0c", "aarch64-arm-neoverse-n1"},
      {kV84, "0x41", "0x1", "0xd40", "aarch64-arm-neoverse-v1"},
      {kV9, "0x41", "0x0", "0xd49", "aarch64-arm-neoverse-n2"},
      {kV9, "0x41", "0x0", "0xd4f", "aarch64-arm-neoverse-v2"},
      {kV9, "0x41", "0x0", "0xd84", "aarch64-arm-neoverse-v3"},
      {kV9, "0x6d", "0x0", "0xd49", "aarch64-microsoft-azure-cobalt-100"},
  };
  for (const Case &c : cases)
    EXPECT_EQ(ngcc::bench::system_name(aarch64(cpuinfo(4, c.features, c.implementer, c.variant, c.part, 1))), c.name);
}

TEST(ArmSystemName, HiSiliconAmpereApple) {
  // Kunpeng 920: TSV110, Armv8.2 without LRCPC.
  const std::string tsv110 =
      "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma dcpop asimddp "
      "asimdfhm ssbs";
  const CpuIdentity kunpeng = aarch64(cpuinfo(4, tsv110, "0x48", "0x1", "0xd01", 0));
  EXPECT_EQ(ngcc::bench::system_name(kunpeng), "aarch64-hisilicon-tsv110");
  EXPECT_EQ(ngcc::bench::arm_isa_level(kunpeng.flags), "armv8.2-a");
  EXPECT_EQ(ngcc::bench::system_name(aarch64(cpuinfo(4, kV86, "0xc0", "0x0", "0xac3", 0))),
            "aarch64-ampere-ampereone");
  // Apple M1 (Asahi Linux): four Icestorm then four Firestorm cores.
  const std::string m1_features =
      "fp asimd evtstrm aes pmull sha1 sha2 crc32 atomics fphp asimdhp cpuid asimdrdm jscvt fcma lrcpc dcpop sha3 "
      "asimddp sha512 asimdfhm dit uscat ilrcpc flagm ssbs sb paca pacg dcpodp flagm2 frint";
  std::string m1;
  for (int i = 0; i < 8; ++i) m1 += core(i, m1_features, "0x61", "0x1", i < 4 ? "0x022" : "0x023", 1);
  const CpuIdentity apple = aarch64(m1);
  EXPECT_EQ(apple.model_name, "Apple M1 Icestorm + M1 Firestorm");
  EXPECT_EQ(ngcc::bench::system_name(apple), "aarch64-apple-m1-icestorm-m1-firestorm");
  EXPECT_EQ(ngcc::bench::cpu_description(apple),
            "Apple M1 Icestorm + M1 Firestorm (aarch64 implementer 0x61 part 0x022 r1p1, "
            "implementer 0x61 part 0x023 r1p1)");
}

TEST(ArmSystemName, UnknownPartsByArchitectureLevel) {
  const CpuIdentity unknown = aarch64(cpuinfo(2, kV82, "0x41", "0x0", "0xfff", 0));
  EXPECT_EQ(unknown.model_name, "");
  EXPECT_EQ(ngcc::bench::system_name(unknown), "aarch64-armv8.2-a");
  EXPECT_EQ(ngcc::bench::cpu_description(unknown), "unknown CPU (aarch64 implementer 0x41 part 0xfff r0p0, armv8.2-a)");
  EXPECT_EQ(ngcc::bench::system_name(aarch64(cpuinfo(1, kV9, "0x99", "0x0", "0x001", 0))), "aarch64-armv9-a");
  EXPECT_EQ(ngcc::bench::system_name(aarch64(cpuinfo(1, "fp asimd evtstrm crc32 cpuid", "0x41", "0x0", "0xd03", 4))),
            "aarch64-arm-cortex-a53");
  EXPECT_EQ(ngcc::bench::arm_isa_level("fp asimd evtstrm crc32 cpuid"), "armv8-a");
  EXPECT_EQ(ngcc::bench::arm_isa_level(kV84), "armv8.4-a");
  EXPECT_EQ(ngcc::bench::arm_isa_level(kV86), "armv8.5-a");
  // A big.LITTLE phone: both kinds named, the implementer once.
  const CpuIdentity phone = aarch64(core(0, kV82, "0x41", "0x2", "0xd05", 0) + core(1, kV82, "0x41", "0x1", "0xd0b", 0));
  EXPECT_EQ(phone.model_name, "Arm Cortex-A55 + Cortex-A76");
  // No ARM fields at all (an emulator showing the host's x86 cpuinfo).
  const CpuIdentity emulated = aarch64("processor\t: 0\nvendor_id\t: AuthenticAMD\nflags\t: fpu\n\n");
  EXPECT_EQ(ngcc::bench::system_name(emulated), "aarch64-unknown");
}

}  // namespace
