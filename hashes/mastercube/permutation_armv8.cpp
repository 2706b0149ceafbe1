// AArch64 MasterCube primitive (ARMv8.0-A AdvSIMD), same interface and
// output as permutation_portable.cpp: permutation_advsimd.hpp.
#include "mastercube/permutation_advsimd.hpp"

namespace ngcc::mastercube {

const Implementation kArmv8{"armv8", kCompiledFeatures,
                            block_loop::absorb_blocks<vector::RowPairs<advsimd::AdvSimd>, BlockShapes>,
                            block_loop::permute<vector::RowPairs<advsimd::AdvSimd>>};

}  // namespace ngcc::mastercube
