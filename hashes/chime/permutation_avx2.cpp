// CHIME permutation and absorb loop for x86-64-v3 (AVX2): one branch per
// ymm register, rounds fully unrolled so the branch rotation of §8 is a
// compile-time renaming. Same results as permutation.cpp / absorb_portable.
#include <immintrin.h>

#include <cstdint>
#include <utility>

#include "chime/chime.hpp"

namespace ngcc::chime {
namespace {

using V = __m256i;
// The state must stay in registers across rounds and blocks.
#define CHIME_INLINE inline __attribute__((always_inline))

template <int k>
CHIME_INLINE V rotl_words(V x) {
  return _mm256_or_si256(_mm256_slli_epi64(x, k), _mm256_srli_epi64(x, 64 - k));
}
// §4 word moves: vpermq 0x93, vpermq 0x4E, vpshufd 0x4E, vpshufd 0x39.
CHIME_INLINE V wrot(V x) { return _mm256_permute4x64_epi64(x, 0x93); }
CHIME_INLINE V hswap(V x) { return _mm256_permute4x64_epi64(x, 0x4E); }
CHIME_INLINE V pswap(V x) { return _mm256_shuffle_epi32(x, 0x4E); }
CHIME_INLINE V hrot(V x) { return _mm256_shuffle_epi32(x, 0x39); }
CHIME_INLINE V x3(V a, V b, V c) { return _mm256_xor_si256(_mm256_xor_si256(a, b), c); }

struct Branches {
  V a0, a1, b0, b1, c0, c1;
};

// §7: x ^= ~y & z etc., from the old values.
CHIME_INLINE void chi(V &x, V &y, V &z) {
  const V nx = _mm256_xor_si256(x, _mm256_andnot_si256(y, z));
  const V ny = _mm256_xor_si256(y, _mm256_andnot_si256(z, x));
  z = _mm256_xor_si256(z, _mm256_andnot_si256(x, y));
  x = nx;
  y = ny;
}

// One round (§8) with L in the closed form of §5 (shorter dependency chains).
template <unsigned r>
CHIME_INLINE Branches round(const Branches &s) {
  const V b0 = _mm256_xor_si256(s.b0, s.a1);
  const V t1 = x3(s.b1, hrot(s.c1), rotl_words<31>(s.a1));
  V c0 = x3(s.c0, rotl_words<29>(s.a0), t1);
  const V t2 = x3(s.c1, rotl_words<13>(s.a0), hrot(t1));
  const V a0_lin = _mm256_xor_si256(wrot(s.a0), pswap(c0));
  V a1 = _mm256_xor_si256(hswap(s.a1), hrot(b0));
  V b1 = _mm256_xor_si256(t1, _mm256_slli_epi64(a0_lin, 7));
  V c1 = _mm256_xor_si256(t2, _mm256_srli_epi64(a1, 5));
  V a0 = _mm256_xor_si256(a0_lin, _mm256_set1_epi64x(static_cast<long long>(kRoundConstants[r])));
  V b0c = b0;
  if constexpr (r % 2 == 0) {
    chi(a0, b0c, c0);
    chi(a1, b1, c1);
  } else {
    chi(a0, b1, c1);
    chi(a1, b0c, c0);
  }
  if constexpr ((r / 3) % 2 == 0)
    return {c1, a0, a1, b0c, b1, c0};  // forward rotation
  else
    return {a1, b0c, b1, c0, c1, a0};  // backward rotation
}

template <std::size_t... r>
CHIME_INLINE Branches permute_unrolled(Branches s, std::index_sequence<r...>) {
  ((s = round<r>(s)), ...);
  return s;
}

template <unsigned rounds>
CHIME_INLINE Branches permute(const Branches &s) {
  return permute_unrolled(s, std::make_index_sequence<rounds>{});
}

CHIME_INLINE Branches load_state(const std::uint64_t *w) {
  auto at = [w](unsigned n) { return _mm256_loadu_si256(reinterpret_cast<const V *>(w + n)); };
  return {at(0), at(4), at(8), at(12), at(16), at(20)};
}
CHIME_INLINE void store_state(std::uint64_t *w, const Branches &s) {
  const V v[6] = {s.a0, s.a1, s.b0, s.b1, s.c0, s.c1};
  for (unsigned i = 0; i < 6; ++i) _mm256_storeu_si256(reinterpret_cast<V *>(w + 4 * i), v[i]);
}

// CHIME-512 (§10): block bytes 0..63 into A0, A1; no feed-forward.
void absorb_512(Branches &s, const std::uint8_t *p, std::size_t nblocks) {
  for (; nblocks > 0; --nblocks, p += 64) {
    s.a0 = _mm256_xor_si256(s.a0, _mm256_loadu_si256(reinterpret_cast<const V *>(p)));
    s.a1 = _mm256_xor_si256(s.a1, _mm256_loadu_si256(reinterpret_cast<const V *>(p + 32)));
    s = permute<15>(s);
  }
}

// CHIME-1024 (§11): bytes 0..31 into A0, bytes 32..55 into A1[1..3]; the
// capacity A1[0], B0, B1, C0, C1 is fed forward.
void absorb_1024(Branches &s, const std::uint8_t *p, std::size_t nblocks) {
  const V zero = _mm256_setzero_si256();
  for (; nblocks > 0; --nblocks, p += 56) {
    const Branches old = s;
    s.a0 = _mm256_xor_si256(s.a0, _mm256_loadu_si256(reinterpret_cast<const V *>(p)));
    // Bytes 24..55 are words 3..6 of the block; word 3 belongs to A0.
    const V high = _mm256_blend_epi32(_mm256_loadu_si256(reinterpret_cast<const V *>(p + 24)), zero, 0x03);
    s.a1 = _mm256_xor_si256(s.a1, high);
    s = permute<20>(s);
    s.a1 = _mm256_xor_si256(s.a1, _mm256_blend_epi32(zero, old.a1, 0x03));
    s.b0 = _mm256_xor_si256(s.b0, old.b0);
    s.b1 = _mm256_xor_si256(s.b1, old.b1);
    s.c0 = _mm256_xor_si256(s.c0, old.c0);
    s.c1 = _mm256_xor_si256(s.c1, old.c1);
  }
}

}  // namespace

void permute_avx2(std::uint64_t *state, unsigned rounds) {
  const Branches s = load_state(state);
  if (rounds == 15)
    store_state(state, permute<15>(s));
  else if (rounds == 20)
    store_state(state, permute<20>(s));
  else
    permute_portable(state, rounds);  // no unrolled version for other counts
}

void absorb_avx2(std::uint64_t *state, const std::uint8_t *blocks, std::size_t nblocks,
                 const Params &p) {
  if (nblocks == 0) return;
  Branches s = load_state(state);
  if (p.feed_forward)
    absorb_1024(s, blocks, nblocks);
  else
    absorb_512(s, blocks, nblocks);
  store_state(state, s);
}

}  // namespace ngcc::chime
