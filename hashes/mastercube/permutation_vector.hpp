// Cube-f (§§4-7) and the block absorption on registers of two rows, shared
// by the x86 implementations (256-bit registers, permutation_ymm.hpp) and
// the AArch64 ones (pairs of 128-bit registers, permutation_advsimd.hpp). Each
// implementation includes it once, compiled for its instruction set, and
// supplies the instructions that differ as a class Isa:
//   using V;                                                two rows
//   static V load(const void *p); static void store(void *p, V v);
//   static V load_24(const void *p);   24 bytes, the rest zero
//   static V xor2(V a, V b);                                a ^ b
//   static V xor3(V a, V b, V c);                           a ^ b ^ c
//   static V swap_rows(V x);                                the two rows exchanged
//   template <int N> static V rotate_dwords(V x);           new dword d of a row
//                                                           is old dword d + N mod 4
//   template <int A, int B, int G> static V xor_andrx(V t, V x);
//                                                           t ^ F[A,B,G](x) (§3)
//   template <int LoFrom, int LoLeft, int HiFrom, int HiLeft> static V move_rows(V x);
//       the low row of the result is row LoFrom of x rotated left by LoLeft
//       cells (new[c] = old[(c + LoLeft) mod 8]), the high row likewise
//   static constexpr bool kOneInstructionXor3;
//
// Layout: per branch six registers, register i holding rows 2i (low row)
// and 2i+1 (high row), i.e. words 4i .. 4i+3 of State. Registers 0-2
// are the upper half, 3-5 the lower half, and every lane (U, W) of MAndRX is
// the same position in registers i and i+3. The forward and the inverse
// branch of Cube-f are independent and are computed side by side for
// instruction-level parallelism.
#pragma once

#include <utility>

#include "mastercube/mastercube.hpp"

