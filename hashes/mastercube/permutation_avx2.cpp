// AVX2 MasterCube primitive (x86-64-v3), same interface and output as
// permutation_portable.cpp: Cube-f of permutation_vector.hpp with AVX2
// instructions.
#include "mastercube/permutation_ymm.hpp"

namespace ngcc::mastercube {
namespace {

using avx2::V;
using ymm::Ymm;

// pshufb mask of Isa::move_rows (permutation_vector.hpp) within the lanes.
struct ByteMask {
  alignas(32) std::uint8_t byte[32];
};
constexpr ByteMask in_lane_bytes(const ymm::WordIndex &index) {
  ByteMask m{};
  for (int w = 0; w < 16; ++w) {
    m.byte[2 * w] = static_cast<std::uint8_t>(2 * (index.word[w] % kCols));
    m.byte[2 * w + 1] = static_cast<std::uint8_t>(2 * (index.word[w] % kCols) + 1);
  }
  return m;
}

struct Avx2 : Ymm {
  static constexpr bool kOneInstructionXor3 = false;

  NGCC_ALWAYS_INLINE static V xor3(V a, V b, V c) { return avx2::xor3(a, b, c); }

  // 16-bit rotate right by N. By 8 it is a byte swap inside every word;
  // otherwise it is the product x * 2^(16-N), whose low half is x << (16-N)
  // and high half x >> N: the multiplier pipes are not the shift pipes
  // (4% faster per Cube-f than two shifts on AMD Zen 5; GCC emits the low
  // half as a shift anyway).
  template <int N>
  NGCC_ALWAYS_INLINE static V rotr(V x) {
    if constexpr (N == 0) {
      return x;
    } else if constexpr (N == 8) {
      const V swap_bytes = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                            1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
      return _mm256_shuffle_epi8(x, swap_bytes);
    } else {
      const V factor = _mm256_set1_epi16(static_cast<short>(1u << (16 - N)));
      return _mm256_or_si256(_mm256_mullo_epi16(x, factor), _mm256_mulhi_epu16(x, factor));
    }
  }

  template <int A, int B, int G>
  NGCC_ALWAYS_INLINE static V xor_andrx(V t, V x) {
    return xor2(t, xor2(_mm256_and_si256(rotr<A>(x), rotr<B>(x)), rotr<G>(x)));
  }

  // A lane swap (vperm2i128) where the rows change lanes, then pshufb.
  template <int LoFrom, int LoLeft, int HiFrom, int HiLeft>
  NGCC_ALWAYS_INLINE static V move_rows(V x) {
    static constexpr ByteMask mask = in_lane_bytes(ymm::row_moves(LoFrom, LoLeft, HiFrom, HiLeft));
    if constexpr (LoFrom == 1) x = _mm256_permute2x128_si256(x, x, 1);
    return _mm256_shuffle_epi8(x, _mm256_load_si256(reinterpret_cast<const V *>(mask.byte)));
  }
};

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures,
                           block_loop::absorb_blocks<vector::RowPairs<Avx2>, BlockShapes>,
                           block_loop::permute<vector::RowPairs<Avx2>>};

}  // namespace ngcc::mastercube
