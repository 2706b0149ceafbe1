// CHIME rounds with AVX-512F/VL on 256-bit registers, one branch per ymm
// register, unrolled by permutation_vector.hpp (so the branch rotation of §8
// is a compile-time renaming). Same results as permutation_portable.cpp.
//
// vpternlogq makes every three-input XOR and each χ output one instruction
// and vprolq each rotation: 27 instructions a round. Where simple vector
// instructions take 2 cycles (Zen 5) the loop is bound by the
// latency of the chain from round to round, not by throughput, so round()
// spends two instructions to shorten that chain and orders every operand.
#include <cstdint>

#include "chime/chime.hpp"
#include "chime/permutation_vector.hpp"
#include "chime/permutation_ymm.hpp"
#include "common/simd_avx512.hpp"

namespace ngcc::chime {
namespace {

using V = __m256i;
using avx512::kXor3;

// §4 word moves: WROT and HSWAP rotate the four words (valignq), PSWAP and
// HROT stay inside the 128-bit halves (vpshufd).
NGCC_ALWAYS_INLINE V wrot(V x) { return _mm256_alignr_epi64(x, x, 3); }
NGCC_ALWAYS_INLINE V hswap(V x) { return _mm256_alignr_epi64(x, x, 2); }
NGCC_ALWAYS_INLINE V pswap(V x) { return _mm256_shuffle_epi32(x, 0x4E); }
// Dwords (u0, u1, u2, u3) of each half -> (u1, u2, u3, u0): right by 32 bits.
NGCC_ALWAYS_INLINE V hrot(V x) { return _mm256_shuffle_epi32(x, 0x39); }
template <int k>
NGCC_ALWAYS_INLINE V rotl(V x) {
  return _mm256_rol_epi64(x, k);
}
NGCC_ALWAYS_INLINE V shl7(V x) { return _mm256_slli_epi64(x, 7); }
NGCC_ALWAYS_INLINE V shr5(V x) { return _mm256_srli_epi64(x, 5); }

using Branches = ymm::Registers;

// vpternlogq reads its first operand (the destination register) two cycles
// before it can read the other two (Zen 5: 2 cycles latency from
// the first, 3 from the others), so every call below passes the input that
// is ready last first.
template <int table>
NGCC_ALWAYS_INLINE V ternary(V late, V b, V c) {
  return _mm256_ternarylogic_epi64(late, b, c, table);
}
NGCC_ALWAYS_INLINE V xor3(V late, V b, V c) { return ternary<kXor3>(late, b, c); }

// §7 on (x, y, z), each output one vpternlogq of the old values, with the
// branch ready last (x, y or z for late = 0, 1, 2) as the first operand.
// chi is invariant under the cyclic shift x -> y -> z -> x: with l the late
// branch and n1, n2 the next two, the outputs are l ^ (~n1 & n2),
// n1 ^ (~n2 & l) and n2 ^ (~l & n1).
template <int late>
NGCC_ALWAYS_INLINE void chi(V &x, V &y, V &z) {
  constexpr int kLate = avx512::ternary_table([](int l, int n1, int n2) { return l ^ (~n1 & n2); });
  constexpr int kNext = avx512::ternary_table([](int l, int n1, int n2) { return n1 ^ (~n2 & l); });
  constexpr int kAfterNext = avx512::ternary_table([](int l, int n1, int n2) { return n2 ^ (~l & n1); });
  V *const v[3] = {&x, &y, &z};
  const V l = *v[late], n1 = *v[(late + 1) % 3], n2 = *v[(late + 2) % 3];
  *v[late] = ternary<kLate>(l, n1, n2);
  *v[(late + 1) % 3] = ternary<kNext>(l, n1, n2);
  *v[(late + 2) % 3] = ternary<kAfterNext>(l, n1, n2);
}

// One round (§8), L in the closed form of §5 plus RC (§6). SHL7 distributes
// over a0' = WROT(a0) ^ PSWAP(c0'), so b1' does not wait for a0'; HROT over
// b0' = b0 ^ a1 likewise for a1'. Operands in order of readiness; b1' is
// always the last branch of L, c0' or a0'' the last of the other triple.
template <unsigned r>
NGCC_ALWAYS_INLINE Branches round(const Branches &s, const std::uint64_t *constants) {
  const V rc = _mm256_set1_epi64x(static_cast<long long>(constants[r]));
  const V t1 = xor3(hrot(s.c1), rotl<31>(s.a1), s.b1);
  V c0 = xor3(t1, rotl<29>(s.a0), s.c0);
  const V a0_moved = wrot(s.a0);
  const V c0_swapped = pswap(c0);
  V a0 = xor3(c0_swapped, a0_moved, rc);
  V b1 = xor3(shl7(c0_swapped), shl7(a0_moved), t1);
  V b0 = _mm256_xor_si256(s.b0, s.a1);
  V a1 = xor3(hswap(s.a1), hrot(s.b0), hrot(s.a1));
  const V t2 = xor3(hrot(t1), rotl<13>(s.a0), s.c1);
  V c1 = _mm256_xor_si256(t2, shr5(a1));
  if constexpr (r % 2 == 0) {
    chi<0>(a0, b0, c0);
    chi<1>(a1, b1, c1);
  } else {
    chi<1>(a0, b1, c1);
    chi<2>(a1, b0, c0);
  }
  if constexpr ((r / 3) % 2 == 0)
    return {c1, a0, a1, b0, b1, c0};  // forward rotation
  else
    return {a1, b0, b1, c0, c1, a0};  // backward rotation
}

// The rounds for permutation_vector.hpp.
// The table's address is hidden from the optimizer, so each constant stays a
// broadcast memory operand of its vpternlogq ({1to4}) instead of being built
// in a register (movabs, vpbroadcastq) at every call.
struct Rounds {
  const std::uint64_t *constants = hidden(kRoundConstants);
  static const std::uint64_t *hidden(const std::uint64_t *p) {
    asm("" : "+r"(p));
    return p;
  }
  template <unsigned r>
  NGCC_ALWAYS_INLINE Branches round(const Branches &s) const {
    return chime::round<r>(s, constants);
  }
};
using Avx512 = vector::Unrolled<Branches, Rounds>;

}  // namespace

const Implementation kAvx512{avx512::kImplementationName, kCompiledFeatures,
                             block_loop::absorb_blocks<Avx512, BlockShapes>, block_loop::permute<Avx512>};

}  // namespace ngcc::chime
