// CHIME for ARMv8.2-A with SHA3: the rounds of permutation_advsimd.hpp with
// EOR3, BCAX and XAR (__ARM_FEATURE_SHA3).
#include "chime/permutation_advsimd.hpp"

namespace ngcc::chime {

const Implementation kArmv8Sha3{"armv8_sha3 (AdvSIMD, SHA3)", kCompiledFeatures,
                                block_loop::absorb_blocks<advsimd::AdvSimd, BlockShapes>,
                                block_loop::permute<advsimd::AdvSimd>};

}  // namespace ngcc::chime
