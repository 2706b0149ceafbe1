// AArch64 MasterCube primitive (ARMv8.2-A AdvSIMD with SHA3), same interface
// and output as permutation_portable.cpp: permutation_advsimd.hpp, its
// three-input XORs one EOR3 each.
#include "mastercube/permutation_advsimd.hpp"

static_assert(ngcc::kCompiledFeatures & ngcc::kSha3, "compiled with +sha3");

namespace ngcc::mastercube {

const Implementation kArmv8Sha3{"armv8_sha3", kCompiledFeatures,
                                block_loop::absorb_blocks<vector::RowPairs<advsimd::AdvSimd>, BlockShapes>,
                                block_loop::permute<vector::RowPairs<advsimd::AdvSimd>>};

}  // namespace ngcc::mastercube
