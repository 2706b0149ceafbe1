// CHIME rounds on AArch64 AdvSIMD, one branch in two 128-bit registers (low
// half, high half), unrolled by permutation_vector.hpp (so the branch
// rotation of §8 is a compile-time renaming).
// Included by permutation_armv8.cpp and, with __ARM_FEATURE_SHA3, by
// permutation_armv8_sha3.cpp. Same results as permutation_portable.cpp.
//
// Not scalar: it folds every rotation and shift into its EOR, but needs 108
// integer instructions a round against 80 vector ones here, and LLVM 19
// models Oryon's scalar EOR / BIC at 1.5 a cycle.
#pragma once

#include <arm_neon.h>

#include <cstdint>

#include "chime/chime.hpp"
#include "chime/permutation_vector.hpp"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "block words are loaded as little-endian lanes");

namespace ngcc::chime {
// Internal linkage: two translation units of different flags include this.
namespace {
namespace advsimd {

using Half = uint64x2_t;

struct Branch {
  Half lo, hi;  // words (0, 1), (2, 3)
};

// Neoverse-V2 issues EOR3, BCAX and XAR on one vector pipe of four (Oryon on
// all four, as LLVM 19 models them), so the SHA3 build asks for them only on
// the chain t1 -> c0' -> b1' that bounds a round. Off it, χ's BIC and the
// three-input XORs pass through an empty asm, which keeps GCC from fusing
// them into BCAX / EOR3 itself; it still fuses a few two-input EORs, which
// is best on both cores in llvm-mca's models.
NGCC_ALWAYS_INLINE Half unfused(Half x) {
#ifdef __ARM_FEATURE_SHA3
  asm("" : "+w"(x));
#endif
  return x;
}
NGCC_ALWAYS_INLINE Half veor(Half x, Half y) { return veorq_u64(x, y); }

// Off the chain: plain instructions. Rotation: SHL, then SRI inserts the
// wrapped bits.
NGCC_ALWAYS_INLINE Half xor3(Half x, Half y, Half z) { return unfused(veor(unfused(veor(x, y)), z)); }
template <int k>
NGCC_ALWAYS_INLINE Half rotl(Half x) {
  return vsriq_n_u64(vshlq_n_u64(x, k), x, 64 - k);
}
// §7's x ^ (~y & z).
NGCC_ALWAYS_INLINE Half chi_word(Half x, Half y, Half z) { return veor(x, unfused(vbicq_u64(z, y))); }

// On the chain: one EOR3 / XAR with SHA3.
NGCC_ALWAYS_INLINE Half xor3_fused(Half x, Half y, Half z) {
#ifdef __ARM_FEATURE_SHA3
  return veor3q_u64(x, y, z);
#else
  return xor3(x, y, z);
#endif
}
template <int k>
NGCC_ALWAYS_INLINE Half rotl_fused(Half x) {
#ifdef __ARM_FEATURE_SHA3
  return vxarq_u64(x, vdupq_n_u64(0), 64 - k);
#else
  return rotl<k>(x);
#endif
}

// Branch-wide forms.
template <Half (*op)(Half, Half, Half)>
NGCC_ALWAYS_INLINE Branch each(const Branch &x, const Branch &y, const Branch &z) {
  return {op(x.lo, y.lo, z.lo), op(x.hi, y.hi, z.hi)};
}
NGCC_ALWAYS_INLINE Branch operator^(const Branch &x, const Branch &y) {
  return {veor(x.lo, y.lo), veor(x.hi, y.hi)};
}

// §4 building blocks.
template <int k>
NGCC_ALWAYS_INLINE Branch rotl(const Branch &x) {
  return {rotl<k>(x.lo), rotl<k>(x.hi)};
}
template <int k>
NGCC_ALWAYS_INLINE Branch rotl_fused(const Branch &x) {
  return {rotl_fused<k>(x.lo), rotl_fused<k>(x.hi)};
}
NGCC_ALWAYS_INLINE Branch shl7(const Branch &x) { return {vshlq_n_u64(x.lo, 7), vshlq_n_u64(x.hi, 7)}; }
NGCC_ALWAYS_INLINE Branch shr5(const Branch &x) { return {vshrq_n_u64(x.lo, 5), vshrq_n_u64(x.hi, 5)}; }
// (X3, X0 | X1, X2).
NGCC_ALWAYS_INLINE Branch wrot(const Branch &x) { return {vextq_u64(x.hi, x.lo, 1), vextq_u64(x.lo, x.hi, 1)}; }
NGCC_ALWAYS_INLINE Branch hswap(const Branch &x) { return {x.hi, x.lo}; }
NGCC_ALWAYS_INLINE Branch pswap(const Branch &x) { return {vextq_u64(x.lo, x.lo, 1), vextq_u64(x.hi, x.hi, 1)}; }
// Dwords (u0, u1, u2, u3) of each half -> (u1, u2, u3, u0): right by 32 bits.
NGCC_ALWAYS_INLINE Half hrot(Half x) {
  return vreinterpretq_u64_u32(vextq_u32(vreinterpretq_u32_u64(x), vreinterpretq_u32_u64(x), 1));
}
NGCC_ALWAYS_INLINE Branch hrot(const Branch &x) { return {hrot(x.lo), hrot(x.hi)}; }

// §7 on (x, y, z), from the old values.
NGCC_ALWAYS_INLINE void chi(Half &x, Half &y, Half &z) {
  const Half nx = chi_word(x, y, z), ny = chi_word(y, z, x);
  z = chi_word(z, x, y);
  x = nx;
  y = ny;
}
NGCC_ALWAYS_INLINE void chi(Branch &x, Branch &y, Branch &z) {
  chi(x.lo, y.lo, z.lo);
  chi(x.hi, y.hi, z.hi);
}

NGCC_ALWAYS_INLINE Half load_half(const std::uint8_t *p) { return vreinterpretq_u64_u8(vld1q_u8(p)); }
NGCC_ALWAYS_INLINE Branch load_branch(const std::uint64_t *w) { return {vld1q_u64(w), vld1q_u64(w + 2)}; }
NGCC_ALWAYS_INLINE void store_branch(std::uint64_t *w, const Branch &x) {
  vst1q_u64(w, x.lo);
  vst1q_u64(w + 2, x.hi);
}

// The state, as permutation_vector.hpp takes it.
struct Registers {
  Branch a0, a1, b0, b1, c0, c1;

