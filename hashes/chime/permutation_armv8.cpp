// CHIME for ARMv8.0-A: the AdvSIMD rounds of permutation_advsimd.hpp.
#include "chime/permutation_advsimd.hpp"

namespace ngcc::chime {

const Implementation kArmv8{"armv8 (AdvSIMD)", kCompiledFeatures,
                            block_loop::absorb_blocks<advsimd::AdvSimd, BlockShapes>,
                            block_loop::permute<advsimd::AdvSimd>};

}  // namespace ngcc::chime
