// AArch64 MasterCube primitive (ARMv8.0-A AdvSIMD), same interface and
// output as permutation_portable.cpp: permutation_neon.hpp.
#include "mastercube/permutation_neon.hpp"

namespace ngcc::mastercube {

const Implementation kArmv8{"armv8", kCompiledFeatures, row_pairs::absorb<neon::Neon>,
                            row_pairs::cube_f<neon::Neon>};

}  // namespace ngcc::mastercube
