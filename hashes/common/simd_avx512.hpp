// AVX-512 for the families' avx512 implementations (permutation_avx512.cpp).
// Natively: <immintrin.h>, compiled with the avx512 variant's flags. With
// NGCC_AVX512_EMULATION (preset emulated): the same intrinsic names from
// SIMDe, so the same source is proven on any x86-64-v3 CPU and under
// valgrind, slowly.
#pragma once

#if defined(NGCC_AVX512_EMULATION)
#define SIMDE_ENABLE_NATIVE_ALIASES
#include <simde/x86/avx512.h>
#else
// GCC 12's unmasked AVX-512 intrinsics (vpermq, vprorvq, ...) pass a
// self-initialized _mm512_undefined_epi32() as the unused merge source, which
// -Wmaybe-uninitialized reports wherever they are inlined (GCC bug 105593).
#if defined(__clang__)
#include <immintrin.h>
#else
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wuninitialized"
#pragma GCC diagnostic ignored "-Wmaybe-uninitialized"
#include <immintrin.h>
#pragma GCC diagnostic pop
#endif
#endif

#include "common/bits.hpp"

#if defined(NGCC_AVX512_EMULATION)
// SIMDe 0.7.4 has no VBMI2 shift-doubles with an immediate count (GCC's own
// header declares them, but only for VBMI2 targets): per element,
// shldi(a, b, n) = high half of (a:b) << n, shrdi(a, b, n) = low half of (b:a) >> n.
#define NGCC_EMULATED_SHLDI(w, bits, a, b, n) \
  _mm##w##_or_si##w(_mm##w##_slli_epi##bits((a), (n)), _mm##w##_srli_epi##bits((b), bits - (n)))
#define NGCC_EMULATED_SHRDI(w, bits, a, b, n) \
  _mm##w##_or_si##w(_mm##w##_srli_epi##bits((a), (n)), _mm##w##_slli_epi##bits((b), bits - (n)))
#undef _mm256_shldi_epi16
#undef _mm256_shldi_epi32
#undef _mm256_shldi_epi64
#undef _mm512_shldi_epi16
#undef _mm512_shldi_epi32
#undef _mm512_shldi_epi64
#undef _mm256_shrdi_epi16
#undef _mm256_shrdi_epi32
#undef _mm256_shrdi_epi64
#undef _mm512_shrdi_epi16
#undef _mm512_shrdi_epi32
#undef _mm512_shrdi_epi64
#define _mm256_shldi_epi16(a, b, n) NGCC_EMULATED_SHLDI(256, 16, a, b, n)
#define _mm256_shldi_epi32(a, b, n) NGCC_EMULATED_SHLDI(256, 32, a, b, n)
#define _mm256_shldi_epi64(a, b, n) NGCC_EMULATED_SHLDI(256, 64, a, b, n)
#define _mm512_shldi_epi16(a, b, n) NGCC_EMULATED_SHLDI(512, 16, a, b, n)
#define _mm512_shldi_epi32(a, b, n) NGCC_EMULATED_SHLDI(512, 32, a, b, n)
#define _mm512_shldi_epi64(a, b, n) NGCC_EMULATED_SHLDI(512, 64, a, b, n)
#define _mm256_shrdi_epi16(a, b, n) NGCC_EMULATED_SHRDI(256, 16, a, b, n)
#define _mm256_shrdi_epi32(a, b, n) NGCC_EMULATED_SHRDI(256, 32, a, b, n)
#define _mm256_shrdi_epi64(a, b, n) NGCC_EMULATED_SHRDI(256, 64, a, b, n)
#define _mm512_shrdi_epi16(a, b, n) NGCC_EMULATED_SHRDI(512, 16, a, b, n)
#define _mm512_shrdi_epi32(a, b, n) NGCC_EMULATED_SHRDI(512, 32, a, b, n)
#define _mm512_shrdi_epi64(a, b, n) NGCC_EMULATED_SHRDI(512, 64, a, b, n)
// Nor valignq on ymm: words n.. of the eight-word concatenation (a:b), b low.
#undef _mm256_alignr_epi64
#define _mm256_alignr_epi64(a, b, n) \
  _mm256_permutex2var_epi64((b), _mm256_setr_epi64x((n), (n) + 1, (n) + 2, (n) + 3), (a))
// Nor the shift-doubles with a count per element: shrdv(a, b, c) = low half
// of (b:a) >> c, per element (a count of 0 gives a: the left shift by the
// element width yields 0).
#define NGCC_EMULATED_SHRDV(w, bits, a, b, c)                   \
  _mm##w##_or_si##w(_mm##w##_srlv_epi##bits((a), (c)),         \
                    _mm##w##_sllv_epi##bits((b), _mm##w##_sub_epi##bits(_mm##w##_set1_epi##bits(bits), (c))))
#undef _mm256_shrdv_epi32
#undef _mm512_shrdv_epi32
#define _mm256_shrdv_epi32(a, b, c) NGCC_EMULATED_SHRDV(256, 32, a, b, c)
#define _mm512_shrdv_epi32(a, b, c) NGCC_EMULATED_SHRDV(512, 32, a, b, c)
#endif

namespace ngcc::avx512 {

// The implementation's name in kImplementations, ngcc_instance() and reports.
#if defined(NGCC_AVX512_EMULATION)
inline constexpr const char kImplementationName[] = "avx512-simde";
#else
inline constexpr const char kImplementationName[] = "avx512";
#endif

// Three-input logic: bit i of the result is bit (a_i b_i c_i) of `table`
// (vpternlog). kXor3 = a ^ b ^ c, kChi = a ^ (~b & c).
inline constexpr int kXor3 = 0x96;
inline constexpr int kChi = 0xD2;

// The vpternlog table of any three-input bitwise function f(a, b, c), e.g.
// ternary_table([](int a, int b, int c) { return c ^ (~a & b); }): f applied
// to the tables of a, b and c themselves (0xF0, 0xCC, 0xAA).
template <class F>
constexpr int ternary_table(F f) {
  return f(0xF0, 0xCC, 0xAA) & 0xFF;
}

// Each 32-bit element rotated right by k (vprord). Written as the all-ones
// zero-masked form, which compiles to the same instruction: GCC 12's
// _mm512_ror_epi32 passes an undefined register that -Wuninitialized reports.
template <int k>
NGCC_ALWAYS_INLINE __m512i rotr32(__m512i x) {
  return _mm512_maskz_ror_epi32(0xFFFF, x, k);
}

}  // namespace ngcc::avx512
