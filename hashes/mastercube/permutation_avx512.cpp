// AVX-512 MasterCube primitive (AVX-512F/BW/VL + VBMI2), same interface and
// output as permutation_portable.cpp: Cube-f of permutation_vector.hpp with
// AVX-512 instructions on 256-bit registers. A 16-bit rotation is one
// instruction (vpshrdw, VBMI2), every three-input XOR or AND-XOR one
// vpternlogd, and moving rows between lanes together with rotating their
// cells one vpermw.
//
// 256-bit rather than 512-bit registers: 512-bit ones holding both branches
// side by side would join the two independent dependency chains into one and
// do the branches' differing linear layers masked, half of each register
// idle: by a count of instructions and latencies little faster on AMD Zen 5,
// and slower where a 512-bit instruction is two 256-bit ones (Zen 4).
#include "common/simd_avx512.hpp"
#include "mastercube/permutation_ymm.hpp"

namespace ngcc::mastercube {
namespace {

using avx2::V;
using ymm::Ymm;

struct Avx512 : Ymm {
  static constexpr bool kOneInstructionXor3 = true;

  NGCC_ALWAYS_INLINE static V xor3(V a, V b, V c) {
    return _mm256_ternarylogic_epi32(a, b, c, avx512::kXor3);
  }
  // a ^ (b & c)
  NGCC_ALWAYS_INLINE static V xor_and(V a, V b, V c) { return _mm256_ternarylogic_epi32(a, b, c, 0x78); }

  // 16-bit rotate right by N: the low half of (x:x) >> N.
  template <int N>
  NGCC_ALWAYS_INLINE static V rotr(V x) {
    if constexpr (N == 0) {
      return x;
    } else {
      return _mm256_shrdi_epi16(x, x, N);
    }
  }

  // t ^ rotr<G>(x) first, while the AND of the other two rotations waits.
  template <int A, int B, int G>
  NGCC_ALWAYS_INLINE static V xor_andrx(V t, V x) {
    return xor_and(xor2(t, rotr<G>(x)), rotr<A>(x), rotr<B>(x));
  }

  template <int LoFrom, int LoLeft, int HiFrom, int HiLeft>
  NGCC_ALWAYS_INLINE static V move_rows(V x) {
    static constexpr ymm::WordIndex index = ymm::row_moves(LoFrom, LoLeft, HiFrom, HiLeft);
    return _mm256_permutexvar_epi16(_mm256_load_si256(reinterpret_cast<const V *>(index.word)), x);
  }
};

}  // namespace

const Implementation kAvx512{avx512::kImplementationName, kCompiledFeatures,
                             block_loop::absorb_blocks<vector::RowPairs<Avx512>, BlockShapes>,
                             block_loop::permute<vector::RowPairs<Avx512>>};

}  // namespace ngcc::mastercube
