// CHIME for ARMv8.2-A with SHA3: the rounds of advsimd_permutation.hpp with
// EOR3, BCAX and XAR (__ARM_FEATURE_SHA3).
#include "chime/advsimd_permutation.hpp"

namespace ngcc::chime {

const Implementation kArmv8Sha3{"armv8_sha3 (AdvSIMD, SHA3)", kCompiledFeatures, advsimd::Loop::absorb<Params>,
                                advsimd::Loop::permute};

}  // namespace ngcc::chime
