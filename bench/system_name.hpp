// The machine kind a campaign ran on: the CPU's identity, its
// micro-architecture, and the results directory name built from them
// (results/<system>/, e.g. x86_64-amd-epyc-zen5). `bench --ngcc_system`
// prints it for tools/ngcc; nothing else computes it.
#pragma once

#include <string>

#include "arm_cpu.hpp"
#include "core_kinds.hpp"

namespace ngcc::bench {

struct CpuIdentity {
  std::string machine;     // uname -m, e.g. x86_64
  std::string vendor;      // cpuinfo vendor_id, e.g. AuthenticAMD, GenuineIntel
  std::string model_name;  // cpuinfo model name, e.g. "AMD EPYC"
  std::string flags;       // cpuinfo flags, space-separated
  int family = -1, model = -1, stepping = -1;  // cpuinfo "cpu family", "model", "stepping" (-1: unknown)
  ArmCpuInfo arm;  // AArch64: the MIDR fields of each kind of core
};

CpuIdentity this_cpu();

// AArch64: the MIDR fields from the text of /proc/cpuinfo, the cores' names
// as the model name (its cpuinfo has none) and the Features line as flags.
void add_arm_identity(CpuIdentity &cpu, const std::string &cpuinfo_text);

// zen5, alderlake, ... from vendor, family and model; else the x86-64 ISA
// level its flags reach (x86-64-v4, -v3, -v2, x86-64). AArch64: "" for a
// core the model name names, else its architecture level (armv8.2-a, ...).
std::string microarchitecture(const CpuIdentity &cpu);

// <machine>-<model name slug>-<micro-architecture>, e.g. x86_64-amd-epyc-zen5,
// aarch64-qualcomm-oryon, aarch64-armv8.2-a (a core of no known name).
std::string system_name(const CpuIdentity &cpu);

// The name of one kind of core of a hybrid CPU: x86 its micro-architecture
// ("Golden Cove", "Gracemont"; "" for a model not in the table), AArch64 its
// MIDR's ("Arm Cortex-X1"; "" for a part not in arm_cpu.cpp's table); ""
// for a uniform kind.
std::string core_microarchitecture(const CpuIdentity &cpu, const CoreKind &kind);

// The results directory name of a run measured on one kind of core: on a
// hybrid x86 CPU system_name(cpu) followed by -pcore or -ecore; on a
// heterogeneous AArch64 CPU the name of the measured core alone
// (aarch64-arm-cortex-x1), or where its part is unknown system_name(cpu)
// followed by -capacity-<cpu_capacity>; on a CPU of one kind system_name(cpu).
std::string system_name(const CpuIdentity &cpu, const CoreKind &measured);

// One line naming the CPU exactly, e.g. "AMD EPYC (AuthenticAMD family 26 model 2, zen5)".
std::string cpu_description(const CpuIdentity &cpu);

// What a results directory records of the CPU it was made on (cpu.json),
// and a later run is compared with: one JSON object of machine, vendor,
// family, model, stepping (null: unknown) and the extensions of
// common/cpu_features.hpp that may be used here (NGCC_CPU_DISABLE applied);
// on AArch64 also the cores' MIDR fields.
std::string cpu_identity_json(const CpuIdentity &cpu);

}  // namespace ngcc::bench
