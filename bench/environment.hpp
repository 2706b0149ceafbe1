// Host and file facts recorded with every run (DESIGN.md §4, perf-method §7).
// Unreadable facts are returned as "" (callers print "unavailable" or null).
#pragma once

#include <string>
#include <utility>
#include <vector>

namespace ngcc::bench {

std::string read_first_line(const std::string &path);  // "" if unreadable
std::string cpuinfo_value(const std::string &key);      // first "<key> : value" of /proc/cpuinfo
std::string cpu_model();
std::string cpufreq(const char *file);  // cpu0/cpufreq/<file>, e.g. scaling_governor
std::string turbo_state();              // "no_turbo=1", "boost=0" or ""
std::string kernel();                   // uname: sysname release version machine
std::string machine();                  // uname -m
std::string os_name();                  // /etc/os-release PRETTY_NAME
std::string hostname();
bool virtualized();                     // cpuinfo "hypervisor" flag
long memory_total_kib();
std::string load_average();             // first three fields of /proc/loadavg
std::string utc_now();                  // 2026-11-29T20:12:00Z
std::string sha256_file(const std::string &path);  // hex, "" if unreadable

// Ordered key/value facts for the JSON context and the guide records.
std::vector<std::pair<std::string, std::string>> environment_facts();

}  // namespace ngcc::bench
