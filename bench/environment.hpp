// Host and file facts recorded with every run (docs/architecture.md §4;
// bench/SCHEMA.md §3, §4).
// Unreadable facts are returned as "" (callers print "unavailable" or null).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ngcc::bench {

using Facts = std::vector<std::pair<std::string, std::string>>;

std::string read_first_line(const std::string &path);  // "" if unreadable
std::string cpuinfo_value(const std::string &key);      // first "<key> : value" of /proc/cpuinfo
std::string cpufreq(const char *file);  // cpu0/cpufreq/<file>, e.g. scaling_governor
std::string kernel();                   // uname: sysname release version machine
std::string machine();                  // uname -m
std::string os_name();                  // /etc/os-release PRETTY_NAME
std::string hostname();
bool virtualized();                     // cpuinfo "hypervisor" flag
long memory_total_kib();
std::string load_average();             // first three fields of /proc/loadavg
std::string utc_now();                  // 2026-11-29T20:12:00Z
const char *compiler();                 // that built bench and the modules, e.g. "GNU 12.2.0"
const char *build_tool();               // e.g. "cmake version 3.25.1"

// The CPU this process may run on when its affinity allows exactly one,
// else -1.
long pinned_cpu();

// The environment record of a run (bench/SCHEMA.md §3), the same in every
// mode: CPU, micro-architecture, `system` (the results directory name),
// memory, compiler, build tool, OS, kernel, pinning, frequency governor,
// turbo, SMT. The campaign's times, load and clock readings are added by the
// caller.
Facts environment_facts(const std::string &system);

}  // namespace ngcc::bench
