// The instructions the x86 implementations (permutation_avx2.cpp,
// permutation_avx512.cpp) share for Cube-f of permutation_vector.hpp:
// a register of two rows is one 256-bit register, a row one 128-bit lane.
#pragma once

#include "common/simd_avx2.hpp"
#include "mastercube/permutation_vector.hpp"

namespace ngcc::mastercube {
namespace {
namespace ymm {

using avx2::V;

struct Ymm {
  using V = avx2::V;

  NGCC_ALWAYS_INLINE static V load(const void *p) { return avx2::load(p); }
  NGCC_ALWAYS_INLINE static void store(void *p, V v) { avx2::store(p, v); }
  NGCC_ALWAYS_INLINE static V load_24(const void *p) {
    const auto *bytes = static_cast<const std::uint8_t *>(p);
    return _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(bytes))),
        _mm_loadl_epi64(reinterpret_cast<const __m128i *>(bytes + 16)), 1);
  }
  NGCC_ALWAYS_INLINE static V xor2(V a, V b) { return _mm256_xor_si256(a, b); }
  NGCC_ALWAYS_INLINE static V swap_rows(V x) { return _mm256_permute2x128_si256(x, x, 1); }
  template <int N>
  NGCC_ALWAYS_INLINE static V rotate_dwords(V x) {
    constexpr int order = N % 4 | (N + 1) % 4 << 2 | (N + 2) % 4 << 4 | (N + 3) % 4 << 6;
    return _mm256_shuffle_epi32(x, order);
  }
};

// Cells of a row pair moved as in Isa::move_rows: the source cell of each
// destination cell (16 per register, 8 per row).
struct WordIndex {
  alignas(32) std::uint16_t word[16];
};
constexpr WordIndex row_moves(int lo_from, int lo_left, int hi_from, int hi_left) {
  WordIndex m{};
  for (int c = 0; c < kCols; ++c) {
    m.word[c] = static_cast<std::uint16_t>(kCols * lo_from + (c + lo_left) % kCols);
    m.word[kCols + c] = static_cast<std::uint16_t>(kCols * hi_from + (c + hi_left) % kCols);
  }
  return m;
}

}  // namespace ymm
}  // namespace
}  // namespace ngcc::mastercube
