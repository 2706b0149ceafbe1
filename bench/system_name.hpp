// The machine kind a campaign ran on: the CPU's identity, its
// micro-architecture, and the results directory name built from them
// (results/<system>/, e.g. x86_64-amd-epyc-zen5). `bench --ngcc_system`
// prints it for tools/ngcc; nothing else computes it.
#pragma once

#include <string>

namespace ngcc::bench {

struct CpuIdentity {
  std::string machine;     // uname -m, e.g. x86_64
  std::string vendor;      // cpuinfo vendor_id, e.g. AuthenticAMD, GenuineIntel
  std::string model_name;  // cpuinfo model name, e.g. "AMD EPYC"
  std::string flags;       // cpuinfo flags, space-separated
  int family = -1, model = -1, stepping = -1;  // cpuinfo "cpu family", "model", "stepping" (-1: unknown)
};

CpuIdentity this_cpu();

// zen5, alderlake, ... from vendor, family and model; else the x86-64 ISA
// level its flags reach (x86-64-v4, -v3, -v2, x86-64); "" off x86.
std::string microarchitecture(const CpuIdentity &cpu);

// <machine>-<model name slug>-<micro-architecture>, e.g. x86_64-amd-epyc-zen5.
std::string system_name(const CpuIdentity &cpu);

// One line naming the CPU exactly, e.g. "AMD EPYC (AuthenticAMD family 26 model 2, zen5)".
std::string cpu_description(const CpuIdentity &cpu);

// What a results directory records of the CPU it was made on (cpu.json),
// and a later run is compared with: one JSON object of machine, vendor,
// family, model, stepping (null: unknown) and the extensions of
// common/cpu_features.hpp that may be used here (NGCC_CPU_DISABLE applied).
std::string cpu_identity_json(const CpuIdentity &cpu);

}  // namespace ngcc::bench
