#include "core_kinds.hpp"

#include <sched.h>

#include <algorithm>
#include <cctype>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <limits>
#include <sstream>

#if defined(__x86_64__) || defined(__i386__)
#include <cpuid.h>
#endif

namespace ngcc::bench {
namespace {

enum class FileState { kAbsent, kRead, kUnreadable };

FileState read_text(const std::string &path, std::string *text) {
  std::error_code ec;
  if (!std::filesystem::exists(path, ec)) return FileState::kAbsent;
  std::ifstream in(path);
  if (!in) return FileState::kUnreadable;
  try {  // libstdc++ throws where read() fails (a directory, EIO)
    text->assign(std::istreambuf_iterator<char>(in), {});
  } catch (const std::ios_base::failure &) {
    return FileState::kUnreadable;
  }
  return in.bad() ? FileState::kUnreadable : FileState::kRead;
}

std::string trimmed(const std::string &s) {
  const auto first = s.find_first_not_of(" \t\n");
  if (first == std::string::npos) return {};
  return s.substr(first, s.find_last_not_of(" \t\n") - first + 1);
}

// The one line naming a file bench cannot use.
std::string file_error(const std::string &path, FileState state, const char *expected, const std::string &text) {
  if (state == FileState::kUnreadable) return path + ": unreadable";
  return path + ": not " + expected + ": '" + trimmed(text) + "'";
}

// A decimal number of digits only, below `limit`.
bool parse_number(const std::string &s, long limit, long *out) {
  const auto digit = [](char c) { return std::isdigit(static_cast<unsigned char>(c)) != 0; };
  if (s.empty() || s.size() > 9 || !std::all_of(s.begin(), s.end(), digit)) return false;
  *out = std::strtol(s.c_str(), nullptr, 10);
  return *out < limit;
}

// The CPUs one hybrid PMU lists: Intel hybrid CPUs have two core PMUs,
// cpu_core (Intel Core) and cpu_atom (Intel Atom), each with a `cpus` file
// naming its CPUs (Linux tools/perf/Documentation/intel-hybrid.txt; the
// PMUs are registered in arch/x86/events/intel/core.c). False with *error
// set when the file is there but unreadable or malformed.
bool add_pmu_cpus(const std::string &root, const char *pmu, CoreRank rank, CoreKinds *kinds, bool *found,
                  std::string *error) {
  const std::string path = root + "/devices/" + pmu + "/cpus";
  std::string text;
  const FileState state = read_text(path, &text);
  if (state == FileState::kAbsent) return true;
  std::vector<int> cpus;
  if (state == FileState::kUnreadable || !parse_cpu_list(text, &cpus)) {
    *error = file_error(path, state, "a CPU list", text);
    return false;
  }
  *found = true;
  for (int cpu : cpus) {
    CoreKind &kind = (*kinds)[cpu];
    if (!kind.pmu.empty()) {
      *error = path + ": CPU " + std::to_string(cpu) + " is listed by " + kind.pmu + " too";
      return false;
    }
    kind.rank = rank;
    kind.pmu = pmu;
  }
  return true;
}

// midr_el1 as Linux prints it ("0x00000000411fd440"); its fields as the Arm
// Architecture Reference Manual lays out MIDR_EL1: Implementer [31:24],
// Variant [23:20], PartNum [15:4], Revision [3:0].
bool parse_midr(const std::string &text, ArmCore *core) {
  const std::string s = trimmed(text);
  if (s.size() < 3 || s.compare(0, 2, "0x") != 0 || s.size() > 18 ||
      !std::all_of(s.begin() + 2, s.end(), [](char c) { return std::isxdigit(static_cast<unsigned char>(c)); }))
    return false;
  const unsigned long long midr = std::strtoull(s.c_str() + 2, nullptr, 16);
  core->implementer = static_cast<int>((midr >> 24) & 0xff);
  core->variant = static_cast<int>((midr >> 20) & 0xf);
  core->part = static_cast<int>((midr >> 4) & 0xfff);
  core->revision = static_cast<int>(midr & 0xf);
  return true;
}

// Arm big.LITTLE: each CPU's cpu_capacity, the kernel's measure of its
// relative performance, the fastest CPU's being 1024
// (Documentation/ABI/testing/sysfs-devices-system-cpu "cpu_capacity";
// Documentation/devicetree/bindings/cpu/cpu-capacity.txt), and its MIDR_EL1
// (same ABI document, "regs/identification/midr_el1"). Kinds only where
// the capacities differ.
CoreKinds read_cpu_capacities(const std::string &root, std::string *error) {
  const std::string cpu_dir = root + "/devices/system/cpu/";
  std::string text;
  std::vector<int> present;
  const FileState state = read_text(cpu_dir + "present", &text);
  if (state == FileState::kAbsent) return {};
  if (state == FileState::kUnreadable || !parse_cpu_list(text, &present)) {
    *error = file_error(cpu_dir + "present", state, "a CPU list", text);
    return {};
  }
  CoreKinds kinds;
  int top = -1, lowest = -1;
  for (int cpu : present) {
    const std::string dir = cpu_dir + "cpu" + std::to_string(cpu) + "/";
    const FileState capacity_state = read_text(dir + "cpu_capacity", &text);
    if (capacity_state == FileState::kAbsent) continue;
    long capacity = 0;
    if (capacity_state == FileState::kUnreadable ||
        !parse_number(trimmed(text), std::numeric_limits<int>::max(), &capacity)) {
      *error = file_error(dir + "cpu_capacity", capacity_state, "a number", text);
      return {};
    }
    CoreKind &kind = kinds[cpu];
    kind.capacity = static_cast<int>(capacity);
    top = std::max(top, kind.capacity);
    lowest = lowest < 0 ? kind.capacity : std::min(lowest, kind.capacity);
    const FileState midr_state = read_text(dir + "regs/identification/midr_el1", &text);
    if (midr_state == FileState::kUnreadable || (midr_state == FileState::kRead && !parse_midr(text, &kind.midr))) {
      *error = file_error(dir + "regs/identification/midr_el1", midr_state, "a register value", text);
      return {};
    }
  }
  if (top == lowest) return {};
  for (auto &entry : kinds) {
    CoreKind &kind = entry.second;
    kind.top_capacity = top;
    kind.rank = kind.capacity == top ? CoreRank::kPerformance : CoreRank::kEfficiency;
  }
  return kinds;
}

}  // namespace

bool parse_cpu_list(const std::string &text, std::vector<int> *cpus) {
  cpus->clear();
  const std::string list = trimmed(text);
  if (list.empty()) return true;
  std::istringstream in(list);
  std::string range;
  while (std::getline(in, range, ',')) {
    const auto dash = range.find('-');
    long first = 0, last = 0;
    if (!parse_number(range.substr(0, dash), CPU_SETSIZE, &first)) return false;
    if (dash == std::string::npos) last = first;
    else if (!parse_number(range.substr(dash + 1), CPU_SETSIZE, &last) || last < first) return false;
    for (long cpu = first; cpu <= last; ++cpu) cpus->push_back(static_cast<int>(cpu));
  }
  if (list.back() == ',') return false;
  std::sort(cpus->begin(), cpus->end());
  cpus->erase(std::unique(cpus->begin(), cpus->end()), cpus->end());
  return true;
}

CoreKinds read_core_kinds(const std::string &sysfs_root, std::string *error) {
  error->clear();
  CoreKinds kinds;
  bool hybrid_pmu = false;
  if (!add_pmu_cpus(sysfs_root, "cpu_core", CoreRank::kPerformance, &kinds, &hybrid_pmu, error) ||
      !add_pmu_cpus(sysfs_root, "cpu_atom", CoreRank::kEfficiency, &kinds, &hybrid_pmu, error))
    return {};
  if (!hybrid_pmu) return read_cpu_capacities(sysfs_root, error);
  const auto of_rank = [&kinds](CoreRank rank) {
    return std::any_of(kinds.begin(), kinds.end(), [rank](const auto &entry) { return entry.second.rank == rank; });
  };
  return of_rank(CoreRank::kPerformance) && of_rank(CoreRank::kEfficiency) ? kinds : CoreKinds{};
}

int default_cpu(const CoreKinds &kinds, const std::vector<int> &allowed) {
  int highest = -1, highest_performance = -1;
  for (int cpu : allowed) {
    highest = std::max(highest, cpu);
    if (kind_of(kinds, cpu).rank == CoreRank::kPerformance) highest_performance = std::max(highest_performance, cpu);
  }
  return highest_performance >= 0 ? highest_performance : highest;
}

CoreKind kind_of(const CoreKinds &kinds, int cpu) {
  const auto it = kinds.find(cpu);
  return it == kinds.end() ? CoreKind{} : it->second;
}

std::string core_type(const CoreKinds &kinds, long pinned_cpu) {
  if (pinned_cpu < 0) return kinds.empty() ? "uniform" : "mixed";
  switch (kind_of(kinds, static_cast<int>(pinned_cpu)).rank) {
    case CoreRank::kPerformance: return "performance";
    case CoreRank::kEfficiency: return "efficiency";
    case CoreRank::kUniform: break;
  }
  return "uniform";
}

std::string core_kind_source(const CoreKind &kind, const std::string &cpuid_type) {
  std::string source;
  if (!kind.pmu.empty()) {
    source = "sysfs " + kind.pmu + "/cpus";
  } else if (kind.capacity >= 0) {
    source = "sysfs cpu_capacity " + std::to_string(kind.capacity) + " of " + std::to_string(kind.top_capacity);
    if (kind.midr.implementer >= 0) source += ", midr_el1 " + arm_midr_description(ArmCpuInfo{{kind.midr}, ""});
  }
  if (!cpuid_type.empty()) source += (source.empty() ? "" : "; ") + std::string("CPUID 1Ah: ") + cpuid_type;
  return source;
}

std::string cpuid_core_type() {
#if defined(__x86_64__) || defined(__i386__)
  // Intel SDM vol. 2A, CPUID: leaf 1Ah (Hybrid Information) exists where
  // leaf 07h EDX bit 15 (Hybrid) is set; its EAX[31:24] is the core type of
  // the logical processor executing it, 20h Intel Atom, 40h Intel Core.
  if (__get_cpuid_max(0, nullptr) < 0x1a) return {};
  unsigned eax = 0, ebx = 0, ecx = 0, edx = 0;
  __cpuid_count(0x07, 0, eax, ebx, ecx, edx);
  if ((edx & (1u << 15)) == 0) return {};
  __cpuid_count(0x1a, 0, eax, ebx, ecx, edx);
  const unsigned type = eax >> 24;
  if (type == 0x20) return "Intel Atom (20h)";
  if (type == 0x40) return "Intel Core (40h)";
  if (type == 0) return {};
  char text[32];
  std::snprintf(text, sizeof text, "core type %02Xh", type);
  return text;
#else
  return {};
#endif
}

std::string efficiency_core_warning(int cpu, const CoreKind &kind, const std::string &core_name) {
  if (kind.rank != CoreRank::kEfficiency) return {};
  std::string what = core_name;
  if (kind.capacity >= 0)
    what += (what.empty() ? "" : ", ") + std::string("capacity ") + std::to_string(kind.capacity) + " of " +
            std::to_string(kind.top_capacity);
  return "bench: CPU " + std::to_string(cpu) + " is an efficiency core" + (what.empty() ? "" : " (" + what + ")") +
         "; the published x86_1 campaign measured a performance core";
}

}  // namespace ngcc::bench
