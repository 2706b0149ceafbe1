// Cube-f (§§4-7) and the block absorption on 256-bit registers, shared by
// the x86 implementations: permutation_avx2.cpp and permutation_avx512.cpp
// each include it once, compiled for their instruction set, and supply the
// instructions that differ as a class Isa:
//   static V xor3(V a, V b, V c);                           a ^ b ^ c
//   template <int A, int B, int G> static V xor_andrx(V t, V x);
//                                                           t ^ F[A,B,G](x) (§3)
//   template <int LoFrom, int LoLeft, int HiFrom, int HiLeft> static V move_rows(V x);
//       the low lane of the result is lane LoFrom of x rotated left by LoLeft
//       cells (new[c] = old[(c + LoLeft) mod 8]), the high lane likewise
//   static constexpr bool kOneInstructionXor3;
//
// Layout: per branch six registers, register i holding rows 2i (low 128-bit
// lane) and 2i+1 (high lane), i.e. words 4i .. 4i+3 of State. Registers 0-2
// are the upper half, 3-5 the lower half, and every lane (U, W) of MAndRX is
// the same position in registers i and i+3. The forward and the inverse
// branch of Cube-f are independent and are computed side by side for
// instruction-level parallelism.
#pragma once

#include "common/simd_avx2.hpp"
#include "mastercube/mastercube.hpp"

