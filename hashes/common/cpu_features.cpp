#include "common/cpu_features.hpp"

#include <cctype>
#include <cstdlib>

#if defined(__aarch64__)
#include <asm/hwcap.h>
#include <sys/auxv.h>
#endif

namespace ngcc {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// __builtin_cpu_supports takes string literals only.
bool in_hardware(CpuFeature feature) {
  switch (feature) {
    case kAvx2: return __builtin_cpu_supports("avx2");
    case kBmi1: return __builtin_cpu_supports("bmi");
    case kBmi2: return __builtin_cpu_supports("bmi2");
    case kFma: return __builtin_cpu_supports("fma");
    case kAvx512F: return __builtin_cpu_supports("avx512f");
    case kAvx512BW: return __builtin_cpu_supports("avx512bw");
    case kAvx512CD: return __builtin_cpu_supports("avx512cd");
    case kAvx512DQ: return __builtin_cpu_supports("avx512dq");
    case kAvx512VL: return __builtin_cpu_supports("avx512vl");
    case kAvx512Vbmi: return __builtin_cpu_supports("avx512vbmi");
    case kAvx512Vbmi2: return __builtin_cpu_supports("avx512vbmi2");
    case kSha3:
    case kSve:
    case kSve2: return false;
  }
  return false;
}
#elif defined(__aarch64__)
// As the kernel reports it: it sets HWCAP_SHA3, HWCAP_SVE and HWCAP2_SVE2
// where the CPU implements them (ID_AA64ISAR0_EL1.SHA3, ID_AA64PFR0_EL1.SVE,
// ID_AA64ZFR0_EL1.SVEver) and it saves their state.
bool in_hardware(CpuFeature feature) {
  switch (feature) {
    case kSha3: return (getauxval(AT_HWCAP) & HWCAP_SHA3) != 0;
    case kSve: return (getauxval(AT_HWCAP) & HWCAP_SVE) != 0;
    case kSve2: return (getauxval(AT_HWCAP2) & HWCAP2_SVE2) != 0;
    default: return false;
  }
}
#else
bool in_hardware(CpuFeature) { return false; }
#endif

bool same_name(std::string_view a, const char *b) {
  std::size_t i = 0;
  for (; i < a.size() && b[i] != '\0'; ++i)
    if (std::toupper(static_cast<unsigned char>(a[i])) != b[i]) return false;
  return i == a.size() && b[i] == '\0';
}

}  // namespace

CpuFeatures cpu_features_named(std::string_view names, std::string *unknown) {
  CpuFeatures out = 0;
  auto separator = [](char c) { return c == ',' || std::isspace(static_cast<unsigned char>(c)); };
  for (std::size_t i = 0; i < names.size();) {
    if (separator(names[i])) {
      ++i;
      continue;
    }
    std::size_t end = i;
    while (end < names.size() && !separator(names[end])) ++end;
    const std::string_view name = names.substr(i, end - i);
    i = end;
    CpuFeatures named = 0;
    for (const auto &f : kCpuFeatureNames)
      if (same_name(name, f.name)) named = f.feature;
    if (named == 0 && unknown != nullptr && unknown->empty()) *unknown = std::string(name);
    out |= named;
  }
  return out;
}

const CpuDisable &cpu_disable() {
  static const CpuDisable d = [] {
    const char *value = std::getenv(kCpuDisableVariable);
    CpuDisable read;
    if (value != nullptr) read.hidden = cpu_features_named(value, &read.unknown);
    return read;
  }();
  return d;
}

std::string cpu_disable_error() {
  const CpuDisable &d = cpu_disable();
  if (d.unknown.empty()) return "";
  std::string known;
  for (const auto &f : kCpuFeatureNames) known += (known.empty() ? "" : ", ") + std::string(f.name);
  return std::string(kCpuDisableVariable) + ": unknown CPU feature '" + d.unknown + "' (known: " + known + ")";
}

CpuSupport cpu_support(CpuFeatures needed) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
#endif
  CpuSupport s;
  for (const auto &f : kCpuFeatureNames) {
    if ((needed & f.feature) == 0) continue;
    if (!in_hardware(f.feature))
      s.lacking |= f.feature;
    else if (cpu_disable().hidden & f.feature)
      s.hidden |= f.feature;
  }
  return s;
}

std::string unsupported_reason(const CpuSupport &support) {
  const std::string hides = std::string(kCpuDisableVariable) + " hides " + cpu_feature_names(support.hidden);
  if (support.lacking == 0) return "not supported here: " + hides;
  std::string out = "not supported by this CPU, which lacks " + cpu_feature_names(support.lacking);
  if (support.hidden != 0) out += " (and " + hides + ")";
  return out;
}

}  // namespace ngcc
