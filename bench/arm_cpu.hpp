// AArch64 CPUs as Linux shows them in /proc/cpuinfo: each core's MIDR_EL1
// fields (CPU implementer, part, variant, revision) and the hwcap names of
// its Features line; from them the core's name (Qualcomm Oryon, Arm
// Neoverse N1, ...) or, for a part not in the table, the architecture level
// its features reach (armv8.2-a, ...).
#pragma once

#include <string>
#include <vector>

namespace ngcc::bench {

struct ArmCore {
  int implementer = -1, part = -1, variant = -1, revision = -1;
  // The same kind of core (variant and revision are steppings of it).
  bool operator==(const ArmCore &o) const { return implementer == o.implementer && part == o.part; }
};

struct ArmCpuInfo {
  std::vector<ArmCore> cores;  // each kind of core once, in the order cpuinfo lists them
  std::string features;        // the first core's Features line
};

// The text of /proc/cpuinfo; no ARM fields in it gives no cores.
ArmCpuInfo parse_arm_cpuinfo(const std::string &text);

// "Qualcomm Oryon", "Arm Cortex-A55 + Cortex-A76"; "" when no core is known.
std::string arm_model_name(const ArmCpuInfo &cpu);

// The highest architecture level whose mandatory features the Features line
// lists (armv8-a ... armv8.5-a, armv9-a); "" without a Features line.
std::string arm_isa_level(const std::string &features);

// The MIDR fields of every kind of core, e.g. "implementer 0x51 part 0x001 r0p1".
std::string arm_midr_description(const ArmCpuInfo &cpu);

}  // namespace ngcc::bench
