// CHIME P15 / P20 and block absorption on AArch64 AdvSIMD, one branch in two
// 128-bit registers (low half, high half), the rounds fully unrolled so the
// branch rotation of §8 is a compile-time renaming. Included by
// permutation_armv8.cpp and, with __ARM_FEATURE_SHA3, by
// permutation_armv8_sha3.cpp. Same results as permutation_portable.cpp.
//
// Scalar code would fold every rotation and shift into its EOR, but needs
// 108 integer instructions a round against 72 here, and LLVM 19 models
// Oryon's scalar logical instructions at 1.5 a cycle (2026-12).
#pragma once

#include <arm_neon.h>

#include <cstdint>
#include <utility>

#include "chime/chime.hpp"

static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "block words are loaded as little-endian lanes");

namespace ngcc::chime {
// Internal linkage: two translation units of different flags include this.
namespace {
namespace advsimd {

using Half = uint64x2_t;

struct Branch {
  Half lo, hi;  // words (0, 1), (2, 3)
};

struct Registers {
  Branch a0, a1, b0, b1, c0, c1;
};

NGCC_ALWAYS_INLINE Half veor(Half x, Half y) { return veorq_u64(x, y); }
NGCC_ALWAYS_INLINE Branch operator^(const Branch &x, const Branch &y) {
  return {veor(x.lo, y.lo), veor(x.hi, y.hi)};
}

// Three-input XOR and χ's x ^ (~y & z): one EOR3 / BCAX with SHA3.
NGCC_ALWAYS_INLINE Half xor3(Half x, Half y, Half z) {
#ifdef __ARM_FEATURE_SHA3
  return veor3q_u64(x, y, z);
#else
  return veor(veor(x, y), z);
#endif
}
NGCC_ALWAYS_INLINE Half chi_word(Half x, Half y, Half z) {
#ifdef __ARM_FEATURE_SHA3
  return vbcaxq_u64(x, z, y);
#else
  return veor(x, vbicq_u64(z, y));
#endif
}

// §4 building blocks. Rotation: SHL then SRI (insert the wrapped bits), or
// one XAR with zero under SHA3.
template <int k>
NGCC_ALWAYS_INLINE Half rotl(Half x) {
#ifdef __ARM_FEATURE_SHA3
  return vxarq_u64(x, vdupq_n_u64(0), 64 - k);
#else
  return vsriq_n_u64(vshlq_n_u64(x, k), x, 64 - k);
#endif
}
template <int k>
NGCC_ALWAYS_INLINE Branch rotl(const Branch &x) {
  return {rotl<k>(x.lo), rotl<k>(x.hi)};
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
NGCC_ALWAYS_INLINE Branch xor3(const Branch &x, const Branch &y, const Branch &z) {
  return {xor3(x.lo, y.lo, z.lo), xor3(x.hi, y.hi, z.hi)};
}

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

// One round (§8), L in the closed form of §5, then RC (§6) joins a0'.
template <unsigned r>
NGCC_ALWAYS_INLINE Registers round(const Registers &s) {
  const Branch t1 = xor3(s.b1, hrot(s.c1), rotl<31>(s.a1));
  Branch c0 = xor3(s.c0, rotl<29>(s.a0), t1);
  Branch a0 = wrot(s.a0) ^ pswap(c0);
  Branch b1 = t1 ^ shl7(a0);
  const Half rc = vld1q_dup_u64(&kRoundConstants[r]);
  a0 = {veor(a0.lo, rc), veor(a0.hi, rc)};
  Branch b0 = s.b0 ^ s.a1;
  Branch a1 = hswap(s.a1) ^ hrot(b0);
  const Branch t2 = xor3(s.c1, rotl<13>(s.a0), hrot(t1));
  Branch c1 = t2 ^ shr5(a1);
  if constexpr (r % 2 == 0) {
    chi(a0, b0, c0);
    chi(a1, b1, c1);
  } else {
    chi(a0, b1, c1);
    chi(a1, b0, c0);
  }
  if constexpr ((r / 3) % 2 == 0)
    return {c1, a0, a1, b0, b1, c0};  // forward rotation
  else
    return {a1, b0, b1, c0, c1, a0};  // backward rotation
}

template <std::size_t... r>
NGCC_ALWAYS_INLINE Registers unrolled(Registers s, std::index_sequence<r...>) {
  ((s = round<r>(s)), ...);
  return s;
}
template <unsigned n>
NGCC_ALWAYS_INLINE Registers permute(const Registers &s) {
  return unrolled(s, std::make_index_sequence<n>{});
}

NGCC_ALWAYS_INLINE Half load_half(const std::uint8_t *p) { return vreinterpretq_u64_u8(vld1q_u8(p)); }
NGCC_ALWAYS_INLINE Branch load_branch(const std::uint64_t *w) { return {vld1q_u64(w), vld1q_u64(w + 2)}; }
NGCC_ALWAYS_INLINE void store_branch(std::uint64_t *w, const Branch &x) {
  vst1q_u64(w, x.lo);
  vst1q_u64(w + 2, x.hi);
}

Registers load(const State &w) {
  return {load_branch(&w[0]), load_branch(&w[4]), load_branch(&w[8]),
          load_branch(&w[12]), load_branch(&w[16]), load_branch(&w[20])};
}
void store(State &w, const Registers &s) {
  const Branch *const branches[6] = {&s.a0, &s.a1, &s.b0, &s.b1, &s.c0, &s.c1};
  for (unsigned i = 0; i < 6; ++i) store_branch(&w[4 * i], *branches[i]);
}

// CHIME-512 (§10): block bytes 0..63 into A0, A1; no feed-forward.
void absorb_512(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
  Registers s = state;
  for (; nblocks > 0; --nblocks, p += 64) {
    s.a0 = s.a0 ^ Branch{load_half(p), load_half(p + 16)};
    s.a1 = s.a1 ^ Branch{load_half(p + 32), load_half(p + 48)};
    s = permute<15>(s);
  }
  state = s;
}

// CHIME-1024 (§11): bytes 0..31 into A0, bytes 32..55 into A1[1..3]; the
// capacity A1[0], B0, B1, C0, C1 is fed forward.
void absorb_1024(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
  const uint64x1_t zero = vdup_n_u64(0);
  Registers s = state;
  for (; nblocks > 0; --nblocks, p += 56) {
    const Registers old = s;
    s.a0 = s.a0 ^ Branch{load_half(p), load_half(p + 16)};
    s.a1 = s.a1 ^ Branch{vcombine_u64(zero, vld1_u64(reinterpret_cast<const std::uint64_t *>(p + 32))),
                         load_half(p + 40)};
    s = permute<20>(s);
    s.a1.lo = veor(s.a1.lo, vcombine_u64(vget_low_u64(old.a1.lo), zero));
    s.b0 = s.b0 ^ old.b0;
    s.b1 = s.b1 ^ old.b1;
    s.c0 = s.c0 ^ old.c0;
    s.c1 = s.c1 ^ old.c1;
  }
  state = s;
}

// Implementation::absorb and ::permute.
void absorb(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p) {
  if (nblocks == 0) return;
  Registers s = load(state);
  if (p.feed_forward)
    absorb_1024(s, blocks, nblocks);
  else
    absorb_512(s, blocks, nblocks);
  store(state, s);
}
void permute_state(State &state, unsigned rounds) {
  const Registers s = load(state);
  store(state, rounds == 15 ? permute<15>(s) : permute<20>(s));
}

}  // namespace advsimd
}  // namespace
}  // namespace ngcc::chime
