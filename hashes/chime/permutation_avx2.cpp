// CHIME rounds for x86-64-v3 (AVX2), one branch per ymm register, unrolled
// by permutation_vector.hpp (so the branch rotation of §8 is a compile-time
// renaming). Same results as
// permutation_portable.cpp.
//
// On AMD Zen 3 a round is about 41 vector micro-ops, 12 of them
// shifts/shuffles sharing two ports plus two lane crossings (WROT, HSWAP)
// whose latency sits in the round-to-round recurrence. Hence vperm2i128
// (3 cycles) rather than vpermq (6 cycles), rotl 13 derived from rotl 29 by a
// byte shuffle, the constants as memory operands, and the statement order of
// round() below.
#include <array>
#include <cstdint>
#include <utility>

#include "chime/chime.hpp"
#include "chime/permutation_vector.hpp"
#include "chime/permutation_ymm.hpp"
#include "common/simd_avx2.hpp"

namespace ngcc::chime {
namespace {

using avx2::V;
using avx2::rotl64;
using avx2::xor3;

// §4 word moves.
NGCC_ALWAYS_INLINE V hswap(V x) { return _mm256_permute2x128_si256(x, x, 0x01); }
// (X3, X0 | X1, X2): per 128-bit lane, the high word of HSWAP(X) then the low word of X.
NGCC_ALWAYS_INLINE V wrot(V x) { return _mm256_alignr_epi8(x, hswap(x), 8); }
NGCC_ALWAYS_INLINE V pswap(V x) { return _mm256_shuffle_epi32(x, 0x4E); }
// Dwords (u0, u1, u2, u3) of each half -> (u1, u2, u3, u0): right by 32 bits.
NGCC_ALWAYS_INLINE V hrot(V x) { return _mm256_shuffle_epi32(x, 0x39); }

// §6 constants, each broadcast to four words.
struct alignas(32) ConstantVector {
  std::uint64_t w[4];
};
template <std::size_t... r>
constexpr std::array<ConstantVector, sizeof...(r)> broadcast(std::index_sequence<r...>) {
  return {{{{kRoundConstants[r], kRoundConstants[r], kRoundConstants[r], kRoundConstants[r]}}...}};
}
constexpr std::array<ConstantVector, 20> kConstantVectors = broadcast(std::make_index_sequence<20>{});

// The table's address, hidden from the optimizer: otherwise it rebuilds every
// constant with movabs + vpbroadcastq, a shuffle-port micro-op per round.
NGCC_ALWAYS_INLINE const V *round_constants() {
  const V *rc = reinterpret_cast<const V *>(kConstantVectors.data());
  asm("" : "+r"(rc));
  return rc;
}

using Branches = ymm::Registers;

// §7: x ^= ~y & z etc., from the old values.
NGCC_ALWAYS_INLINE void chi(V &x, V &y, V &z) {
  const V nx = _mm256_xor_si256(x, _mm256_andnot_si256(y, z));
  const V ny = _mm256_xor_si256(y, _mm256_andnot_si256(z, x));
  z = _mm256_xor_si256(z, _mm256_andnot_si256(x, y));
  x = nx;
  y = ny;
}

// One round (§8), L in the closed form of §5. Statements are ordered by
// priority: the lane crossings first, then the chain t1 -> c0 -> b1. SHL7
// distributes over a0' = WROT(a0) ^ PSWAP(c0'), so b1' does not wait for
// a0', and RC joins WROT(a0) before PSWAP(c0') arrives.
template <unsigned r>
NGCC_ALWAYS_INLINE Branches round(const Branches &s, const V *rc) {
  const V a0_moved = wrot(s.a0);
  const V a1_moved = hswap(s.a1);
  const V t1 = xor3(s.b1, hrot(s.c1), rotl64<31>(s.a1));
  const V a0_rot29 = rotl64<29>(s.a0);
  const V c0 = xor3(s.c0, a0_rot29, t1);
  const V c0_swapped = pswap(c0);
  const V b1 = xor3(t1, _mm256_slli_epi64(a0_moved, 7), _mm256_slli_epi64(c0_swapped, 7));
  const V a0 = xor3(a0_moved, _mm256_load_si256(rc + r), c0_swapped);
  const V b0 = _mm256_xor_si256(s.b0, s.a1);
  const V a1 = _mm256_xor_si256(a1_moved, hrot(b0));
  const V t2 = xor3(s.c1, avx2::rotr64<16>(a0_rot29), hrot(t1));  // rotl 13 = rotl 29, rotr 16
  const V c1 = _mm256_xor_si256(t2, _mm256_srli_epi64(a1, 5));
  Branches next{a0, a1, b0, b1, c0, c1};
  chi_and_rotate<r>(next, chi);
  return next;
}

// An empty asm that keeps each round's instructions together, in the order
// of round(); letting the compiler interleave rounds is 1.5-2% slower
// (Zen 3).
NGCC_ALWAYS_INLINE void round_boundary(Branches &s) {
  asm("" : "+x"(s.a0), "+x"(s.a1), "+x"(s.b0), "+x"(s.b1), "+x"(s.c0), "+x"(s.c1));
}

// The rounds for permutation_vector.hpp.
struct Rounds {
  const V *rc = round_constants();
  template <unsigned r>
  NGCC_ALWAYS_INLINE Branches round(const Branches &s) const {
    Branches next = chime::round<r>(s, rc);
    round_boundary(next);
    return next;
  }
};
using Avx2 = vector::Unrolled<Branches, Rounds>;

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures,
                           block_loop::absorb_blocks<Avx2, BlockShapes>, block_loop::permute<Avx2>};

}  // namespace ngcc::chime
