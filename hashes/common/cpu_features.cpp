#include "common/cpu_features.hpp"

namespace ngcc {
namespace {

#if defined(__x86_64__) || defined(__i386__)
// __builtin_cpu_supports takes string literals only.
bool present(CpuFeature feature) {
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
  }
  return false;
}
#else
bool present(CpuFeature) { return false; }  // every feature above is x86
#endif

}  // namespace

CpuFeatures cpu_features_present(CpuFeatures wanted) {
#if defined(__x86_64__) || defined(__i386__)
  __builtin_cpu_init();
#endif
  CpuFeatures have = 0;
  for (const auto &f : kCpuFeatureNames)
    if ((wanted & f.feature) != 0 && present(f.feature)) have |= f.feature;
  return have;
}

}  // namespace ngcc