  static Registers load(const State &w) {
    return {load_branch(&w[0]), load_branch(&w[4]), load_branch(&w[8]),
            load_branch(&w[12]), load_branch(&w[16]), load_branch(&w[20])};
  }
  void store(State &w) const {
    const Branch *const branches[6] = {&a0, &a1, &b0, &b1, &c0, &c1};
    for (unsigned i = 0; i < 6; ++i) store_branch(&w[4 * i], *branches[i]);
  }

  // CHIME-512 (§10): block bytes 0..63 into A0, A1.
  NGCC_ALWAYS_INLINE void add_block_512(const std::uint8_t *p) {
    a0 = a0 ^ Branch{load_half(p), load_half(p + 16)};
    a1 = a1 ^ Branch{load_half(p + 32), load_half(p + 48)};
  }
  // CHIME-1024 (§11): bytes 0..31 into A0, bytes 32..55 into A1[1..3].
  NGCC_ALWAYS_INLINE void add_block_1024(const std::uint8_t *p) {
    a0 = a0 ^ Branch{load_half(p), load_half(p + 16)};
    a1 = a1 ^ Branch{vcombine_u64(vdup_n_u64(0), vld1_u64(reinterpret_cast<const std::uint64_t *>(p + 32))),
                     load_half(p + 40)};
  }
  // CHIME-1024 (§11): the capacity A1[0], B0, B1, C0, C1 of `old` fed forward.
  NGCC_ALWAYS_INLINE void feed_forward_1024(const Registers &old) {
    a1.lo = veor(a1.lo, vcombine_u64(vget_low_u64(old.a1.lo), vdup_n_u64(0)));
    b0 = b0 ^ old.b0;
    b1 = b1 ^ old.b1;
    c0 = c0 ^ old.c0;
    c1 = c1 ^ old.c1;
  }
};

// One round (§8), L in the closed form of §5, RC (§6) joining a0'. Every
// vector instruction takes 2 cycles, so the chain is kept short: SHL7
// distributes over a0' = WROT(a0) ^ PSWAP(c0'), and b1' does not wait for
// a0' (four more instructions a round, 7% fewer cycles estimated).
template <unsigned r>
NGCC_ALWAYS_INLINE Registers round(const Registers &s) {
  const Branch t1 = each<xor3_fused>(s.b1, hrot(s.c1), rotl_fused<31>(s.a1));
  const Branch c0 = each<xor3_fused>(s.c0, rotl_fused<29>(s.a0), t1);
  const Branch a0_moved = wrot(s.a0), c0_swapped = pswap(c0);
  const Branch b1 = each<xor3_fused>(t1, shl7(a0_moved), shl7(c0_swapped));
  const Half rc = vld1q_dup_u64(&kRoundConstants[r]);
  const Branch a0 = each<xor3>(a0_moved, {rc, rc}, c0_swapped);
  const Branch b0 = s.b0 ^ s.a1;
  const Branch a1 = hswap(s.a1) ^ hrot(b0);
  const Branch t2 = each<xor3>(s.c1, rotl<13>(s.a0), hrot(t1));
  const Branch c1 = t2 ^ shr5(a1);
  Registers next{a0, a1, b0, b1, c0, c1};
  chi_and_rotate<r>(next, chi);
  return next;
}

// The rounds for permutation_vector.hpp.
struct Rounds {
  template <unsigned r>
  NGCC_ALWAYS_INLINE Registers round(const Registers &s) const {
    return advsimd::round<r>(s);
  }
};
using AdvSimd = vector::Unrolled<Registers, Rounds>;

}  // namespace advsimd
}  // namespace
}  // namespace ngcc::chime