namespace ngcc::mastercube {
// Internal linkage: the including translation units are compiled for
// different instruction sets, so none may share a function with another.
namespace {
namespace ymm {

using avx2::V;

struct Regs {
  V x[6];
};

NGCC_ALWAYS_INLINE V xor2(V a, V b) { return _mm256_xor_si256(a, b); }

// CM §4.1: x'_i = x_i ^ x_{i+1} ^ x_{i+4} on whole registers (the row
// parity is the lane); x_{i+1} ^ x_{i+4} is the same for i and i+3.
template <class Isa>
NGCC_ALWAYS_INLINE void cross_mix(Regs &s) {
  const Regs x = s;
  if constexpr (Isa::kOneInstructionXor3) {
    for (int i = 0; i < 6; ++i) s.x[i] = Isa::xor3(x.x[i], x.x[(i + 1) % 6], x.x[(i + 4) % 6]);
  } else {
    const V pair[3] = {xor2(x.x[0], x.x[3]), xor2(x.x[1], x.x[4]), xor2(x.x[2], x.x[5])};
    for (int i = 0; i < 6; ++i) s.x[i] = xor2(x.x[i], pair[(i + 1) % 3]);
  }
}

// SR §4.2: swap the two lanes of the lower registers.
NGCC_ALWAYS_INLINE void swap_rows(Regs &s) {
  for (int i = 3; i < 6; ++i) s.x[i] = _mm256_permute2x128_si256(s.x[i], s.x[i], 1);
}

// One Feistel half-step on the three lane registers: W ^= F(U) or U ^= F(W).
template <class Isa, int A, int B, int G>
NGCC_ALWAYS_INLINE void lower_from_upper(Regs &s) {
  for (int i = 0; i < 3; ++i) s.x[i + 3] = Isa::template xor_andrx<A, B, G>(s.x[i + 3], s.x[i]);
}
template <class Isa, int A, int B, int G>
NGCC_ALWAYS_INLINE void upper_from_lower(Regs &s) {
  for (int i = 0; i < 3; ++i) s.x[i] = Isa::template xor_andrx<A, B, G>(s.x[i], s.x[i + 3]);
}

// MAndRX on s and MAndRX^-1 on t (§4.3), issued half-step by half-step so
// that six independent dependency chains are in flight.
template <class Isa>
NGCC_ALWAYS_INLINE void mandrx_and_inverse(Regs &s, Regs &t) {
  lower_from_upper<Isa, 0, 1, 8>(s);
  upper_from_lower<Isa, 8, 9, 0>(t);
  upper_from_lower<Isa, 14, 5, 0>(s);
  lower_from_upper<Isa, 0, 1, 8>(t);
  lower_from_upper<Isa, 9, 12, 8>(s);
  upper_from_lower<Isa, 14, 5, 0>(t);
  upper_from_lower<Isa, 14, 5, 0>(s);
  lower_from_upper<Isa, 9, 12, 8>(t);
  lower_from_upper<Isa, 0, 1, 8>(s);
  upper_from_lower<Isa, 14, 5, 0>(t);
  upper_from_lower<Isa, 8, 9, 0>(s);
  lower_from_upper<Isa, 0, 1, 8>(t);
}

// SHR (§4.5) rotates upper row y left by y cells and lower row 6+y right by
// y; SHR^-1 the other way. With SR, which swaps the lanes of the lower
// registers: SR then SHR (forward round), SHR^-1 then SR (inverse round).
// y0, y1: the rows SHR rotates that end in the low and the high lane.
template <class Isa, bool Inverse, int I>
NGCC_ALWAYS_INLINE V swap_and_shift_register(V x) {
  constexpr bool lower = I >= 3;
  constexpr int y0 = 2 * (I % 3) + (lower && Inverse ? 1 : 0);
  constexpr int y1 = 2 * (I % 3) + (lower && Inverse ? 0 : 1);
  constexpr bool left = lower == Inverse;
  return Isa::template move_rows<lower ? 1 : 0, left ? y0 : (8 - y0) % 8, lower ? 0 : 1,
                                 left ? y1 : (8 - y1) % 8>(x);
}
template <class Isa, bool Inverse>
NGCC_ALWAYS_INLINE void swap_and_shift_rows(Regs &s) {
  s.x[0] = swap_and_shift_register<Isa, Inverse, 0>(s.x[0]);
  s.x[1] = swap_and_shift_register<Isa, Inverse, 1>(s.x[1]);
  s.x[2] = swap_and_shift_register<Isa, Inverse, 2>(s.x[2]);
  s.x[3] = swap_and_shift_register<Isa, Inverse, 3>(s.x[3]);
  s.x[4] = swap_and_shift_register<Isa, Inverse, 4>(s.x[4]);
  s.x[5] = swap_and_shift_register<Isa, Inverse, 5>(s.x[5]);
}

// MR §4.6: columns c-2 and c+2 are the neighbouring 32-bit dwords.
template <class Isa>
NGCC_ALWAYS_INLINE void mix_rows(Regs &s) {
  for (auto &x : s.x) x = Isa::xor3(_mm256_shuffle_epi32(x, 0x93), x, _mm256_shuffle_epi32(x, 0x39));
}

// AC(k) §4.7: row 0 is the low lane of register 0, so register 0 is XORed
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
NGCC_ALWAYS_INLINE void add_constant(Regs &s, unsigned k) {
  static constexpr RoundConstants rc = make_round_constants();
  s.x[0] = xor2(s.x[0], _mm256_load_si256(reinterpret_cast<const V *>(rc.cell[k])));
}

// HX §6: exchange the halves (register renaming).
NGCC_ALWAYS_INLINE void half_exchange(Regs &s) {
  for (int i = 0; i < 3; ++i) {
    const V t = s.x[i];
    s.x[i] = s.x[i + 3];
    s.x[i + 3] = t;
  }
}

// MC after CM (forward round: CM; SR; MC, and SR commutes with MC), as one
// XOR network: y0 = x0^x1^x3^x5, y1 = x1^x2^x3^x4, y2 = x3^x4^x5,
// y3 = x0^x1^x4^x5, y4 = x0^x2^x3^x4, y5 = x0^x1^x2.
template <class Isa>
NGCC_ALWAYS_INLINE void mix_columns_after_cross_mix(Regs &s) {
  const V s01 = xor2(s.x[0], s.x[1]), s34 = xor2(s.x[3], s.x[4]);
  const V y5 = xor2(s01, s.x[2]);
  const V y2 = xor2(s34, s.x[5]);
  const V y0 = Isa::xor3(s01, s.x[3], s.x[5]);
  const V y3 = xor2(y0, s34);
  const V y4 = Isa::xor3(s34, s.x[0], s.x[2]);
  const V y1 = xor2(y4, s01);
  s.x[0] = y0, s.x[1] = y1, s.x[2] = y2, s.x[3] = y3, s.x[4] = y4, s.x[5] = y5;
}

// CM after MC (inverse round: MC; SR; CM, SR commuting with MC):
// z0 = x0^x1^x4^x5, z1 = x1^x3^x4^x5, z2 = x0^x3^x5, z3 = x0^x2^x3^x4,
// z4 = x0^x1^x2^x3, z5 = x1^x2^x4. That is the network above on the
// registers renamed: z = (y0, y3, y2, y4, y1, y5) for y of (x4, x1, x2, x0, x3, x5).
template <class Isa>
NGCC_ALWAYS_INLINE void cross_mix_after_mix_columns(Regs &s) {
  Regs y{{s.x[4], s.x[1], s.x[2], s.x[0], s.x[3], s.x[5]}};
  mix_columns_after_cross_mix<Isa>(y);
  s = Regs{{y.x[0], y.x[3], y.x[2], y.x[4], y.x[1], y.x[5]}};
}

// Forward round R_k (§5) on s and inverse-branch round IR_j (§6, as
// implemented) on t, their independent layers interleaved:
//   R_k:  CM; SR; MAndRX; CM; SR; MC; SHR; MR; AC(k)
//   IR_j: AC(j); MR; SHR^-1; MC; SR; CM; MAndRX^-1; HX; SR; CM
// SR commutes with MC: CM; SR; MC of R_k is computed as the fused network,
// then SR with SHR, and SHR^-1; MC; SR; CM of IR_j as SHR^-1 with SR, then
// the fused network.
template <class Isa>
NGCC_ALWAYS_INLINE void round_pair(Regs &s, unsigned k, Regs &t, unsigned j) {
  cross_mix<Isa>(s);
  add_constant(t, j);
  swap_rows(s);
  mix_rows<Isa>(t);
  swap_and_shift_rows<Isa, true>(t);
  cross_mix_after_mix_columns<Isa>(t);

  mandrx_and_inverse<Isa>(s, t);

  mix_columns_after_cross_mix<Isa>(s);
  half_exchange(t);
  swap_and_shift_rows<Isa, false>(s);
  swap_rows(t);
  cross_mix<Isa>(t);
  mix_rows<Isa>(s);
  add_constant(s, k);
}

// Cube-f §7: forward branch with constants 0..8, inverse branch with 17..9.
template <class Isa>
NGCC_ALWAYS_INLINE void cube_f_regs(Regs &s) {
  Regs t = s;
  for (unsigned i = 0; i <= 8; ++i) round_pair<Isa>(s, i, t, 17 - i);
  for (int i = 0; i < 6; ++i) s.x[i] = xor2(s.x[i], t.x[i]);
}

// x86 is little-endian: the state's words in memory are its serialisation.
NGCC_ALWAYS_INLINE Regs load_state(const State &state) {
  Regs s;
  for (int i = 0; i < 6; ++i) s.x[i] = avx2::load(state.word + 4 * i);
  return s;
}
NGCC_ALWAYS_INLINE void store_state(State &state, const Regs &s) {
  for (int i = 0; i < 6; ++i) avx2::store(state.word + 4 * i, s.x[i]);
}

// Message bytes are the state's cells as they are (§2.2). Every rate is
// 32q + 24 bytes: q whole registers and 24 bytes of register q.
template <class Isa, std::size_t Rate>
void absorb_rate(State &state, const std::uint8_t *blocks, std::size_t n_blocks) {
  static_assert(Rate % 32 == 24, "rate must be 32q + 24 bytes");
  constexpr int q = Rate / 32;
  Regs s = load_state(state);
  for (std::size_t b = 0; b < n_blocks; ++b, blocks += Rate) {
    for (int i = 0; i < q; ++i) s.x[i] = xor2(s.x[i], avx2::load(blocks + 32 * i));
    const std::uint8_t *tail = blocks + 32 * q;
    const V tail24 = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(tail))),
        _mm_loadl_epi64(reinterpret_cast<const __m128i *>(tail + 16)), 1);
    s.x[q] = xor2(s.x[q], tail24);
    cube_f_regs<Isa>(s);
  }
  store_state(state, s);
}

template <class Isa>
void absorb(State &state, const std::uint8_t *blocks, std::size_t n_blocks, const Params &p) {
  switch (p.rate_bytes) {
    case kMasterCube512.rate_bytes: return absorb_rate<Isa, kMasterCube512.rate_bytes>(state, blocks, n_blocks);
    case kMasterCube768.rate_bytes: return absorb_rate<Isa, kMasterCube768.rate_bytes>(state, blocks, n_blocks);
    default: return absorb_rate<Isa, kMasterCube1024.rate_bytes>(state, blocks, n_blocks);
  }
}

template <class Isa>
void cube_f(State &state) {
  Regs s = load_state(state);
  cube_f_regs<Isa>(s);
  store_state(state, s);
}

// Cells of a lane pair moved as in Isa::move_rows: the source word of each
// destination word (16 per register, 8 per lane).
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
