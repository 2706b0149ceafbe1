// Cube-f of permutation_vector.hpp with AArch64 AdvSIMD (NEON), shared
// by permutation_armv8.cpp (ARMv8.0-A) and permutation_armv8_sha3.cpp
// (ARMv8.2-A SHA3: three-input XOR in one EOR3). A register of two rows is
// a pair of 128-bit registers, one row each, so SR (§4.2) and the lane
// moves of SHR (§4.5) are register renaming, and a row rotation by n cells
// is one EXT.
//
// AdvSIMD rather than scalar code: MAndRX (§4.3), most of the work, rotates
// 16-bit cells; on 64-bit general registers that is three instructions per
// word (two ANDs with shifted operand, ORR), six per row, against two per
// row in AdvSIMD (SHL, SRI). In llvm-mca's oryon-1 model (MasterCube-512):
// the portable word code at -O3 23.1 cycles/byte, this 12.9;
// one branch's MAndRX moved to the integer pipes beside the other branch on
// the vector pipes 17.1 or worse (the transfers between register files and
// the spills cost more than the idle integer pipes give).
#pragma once

#include <arm_neon.h>

#include "mastercube/permutation_vector.hpp"

namespace ngcc::mastercube {
namespace {
namespace advsimd {

using Row = uint16x8_t;  // cell c is lane c (§2.2, little-endian)

struct AdvSimd {
  struct V {
    Row lo, hi;  // rows 2i and 2i+1
  };

#if defined(__ARM_FEATURE_SHA3)
  static constexpr bool kOneInstructionXor3 = true;
  NGCC_ALWAYS_INLINE static Row xor3(Row a, Row b, Row c) { return veor3q_u16(a, b, c); }
#else
  static constexpr bool kOneInstructionXor3 = false;
  NGCC_ALWAYS_INLINE static Row xor3(Row a, Row b, Row c) { return veorq_u16(veorq_u16(a, b), c); }
#endif

  NGCC_ALWAYS_INLINE static Row load_row(const void *p) {
    return vreinterpretq_u16_u8(vld1q_u8(static_cast<const std::uint8_t *>(p)));
  }
  NGCC_ALWAYS_INLINE static V load(const void *p) {
    return {load_row(p), load_row(static_cast<const std::uint8_t *>(p) + 16)};
  }
  NGCC_ALWAYS_INLINE static void store(void *p, V v) {
    auto *bytes = static_cast<std::uint8_t *>(p);
    vst1q_u8(bytes, vreinterpretq_u8_u16(v.lo));
    vst1q_u8(bytes + 16, vreinterpretq_u8_u16(v.hi));
  }
  NGCC_ALWAYS_INLINE static V load_24(const void *p) {
    const auto *bytes = static_cast<const std::uint8_t *>(p);
    return {load_row(bytes), vreinterpretq_u16_u8(vcombine_u8(vld1_u8(bytes + 16), vdup_n_u8(0)))};
  }

  NGCC_ALWAYS_INLINE static V xor2(V a, V b) { return {veorq_u16(a.lo, b.lo), veorq_u16(a.hi, b.hi)}; }
  NGCC_ALWAYS_INLINE static V xor3(V a, V b, V c) { return {xor3(a.lo, b.lo, c.lo), xor3(a.hi, b.hi, c.hi)}; }
  NGCC_ALWAYS_INLINE static V swap_rows(V x) { return {x.hi, x.lo}; }

  // Row rotated left by N cells: new[c] = old[(c + N) mod 8].
  template <int N>
  NGCC_ALWAYS_INLINE static Row rotate_cells(Row r) {
    if constexpr (N % kCols == 0) {
      return r;
    } else {
      return vextq_u16(r, r, N % kCols);
    }
  }
  template <int N>
  NGCC_ALWAYS_INLINE static V rotate_dwords(V x) {
    return {rotate_cells<2 * N>(x.lo), rotate_cells<2 * N>(x.hi)};
  }

  template <int LoFrom, int LoLeft, int HiFrom, int HiLeft>
  NGCC_ALWAYS_INLINE static V move_rows(V x) {
    return {rotate_cells<LoLeft>(LoFrom == 0 ? x.lo : x.hi), rotate_cells<HiLeft>(HiFrom == 0 ? x.lo : x.hi)};
  }

  // 16-bit rotate right by N (§3): by 8 a byte swap in every cell (REV16),
  // otherwise SHL then SRI.
  template <int N>
  NGCC_ALWAYS_INLINE static Row rotr(Row x) {
    if constexpr (N == 0) {
      return x;
    } else if constexpr (N == 8) {
      return vreinterpretq_u16_u8(vrev16q_u8(vreinterpretq_u8_u16(x)));
    } else {
      return vsriq_n_u16(vshlq_n_u16(x, 16 - N), x, N);
    }
  }
  // t ^ rotr<G>(x) ^ (rotr<A>(x) & rotr<B>(x)).
  template <int A, int B, int G>
  NGCC_ALWAYS_INLINE static Row xor_andrx(Row t, Row x) {
    return xor3(t, rotr<G>(x), vandq_u16(rotr<A>(x), rotr<B>(x)));
  }
  template <int A, int B, int G>
  NGCC_ALWAYS_INLINE static V xor_andrx(V t, V x) {
    return {xor_andrx<A, B, G>(t.lo, x.lo), xor_andrx<A, B, G>(t.hi, x.hi)};
  }
};

}  // namespace advsimd
}  // namespace
}  // namespace ngcc::mastercube
