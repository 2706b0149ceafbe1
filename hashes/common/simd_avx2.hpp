// AVX2 building blocks shared by the families' x86-64-v3 implementations
// (permutation_avx2.cpp). Include only from translation units compiled with
// the opt variant's flags.
#pragma once

#include <immintrin.h>

#include "common/bits.hpp"

namespace ngcc::avx2 {

using V = __m256i;

NGCC_ALWAYS_INLINE V load(const void *p) { return _mm256_loadu_si256(static_cast<const V *>(p)); }
NGCC_ALWAYS_INLINE void store(void *p, V v) { _mm256_storeu_si256(static_cast<V *>(p), v); }

NGCC_ALWAYS_INLINE V xor3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }

// Each 64-bit word rotated left by k, 0 < k < 64. A rotation by a multiple of
// 8 is one byte shuffle instead of two shifts and an OR.
template <int k>
NGCC_ALWAYS_INLINE V rotl64(V x) {
  static_assert(k > 0 && k < 64);
  if constexpr (k % 8 == 0) {
    constexpr int b = k / 8;  // destination byte i takes source byte (i - b) mod 8
    const V bytes = _mm256_setr_epi8(
        (8 - b) % 8, (9 - b) % 8, (10 - b) % 8, (11 - b) % 8, (12 - b) % 8, (13 - b) % 8,
        (14 - b) % 8, (15 - b) % 8, 8 + (8 - b) % 8, 8 + (9 - b) % 8, 8 + (10 - b) % 8,
        8 + (11 - b) % 8, 8 + (12 - b) % 8, 8 + (13 - b) % 8, 8 + (14 - b) % 8, 8 + (15 - b) % 8,
        (8 - b) % 8, (9 - b) % 8, (10 - b) % 8, (11 - b) % 8, (12 - b) % 8, (13 - b) % 8,
        (14 - b) % 8, (15 - b) % 8, 8 + (8 - b) % 8, 8 + (9 - b) % 8, 8 + (10 - b) % 8,
        8 + (11 - b) % 8, 8 + (12 - b) % 8, 8 + (13 - b) % 8, 8 + (14 - b) % 8, 8 + (15 - b) % 8);
    return _mm256_shuffle_epi8(x, bytes);
  } else {
    return _mm256_or_si256(_mm256_slli_epi64(x, k), _mm256_srli_epi64(x, 64 - k));
  }
}
template <int k>
NGCC_ALWAYS_INLINE V rotr64(V x) {
  return rotl64<64 - k>(x);
}

// Each 32-bit word rotated right by k, 0 < k < 32 (multiples of 8: one shuffle).
template <int k>
NGCC_ALWAYS_INLINE V rotr32(V x) {
  static_assert(k > 0 && k < 32);
  if constexpr (k % 8 == 0) {
    constexpr int b = k / 8;  // destination byte i takes source byte (i + b) mod 4
    const V bytes = _mm256_setr_epi8(
        b % 4, (1 + b) % 4, (2 + b) % 4, (3 + b) % 4, 4 + b % 4, 4 + (1 + b) % 4, 4 + (2 + b) % 4,
        4 + (3 + b) % 4, 8 + b % 4, 8 + (1 + b) % 4, 8 + (2 + b) % 4, 8 + (3 + b) % 4,
        12 + b % 4, 12 + (1 + b) % 4, 12 + (2 + b) % 4, 12 + (3 + b) % 4, b % 4, (1 + b) % 4,
        (2 + b) % 4, (3 + b) % 4, 4 + b % 4, 4 + (1 + b) % 4, 4 + (2 + b) % 4, 4 + (3 + b) % 4,
        8 + b % 4, 8 + (1 + b) % 4, 8 + (2 + b) % 4, 8 + (3 + b) % 4, 12 + b % 4,
        12 + (1 + b) % 4, 12 + (2 + b) % 4, 12 + (3 + b) % 4);
    return _mm256_shuffle_epi8(x, bytes);
  } else {
    return _mm256_or_si256(_mm256_srli_epi32(x, k), _mm256_slli_epi32(x, 32 - k));
  }
}

}  // namespace ngcc::avx2
