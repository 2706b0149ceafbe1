// The CHIME state in six 256-bit registers, one branch each, as
// permutation_vector.hpp takes it; shared by permutation_avx2.cpp and
// permutation_avx512.cpp, each with its own flags.
#pragma once

#include <cstdint>

#include "chime/chime.hpp"
#include "common/simd_avx2.hpp"

namespace ngcc::chime {
// Internal linkage: two translation units of different flags include this.
namespace {
namespace ymm {

struct Registers {
  avx2::V a0, a1, b0, b1, c0, c1;

  static Registers load(const State &w) {
    return {avx2::load(&w[0]), avx2::load(&w[4]), avx2::load(&w[8]),
            avx2::load(&w[12]), avx2::load(&w[16]), avx2::load(&w[20])};
  }
  void store(State &w) const {
    const avx2::V v[6] = {a0, a1, b0, b1, c0, c1};
    for (unsigned i = 0; i < 6; ++i) avx2::store(&w[4 * i], v[i]);
  }

  // CHIME-512 (§10): block bytes 0..63 into A0, A1.
  NGCC_ALWAYS_INLINE void add_block_512(const std::uint8_t *p) {
    a0 = _mm256_xor_si256(a0, avx2::load(p));
    a1 = _mm256_xor_si256(a1, avx2::load(p + 32));
  }
  // CHIME-1024 (§11): bytes 0..31 into A0, bytes 32..55 into A1[1..3].
  NGCC_ALWAYS_INLINE void add_block_1024(const std::uint8_t *p) {
    a0 = _mm256_xor_si256(a0, avx2::load(p));
    // Bytes 24..55 are block words 3..6; word 3 belongs to A0, not A1.
    a1 = _mm256_xor_si256(a1, _mm256_blend_epi32(avx2::load(p + 24), _mm256_setzero_si256(), 0x03));
  }
  // CHIME-1024 (§11): the capacity A1[0], B0, B1, C0, C1 of `old` fed forward.
  NGCC_ALWAYS_INLINE void feed_forward_1024(const Registers &old) {
    a1 = _mm256_xor_si256(a1, _mm256_blend_epi32(_mm256_setzero_si256(), old.a1, 0x03));
    b0 = _mm256_xor_si256(b0, old.b0);
    b1 = _mm256_xor_si256(b1, old.b1);
    c0 = _mm256_xor_si256(c0, old.c0);
    c1 = _mm256_xor_si256(c1, old.c1);
  }
};

}  // namespace ymm
}  // namespace
}  // namespace ngcc::chime
