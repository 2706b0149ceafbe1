// The kinds of core of a hybrid CPU (Intel performance and efficiency cores,
// Arm big.LITTLE) as Linux shows them in sysfs, and the CPU bench pins by
// default: the highest-numbered allowed CPU of the fastest kind, which on a
// CPU of one kind is the highest-numbered allowed CPU. Everything but
// cpuid_core_type() is a function of a sysfs tree (its root a parameter:
// "/sys", or a test's fixture) and of CPU numbers.
#pragma once

#include <map>
#include <string>
#include <vector>

#include "arm_cpu.hpp"

namespace ngcc::bench {

enum class CoreRank {
  kUniform,      // a CPU of one kind of core, or a CPU sysfs says nothing about
  kPerformance,  // of the fastest kind: Intel Core (cpu_core), or the highest cpu_capacity
  kEfficiency,   // of any slower kind: Intel Atom (cpu_atom), or a lower cpu_capacity
};

struct CoreKind {
  CoreRank rank = CoreRank::kUniform;
  std::string pmu;        // x86: the hybrid PMU whose cpus list names the CPU, "cpu_core" or "cpu_atom"
  int capacity = -1;      // AArch64: its cpu_capacity
  int top_capacity = -1;  // AArch64: the highest cpu_capacity of any present CPU
  ArmCore midr;           // AArch64: the fields of its midr_el1 (implementer -1: not readable)
};

// The kind of every CPU of a CPU of several kinds; empty on a CPU of one kind.
using CoreKinds = std::map<int, CoreKind>;

// A kernel CPU list ("0-15", "0,2,4-7", "" for none) into *cpus, ascending.
// False on anything else, or on a CPU number a cpu_set_t cannot hold.
bool parse_cpu_list(const std::string &text, std::vector<int> *cpus);

// The kinds of core under sysfs_root: on x86, the CPUs the hybrid PMUs
// cpu_core and cpu_atom list; else, on AArch64, the cpu_capacity and
// midr_el1 of every present CPU. Empty where there is one kind; where a
// file is malformed, empty with *error set to one line naming it.
CoreKinds read_core_kinds(const std::string &sysfs_root, std::string *error);

// The CPU `--ngcc_cpu=last` pins: the highest-numbered of `allowed` (not
// empty) among the performance cores, or the highest of all where none is one.
int default_cpu(const CoreKinds &kinds, const std::vector<int> &allowed);

// The kind of one CPU (kUniform where `kinds` does not name it).
CoreKind kind_of(const CoreKinds &kinds, int cpu);

// The context's `core_type` (bench/SCHEMA.md): "performance", "efficiency",
// "uniform"; "mixed" for an unpinned run (pinned_cpu < 0) on a hybrid CPU.
std::string core_type(const CoreKinds &kinds, long pinned_cpu);

// CPUID leaf 1Ah of the CPU this thread runs on (meaningful when pinned):
// "Intel Core (40h)", "Intel Atom (20h)", another type as "core type XXh";
// "" where the leaf does not exist (not x86, not a hybrid Intel CPU).
std::string cpuid_core_type();

// The context's `core_type_source`: what says the kind, with the pinned
// CPU's cpuid_core_type() where there is one, e.g. "sysfs cpu_core/cpus;
// CPUID 1Ah: Intel Core (40h)", "sysfs cpu_capacity 403 of 1024, midr_el1
// implementer 0x41 part 0xd05 r1p0"; "" for a uniform CPU without CPUID 1Ah.
std::string core_kind_source(const CoreKind &kind, const std::string &cpuid_type);

// The line bench prints when it is pinned to an efficiency core, e.g. "bench:
// CPU 17 is an efficiency core (Gracemont); the published x86_1 campaign
// measured a performance core"; "" for any other kind. core_name is
// core_microarchitecture()'s, "" when unknown.
std::string efficiency_core_warning(int cpu, const CoreKind &kind, const std::string &core_name);

}  // namespace ngcc::bench