namespace ngcc::mastercube {
// Internal linkage: the including translation units are compiled for
// different instruction sets, so none may share a function with another.
namespace {
namespace vector {

template <class Isa>
struct Regs {
  typename Isa::V x[6];
};

// CM §4.1: x'_i = x_i ^ x_{i+1} ^ x_{i+4} on whole registers (the row
// parity is the row of the register); x_{i+1} ^ x_{i+4} is the same for i
// and i+3.
template <class Isa>
NGCC_ALWAYS_INLINE void cross_mix(Regs<Isa> &s) {
  const Regs<Isa> x = s;
  if constexpr (Isa::kOneInstructionXor3) {
    for (int i = 0; i < 6; ++i) s.x[i] = Isa::xor3(x.x[i], x.x[(i + 1) % 6], x.x[(i + 4) % 6]);
  } else {
    const typename Isa::V pair[3] = {Isa::xor2(x.x[0], x.x[3]), Isa::xor2(x.x[1], x.x[4]),
                                     Isa::xor2(x.x[2], x.x[5])};
    for (int i = 0; i < 6; ++i) s.x[i] = Isa::xor2(x.x[i], pair[(i + 1) % 3]);
  }
}

// SR §4.2: swap the two rows of the lower registers.
template <class Isa>
NGCC_ALWAYS_INLINE void swap_rows(Regs<Isa> &s) {
  for (int i = 3; i < 6; ++i) s.x[i] = Isa::swap_rows(s.x[i]);
}

// One Feistel half-step on the three lane registers: W ^= F(U) or U ^= F(W).
template <class Isa, int A, int B, int G>
NGCC_ALWAYS_INLINE void lower_from_upper(Regs<Isa> &s) {
  for (int i = 0; i < 3; ++i) s.x[i + 3] = Isa::template xor_andrx<A, B, G>(s.x[i + 3], s.x[i]);
}
template <class Isa, int A, int B, int G>
NGCC_ALWAYS_INLINE void upper_from_lower(Regs<Isa> &s) {
  for (int i = 0; i < 3; ++i) s.x[i] = Isa::template xor_andrx<A, B, G>(s.x[i], s.x[i + 3]);
}

// Half-step Step of MAndRX (§4.3); MAndRX^-1 is the same half-steps in
// reverse order.
template <class Isa, int Step>
NGCC_ALWAYS_INLINE void mandrx_half_step(Regs<Isa> &s) {
  if constexpr (Step == 0) lower_from_upper<Isa, 0, 1, 8>(s);
  if constexpr (Step == 1) upper_from_lower<Isa, 14, 5, 0>(s);
  if constexpr (Step == 2) lower_from_upper<Isa, 9, 12, 8>(s);
  if constexpr (Step == 3) upper_from_lower<Isa, 14, 5, 0>(s);
  if constexpr (Step == 4) lower_from_upper<Isa, 0, 1, 8>(s);
  if constexpr (Step == 5) upper_from_lower<Isa, 8, 9, 0>(s);
}

// MAndRX on s and MAndRX^-1 on t, issued half-step by half-step so that six
// independent dependency chains are in flight.
template <class Isa, int... Step>
NGCC_ALWAYS_INLINE void mandrx_and_inverse(Regs<Isa> &s, Regs<Isa> &t, std::integer_sequence<int, Step...>) {
  ((mandrx_half_step<Isa, Step>(s), mandrx_half_step<Isa, 5 - Step>(t)), ...);
}

// SHR (§4.5) rotates upper row y left by y cells and lower row 6+y right by
// y; SHR^-1 the other way. With SR, which swaps the rows of the lower
// registers: SR then SHR (forward round), SHR^-1 then SR (inverse round).
// y0, y1: the rows SHR rotates that end as the low and the high row.
template <class Isa, bool Inverse, int I>
NGCC_ALWAYS_INLINE typename Isa::V swap_and_shift_register(typename Isa::V x) {
  constexpr bool lower = I >= 3;
  constexpr int y0 = 2 * (I % 3) + (lower && Inverse ? 1 : 0);
  constexpr int y1 = 2 * (I % 3) + (lower && Inverse ? 0 : 1);
  constexpr bool left = lower == Inverse;
  return Isa::template move_rows<lower ? 1 : 0, left ? y0 : (8 - y0) % 8, lower ? 0 : 1,
                                 left ? y1 : (8 - y1) % 8>(x);
}
template <class Isa, bool Inverse>
NGCC_ALWAYS_INLINE void swap_and_shift_rows(Regs<Isa> &s) {
  s.x[0] = swap_and_shift_register<Isa, Inverse, 0>(s.x[0]);
  s.x[1] = swap_and_shift_register<Isa, Inverse, 1>(s.x[1]);
  s.x[2] = swap_and_shift_register<Isa, Inverse, 2>(s.x[2]);
  s.x[3] = swap_and_shift_register<Isa, Inverse, 3>(s.x[3]);
  s.x[4] = swap_and_shift_register<Isa, Inverse, 4>(s.x[4]);
  s.x[5] = swap_and_shift_register<Isa, Inverse, 5>(s.x[5]);
}

// MR §4.6: columns c-2 and c+2 are the neighbouring 32-bit dwords.
template <class Isa>
NGCC_ALWAYS_INLINE void mix_rows(Regs<Isa> &s) {
  for (auto &x : s.x) x = Isa::xor3(Isa::template rotate_dwords<3>(x), x, Isa::template rotate_dwords<1>(x));
}

// AC(k) §4.7: row 0 is the low row of register 0, so register 0 is XORed
// with (K[0] ^ k, ..., K[7] ^ k, 0, ..., 0).
struct RoundConstants {
  alignas(32) std::uint16_t cell[18][16];
};
constexpr RoundConstants make_round_constants() {
  RoundConstants rc{};
  for (int k = 0; k < 18; ++k) {
    for (int c = 0; c < kCols; ++c) rc.cell[k][c] = static_cast<std::uint16_t>(kRoundConstantRow[c] ^ k);
  }
  return rc;
}
template <class Isa>
NGCC_ALWAYS_INLINE void add_constant(Regs<Isa> &s, unsigned k) {
  static constexpr RoundConstants rc = make_round_constants();
  s.x[0] = Isa::xor2(s.x[0], Isa::load(rc.cell[k]));
}

// HX §6: exchange the halves (register renaming).
template <class Isa>
NGCC_ALWAYS_INLINE void half_exchange(Regs<Isa> &s) {
  for (int i = 0; i < 3; ++i) {
    const typename Isa::V t = s.x[i];
    s.x[i] = s.x[i + 3];
    s.x[i + 3] = t;
  }
}

// MC after CM (forward round: CM; SR; MC, and SR commutes with MC), as one
// XOR network: y0 = x0^x1^x3^x5, y1 = x1^x2^x3^x4, y2 = x3^x4^x5,
// y3 = x0^x1^x4^x5, y4 = x0^x2^x3^x4, y5 = x0^x1^x2.
template <class Isa>
NGCC_ALWAYS_INLINE void mix_columns_after_cross_mix(Regs<Isa> &s) {
  using V = typename Isa::V;
  const V s01 = Isa::xor2(s.x[0], s.x[1]), s34 = Isa::xor2(s.x[3], s.x[4]);
  const V y5 = Isa::xor2(s01, s.x[2]);
  const V y2 = Isa::xor2(s34, s.x[5]);
  const V y0 = Isa::xor3(s01, s.x[3], s.x[5]);
  const V y3 = Isa::xor2(y0, s34);
  const V y4 = Isa::xor3(s34, s.x[0], s.x[2]);
  const V y1 = Isa::xor2(y4, s01);
  s.x[0] = y0, s.x[1] = y1, s.x[2] = y2, s.x[3] = y3, s.x[4] = y4, s.x[5] = y5;
}

// CM after MC (inverse round: MC; SR; CM, SR commuting with MC):
// z0 = x0^x1^x4^x5, z1 = x1^x3^x4^x5, z2 = x0^x3^x5, z3 = x0^x2^x3^x4,
// z4 = x0^x1^x2^x3, z5 = x1^x2^x4. That is the network above on the
// registers renamed: z = (y0, y3, y2, y4, y1, y5) for y of (x4, x1, x2, x0, x3, x5).
template <class Isa>
NGCC_ALWAYS_INLINE void cross_mix_after_mix_columns(Regs<Isa> &s) {
  Regs<Isa> y{{s.x[4], s.x[1], s.x[2], s.x[0], s.x[3], s.x[5]}};
  mix_columns_after_cross_mix<Isa>(y);
  s = Regs<Isa>{{y.x[0], y.x[3], y.x[2], y.x[4], y.x[1], y.x[5]}};
}

// Forward round R_k (§5) on s and inverse-branch round IR_j (§6, as
// implemented) on t, their independent layers interleaved:
//   R_k:  CM; SR; MAndRX; CM; SR; MC; SHR; MR; AC(k)
//   IR_j: AC(j); MR; SHR^-1; MC; SR; CM; MAndRX^-1; HX; SR; CM
// SR commutes with MC: CM; SR; MC of R_k is computed as the fused network,
// then SR with SHR, and SHR^-1; MC; SR; CM of IR_j as SHR^-1 with SR, then
// the fused network.
template <class Isa>
NGCC_ALWAYS_INLINE void round_pair(Regs<Isa> &s, unsigned k, Regs<Isa> &t, unsigned j) {
  cross_mix<Isa>(s);
  add_constant<Isa>(t, j);
  swap_rows<Isa>(s);
  mix_rows<Isa>(t);
  swap_and_shift_rows<Isa, true>(t);
  cross_mix_after_mix_columns<Isa>(t);

  mandrx_and_inverse<Isa>(s, t, std::make_integer_sequence<int, 6>{});

  mix_columns_after_cross_mix<Isa>(s);
  half_exchange<Isa>(t);
  swap_and_shift_rows<Isa, false>(s);
  swap_rows<Isa>(t);
  cross_mix<Isa>(t);
  mix_rows<Isa>(s);
  add_constant<Isa>(s, k);
}

// Cube-f §7: forward branch with constants 0..8, inverse branch with 17..9.
template <class Isa>
NGCC_ALWAYS_INLINE void cube_f_regs(Regs<Isa> &s) {
  Regs<Isa> t = s;
  for (unsigned i = 0; i <= 8; ++i) round_pair<Isa>(s, i, t, 17 - i);
  for (int i = 0; i < 6; ++i) s.x[i] = Isa::xor2(s.x[i], t.x[i]);
}

// Both targets are little-endian: the state's words in memory are its
// serialisation.
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "State words are little-endian in memory");

// The implementation on Isa's registers (common/block_loop.hpp).
template <class Isa>
struct RowPairs {
  using Registers = Regs<Isa>;

  static Registers load(const State &state) {
    Registers s;
    for (int i = 0; i < 6; ++i) s.x[i] = Isa::load(state.word + 4 * i);
    return s;
  }
  static void store(State &state, const Registers &s) {
    for (int i = 0; i < 6; ++i) Isa::store(state.word + 4 * i, s.x[i]);
  }

  static void permute(Registers &s) { cube_f_regs<Isa>(s); }

  // Message bytes are the state's cells as they are (§2.2). Every rate is
  // 32q + 24 bytes: q whole registers and 24 bytes of register q.
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Registers &s, const std::uint8_t *block) {
    static_assert(P.rate_bytes % 32 == 24, "rate must be 32q + 24 bytes");
    constexpr int q = P.rate_bytes / 32;
    for (int i = 0; i < q; ++i) s.x[i] = Isa::xor2(s.x[i], Isa::load(block + 32 * i));
    s.x[q] = Isa::xor2(s.x[q], Isa::load_24(block + 32 * q));
    cube_f_regs<Isa>(s);
  }
};

}  // namespace vector
}  // namespace
}  // namespace ngcc::mastercube
