// Instruction set extensions: which ones a translation unit was compiled for,
// which ones this CPU (and its operating system) provides, and their names.
// Every implementation of every family states what it needs with these, and
// the one module definition (module_entry.cpp) refuses to run code the CPU
// cannot execute.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace ngcc {

// One bit per extension that some implementation may need.
enum CpuFeature : std::uint32_t {
  kAvx2 = 1u << 0,
  kBmi1 = 1u << 1,
  kBmi2 = 1u << 2,
  kFma = 1u << 3,
  kAvx512F = 1u << 4,
  kAvx512BW = 1u << 5,
  kAvx512CD = 1u << 6,
  kAvx512DQ = 1u << 7,
  kAvx512VL = 1u << 8,
  kAvx512Vbmi = 1u << 9,
  kAvx512Vbmi2 = 1u << 10,
  kSha3 = 1u << 11,  // AArch64: ARMv8.2-A SHA3 (EOR3, BCAX, RAX1, XAR)
  kSve = 1u << 12,   // AArch64: the ARM guide's -march=armv8.2-a+sve (Oryon has none)
  kSve2 = 1u << 13,
};
using CpuFeatures = std::uint32_t;

struct CpuFeatureName {
  CpuFeature feature;
  const char *name;  // as the CPU manuals spell it
};
inline constexpr CpuFeatureName kCpuFeatureNames[] = {
    {kAvx2, "AVX2"},         {kBmi1, "BMI1"},         {kBmi2, "BMI2"},
    {kFma, "FMA"},           {kAvx512F, "AVX512F"},   {kAvx512BW, "AVX512BW"},
    {kAvx512CD, "AVX512CD"}, {kAvx512DQ, "AVX512DQ"}, {kAvx512VL, "AVX512VL"},
    {kAvx512Vbmi, "AVX512VBMI"}, {kAvx512Vbmi2, "AVX512VBMI2"}, {kSha3, "SHA3"},
    {kSve, "SVE"},           {kSve2, "SVE2"},
};

// "AVX2 BMI1 BMI2 FMA"; "" for none.
inline std::string cpu_feature_names(CpuFeatures features) {
  std::string out;
  for (const auto &f : kCpuFeatureNames)
    if (features & f.feature) out += (out.empty() ? "" : " ") + std::string(f.name);
  return out;
}

// NGCC_CPU_DISABLE: a comma-separated list of the names above
// that every check treats as absent, as OPENSSL_ia32cap hides instruction
// sets from OpenSSL; so the paths for a CPU without them run on any host.
inline constexpr const char kCpuDisableVariable[] = "NGCC_CPU_DISABLE";

// The features of a list of the names above (any case, separated by commas
// or white space); the first name that is none of them goes to *unknown.
CpuFeatures cpu_features_named(std::string_view names, std::string *unknown = nullptr);

struct CpuDisable {
  CpuFeatures hidden = 0;
  std::string unknown;  // the first name that is no feature above; "" if none
};
const CpuDisable &cpu_disable();
std::string cpu_disable_error();

// What a set of needed extensions meets on this host.
struct CpuSupport {
  CpuFeatures lacking = 0;  // this CPU (or its OS) does not provide them
  CpuFeatures hidden = 0;   // provided, but hidden by NGCC_CPU_DISABLE
  bool ok() const { return (lacking | hidden) == 0; }
};
// The lacking ones from the compiler's run-time check, which also asks the
// OS whether it saves the vector state.
CpuSupport cpu_support(CpuFeatures needed);
inline bool cpu_supports(CpuFeatures needed) { return cpu_support(needed).ok(); }
// The extensions of `wanted` that may be used here.
inline CpuFeatures cpu_features_present(CpuFeatures wanted) {
  const CpuSupport s = cpu_support(wanted);
  return wanted & ~(s.lacking | s.hidden);
}
// Every extension above that may be used here: what a test or tool asks
// before it runs code built for one (ngcc-kat --cpu-features prints it).
inline CpuFeatures cpu_features_usable() {
  CpuFeatures all = 0;
  for (const auto &f : kCpuFeatureNames) all |= f.feature;
  return cpu_features_present(all);
}
// Why code needing them does not run here: "not supported by this CPU, which
// lacks AVX512F AVX512BW", "not supported here: NGCC_CPU_DISABLE hides AVX2".
std::string unsupported_reason(const CpuSupport &support);

namespace {
// The extensions the including translation unit is compiled for (-march,
// -mavx512f, ...). Internal linkage: every translation unit has its own value.
constexpr CpuFeatures kCompiledFeatures = 0
#ifdef __AVX2__
    | kAvx2
#endif
#ifdef __BMI__
    | kBmi1
#endif
#ifdef __BMI2__
    | kBmi2
#endif
#ifdef __FMA__
    | kFma
#endif
#ifdef __AVX512F__
    | kAvx512F
#endif
#ifdef __AVX512BW__
    | kAvx512BW
#endif
#ifdef __AVX512CD__
    | kAvx512CD
#endif
#ifdef __AVX512DQ__
    | kAvx512DQ
#endif
#ifdef __AVX512VL__
    | kAvx512VL
#endif
#ifdef __AVX512VBMI__
    | kAvx512Vbmi
#endif
#ifdef __AVX512VBMI2__
    | kAvx512Vbmi2
#endif
#ifdef __ARM_FEATURE_SHA3
    | kSha3
#endif
#ifdef __ARM_FEATURE_SVE
    | kSve
#endif
#ifdef __ARM_FEATURE_SVE2
    | kSve2
#endif
    ;
}  // namespace

}  // namespace ngcc
