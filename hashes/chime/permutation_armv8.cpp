// CHIME for ARMv8.0-A: the AdvSIMD rounds of advsimd_permutation.hpp.
#include "chime/advsimd_permutation.hpp"

namespace ngcc::chime {

const Implementation kArmv8{"armv8 (AdvSIMD)", kCompiledFeatures, advsimd::Loop::absorb<Params>,
                            advsimd::Loop::permute};

}  // namespace ngcc::chime
