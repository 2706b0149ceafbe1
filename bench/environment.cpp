#include "environment.hpp"

#include <sched.h>
#include <sys/utsname.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <ctime>
#include <fstream>

#include "common/cpu_features.hpp"
#include "system_name.hpp"

#ifndef NGCC_COMPILER
#define NGCC_COMPILER "unknown"
#endif
#ifndef NGCC_CMAKE_VERSION
#define NGCC_CMAKE_VERSION "unknown"
#endif

namespace ngcc::bench {

std::string read_first_line(const std::string &path) {
  std::ifstream in(path);
  std::string line;
  if (!in || !std::getline(in, line)) return {};
  return line;
}

std::string cpuinfo_value(const std::string &key) {
  std::ifstream in("/proc/cpuinfo");
  std::string line;
  while (std::getline(in, line)) {
    const auto colon = line.find(':');
    if (colon == std::string::npos) continue;
    std::string name = line.substr(0, colon);
    name.erase(name.find_last_not_of(" \t") + 1);
    if (name != key) continue;
    const auto start = line.find_first_not_of(" \t", colon + 1);
    return start == std::string::npos ? "" : line.substr(start);
  }
  return {};
}

std::string cpufreq(const char *file) {
  return read_first_line(std::string("/sys/devices/system/cpu/cpu0/cpufreq/") + file);
}

namespace {

std::string turbo_state() {
  const std::string no_turbo = read_first_line("/sys/devices/system/cpu/intel_pstate/no_turbo");
  if (!no_turbo.empty()) return "no_turbo=" + no_turbo;
  const std::string boost = read_first_line("/sys/devices/system/cpu/cpufreq/boost");
  if (!boost.empty()) return "boost=" + boost;
  return {};
}

}  // namespace

std::string kernel() {
  utsname u{};
  if (uname(&u) != 0) return {};
  return std::string(u.sysname) + " " + u.release + " " + u.version + " " + u.machine;
}

std::string machine() {
  utsname u{};
  return uname(&u) == 0 ? u.machine : "";
}

std::string os_name() {
  std::ifstream in("/etc/os-release");
  std::string line;
  while (std::getline(in, line))
    if (line.rfind("PRETTY_NAME=", 0) == 0) {
      std::string v = line.substr(12);
      if (v.size() >= 2 && v.front() == '"' && v.back() == '"') v = v.substr(1, v.size() - 2);
      return v;
    }
  return {};
}

std::string hostname() {
  char buf[256] = {};
  return gethostname(buf, sizeof buf - 1) == 0 ? buf : "";
}

bool virtualized() {
  const std::string flags = " " + cpuinfo_value("flags") + " ";
  return flags.find(" hypervisor ") != std::string::npos;
}

long memory_total_kib() {
  std::ifstream in("/proc/meminfo");
  std::string key;
  long value = 0;
  while (in >> key >> value) {
    if (key == "MemTotal:") return value;
    in.ignore(1 << 10, '\n');
  }
  return 0;
}

std::string load_average() {
  const std::string l = read_first_line("/proc/loadavg");
  std::size_t pos = 0;
  for (int i = 0; i < 3 && pos != std::string::npos; ++i) pos = l.find(' ', pos + 1);
  return l.substr(0, pos);
}

std::string utc_now() {
  const std::time_t t = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&t, &tm);
  char buf[32];
  std::strftime(buf, sizeof buf, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return buf;
}

const char *compiler() { return NGCC_COMPILER; }
const char *build_tool() { return "cmake version " NGCC_CMAKE_VERSION; }

long pinned_cpu() {
  cpu_set_t set;
  CPU_ZERO(&set);
  if (sched_getaffinity(0, sizeof set, &set) != 0 || CPU_COUNT(&set) != 1) return -1;
  for (long cpu = 0; cpu < CPU_SETSIZE; ++cpu)
    if (CPU_ISSET(cpu, &set)) return cpu;
  return -1;
}

Facts environment_facts(const std::string &system) {
  auto or_unavailable = [](std::string s) { return s.empty() ? std::string("unavailable") : s; };
  const CpuIdentity cpu = this_cpu();
  const long pinned = pinned_cpu();
  Facts facts = {
      {"cpu_model", or_unavailable(cpu.model_name)},
      {"cpu_family", cpu.family >= 0 ? std::to_string(cpu.family) : "unavailable"},
      {"cpu_model_number", cpu.model >= 0 ? std::to_string(cpu.model) : "unavailable"},
      {"microarchitecture", or_unavailable(microarchitecture(cpu))},
      {"system", system},
      {"memory_total_mib", std::to_string(memory_total_kib() / 1024)},
      {"compiler", compiler()},
      {"build_tool", build_tool()},
      {"os", or_unavailable(os_name())},
      {"kernel", or_unavailable(kernel())},
      {"pinned_cpu", pinned >= 0 ? std::to_string(pinned) : "unpinned"},
      {"cpu_governor", or_unavailable(cpufreq("scaling_governor"))},
      {"cpu_turbo", or_unavailable(turbo_state())},
      {"smt_control", or_unavailable(read_first_line("/sys/devices/system/cpu/smt/control"))},
      {"perf_event_paranoid", or_unavailable(read_first_line("/proc/sys/kernel/perf_event_paranoid"))},
      {"virtualized", virtualized() ? "yes" : "no"},
      {"cpu_identity", cpu_identity_json(cpu)},
  };
  if (const char *hidden = std::getenv(kCpuDisableVariable)) facts.emplace_back(kCpuDisableVariable, hidden);
  return facts;
}

}  // namespace ngcc::bench
