// AVX2 MasterCube primitive, same interface and output as permutation_portable.cpp.
// Layout (spec §13.2): six 256-bit registers, register i holding rows 2i
// (low 128-bit lane) and 2i+1 (high lane), i.e. bytes 32i .. 32i+31 of the
// state serialisation. Registers 0-2 are the upper half, 3-5 the lower half,
// and every lane (U, W) of MAndRX is the same position in registers i, i+3.
// The forward and the inverse branch of Cube-f are independent and are
// computed in the same loop for instruction-level parallelism.
#include "common/simd_avx2.hpp"
#include "mastercube/mastercube.hpp"

namespace ngcc::mastercube {
namespace {

using avx2::V;
using avx2::xor3;

struct Regs {
  V x[6];
};

NGCC_ALWAYS_INLINE V xor2(V a, V b) { return _mm256_xor_si256(a, b); }

// 16-bit rotate right by N (N != 0, 8) via the product x * 2^(16-N): its
// low half is x << (16-N), its high half x >> N. On the development host (AMD
// Zen 3) the multiplier pipes are free while shifts and shuffles (pshufb,
// pshufd, vperm2i128) share two; measured 6% faster per Cube-f than two
// shifts (GCC emits the low half as a shift anyway).
template <int N>
NGCC_ALWAYS_INLINE V rotr(V x) {
  const V factor = _mm256_set1_epi16(static_cast<short>(1u << (16 - N)));
  return _mm256_or_si256(_mm256_mullo_epi16(x, factor), _mm256_mulhi_epu16(x, factor));
}

// 16-bit rotate by 8 = byte swap inside every word.
NGCC_ALWAYS_INLINE V rotr8(V x) {
  const V swap_bytes = _mm256_setr_epi8(1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14,
                                        1, 0, 3, 2, 5, 4, 7, 6, 9, 8, 11, 10, 13, 12, 15, 14);
  return _mm256_shuffle_epi8(x, swap_bytes);
}

// The AndRX functions of §3 (x>>>n: 16-bit rotate right; by 8 a byte swap):
//   F[0,1,8](x)  = (x & x>>>1) ^ x>>>8
//   F[14,5,0](x) = (x>>>14 & x>>>5) ^ x
//   F[9,12,8](x) = (x>>>9 & x>>>12) ^ x>>>8
//   F[8,9,0](x)  = (x>>>8 & x>>>9) ^ x
NGCC_ALWAYS_INLINE V f_0_1_8(V x) { return xor2(_mm256_and_si256(x, rotr<1>(x)), rotr8(x)); }
NGCC_ALWAYS_INLINE V f_14_5_0(V x) { return xor2(_mm256_and_si256(rotr<14>(x), rotr<5>(x)), x); }
NGCC_ALWAYS_INLINE V f_9_12_8(V x) { return xor2(_mm256_and_si256(rotr<9>(x), rotr<12>(x)), rotr8(x)); }
NGCC_ALWAYS_INLINE V f_8_9_0(V x) { return xor2(_mm256_and_si256(rotr8(x), rotr<9>(x)), x); }

// CM §4.1: x'_i = x_i ^ x_{i+1} ^ x_{i+4} on whole registers (the row
// parity is the lane), sharing x0^x3, x1^x4, x2^x5.
NGCC_ALWAYS_INLINE void cross_mix(Regs &s) {
  const V a = xor2(s.x[0], s.x[3]), b = xor2(s.x[1], s.x[4]), c = xor2(s.x[2], s.x[5]);
  s.x[0] = xor2(s.x[0], b);
  s.x[1] = xor2(s.x[1], c);
  s.x[2] = xor2(s.x[2], a);
  s.x[3] = xor2(s.x[3], b);
  s.x[4] = xor2(s.x[4], c);
  s.x[5] = xor2(s.x[5], a);
}

// SR §4.2: swap the two lanes of the lower registers.
NGCC_ALWAYS_INLINE V swap_lanes(V x) { return _mm256_permute2x128_si256(x, x, 1); }
NGCC_ALWAYS_INLINE void swap_rows(Regs &s) {
  for (int i = 3; i < 6; ++i) s.x[i] = swap_lanes(s.x[i]);
}

// One Feistel half-step on the three lane registers: W ^= F(U) or U ^= F(W).
template <V (*F)(V)>
NGCC_ALWAYS_INLINE void lower_from_upper(Regs &s) {
  for (int i = 0; i < 3; ++i) s.x[i + 3] = xor2(s.x[i + 3], F(s.x[i]));
}
template <V (*F)(V)>
NGCC_ALWAYS_INLINE void upper_from_lower(Regs &s) {
  for (int i = 0; i < 3; ++i) s.x[i] = xor2(s.x[i], F(s.x[i + 3]));
}

// MAndRX on s and MAndRX^-1 on t (§4.3), issued half-step by half-step so
// that six independent dependency chains are in flight. The chains are long
// and the FP scheduler window small: one lane pair after the other was
// measured 20% slower per Cube-f.
NGCC_ALWAYS_INLINE void mandrx_and_inverse(Regs &s, Regs &t) {
  lower_from_upper<f_0_1_8>(s);
  upper_from_lower<f_8_9_0>(t);
  upper_from_lower<f_14_5_0>(s);
  lower_from_upper<f_0_1_8>(t);
  lower_from_upper<f_9_12_8>(s);
  upper_from_lower<f_14_5_0>(t);
  upper_from_lower<f_14_5_0>(s);
  lower_from_upper<f_9_12_8>(t);
  lower_from_upper<f_0_1_8>(s);
  upper_from_lower<f_14_5_0>(t);
  upper_from_lower<f_8_9_0>(s);
  lower_from_upper<f_0_1_8>(t);
}

// pshufb mask rotating the row of the low lane left by `lo` cells and the
// row of the high lane left by `hi` cells.
struct ByteMask {
  alignas(32) std::uint8_t byte[32];
};
constexpr ByteMask row_rotation_mask(int lo, int hi) {
  ByteMask m{};
  for (int j = 0; j < 16; ++j) {
    m.byte[j] = static_cast<std::uint8_t>((j + 2 * lo) % 16);
    m.byte[16 + j] = static_cast<std::uint8_t>((j + 2 * hi) % 16);
  }
  return m;
}
template <int Lo, int Hi>
NGCC_ALWAYS_INLINE V rotate_rows(V x) {
  static constexpr ByteMask mask = row_rotation_mask(Lo, Hi);
  return _mm256_shuffle_epi8(x, _mm256_load_si256(reinterpret_cast<const V *>(mask.byte)));
}

// SHR §4.5: upper row y rotates left by y, lower row 6+y right by y.
NGCC_ALWAYS_INLINE void shift_rows(Regs &s) {
  s.x[0] = rotate_rows<0, 1>(s.x[0]);
  s.x[1] = rotate_rows<2, 3>(s.x[1]);
  s.x[2] = rotate_rows<4, 5>(s.x[2]);
  s.x[3] = rotate_rows<8, 7>(s.x[3]);
  s.x[4] = rotate_rows<6, 5>(s.x[4]);
  s.x[5] = rotate_rows<4, 3>(s.x[5]);
}
NGCC_ALWAYS_INLINE void shift_rows_inverse(Regs &s) {
  s.x[0] = rotate_rows<8, 7>(s.x[0]);
  s.x[1] = rotate_rows<6, 5>(s.x[1]);
  s.x[2] = rotate_rows<4, 3>(s.x[2]);
  s.x[3] = rotate_rows<0, 1>(s.x[3]);
  s.x[4] = rotate_rows<2, 3>(s.x[4]);
  s.x[5] = rotate_rows<4, 5>(s.x[5]);
}

// MR §4.6: columns c-2 and c+2 are the neighbouring 32-bit dwords.
NGCC_ALWAYS_INLINE void mix_rows(Regs &s) {
  for (auto &x : s.x) {
    x = xor3(_mm256_shuffle_epi32(x, 0x93), x, _mm256_shuffle_epi32(x, 0x39));
  }
}

// AC(k) §4.7: row 0 is the low lane of register 0, so register 0 is XORed
// with (K[0] ^ k, ..., K[7] ^ k, 0, ..., 0).
struct RoundConstants {
  alignas(32) std::uint16_t cell[18][16];
};
constexpr RoundConstants make_round_constants() {
  RoundConstants rc{};
  for (int k = 0; k < 18; ++k) {
    for (int c = 0; c < kCols; ++c) {
      rc.cell[k][c] = static_cast<std::uint16_t>(kRoundConstantRow[c] ^ k);
    }
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
// y3 = x0^x1^x4^x5, y4 = x0^x2^x3^x4, y5 = x0^x1^x2 (10 XORs instead of 15).
NGCC_ALWAYS_INLINE void mix_columns_after_cross_mix(Regs &s) {
  const V s01 = xor2(s.x[0], s.x[1]), s34 = xor2(s.x[3], s.x[4]);
  const V y5 = xor2(s01, s.x[2]);
  const V y2 = xor2(s34, s.x[5]);
  const V y0 = xor3(s01, s.x[3], s.x[5]);
  const V y3 = xor2(y0, s34);
  const V y4 = xor3(s34, s.x[0], s.x[2]);
  const V y1 = xor2(y4, s01);
  s.x[0] = y0, s.x[1] = y1, s.x[2] = y2, s.x[3] = y3, s.x[4] = y4, s.x[5] = y5;
}

// CM after MC (inverse round: MC; SR; CM, SR commuting with MC) as one XOR
// network: z0 = x0^x1^x4^x5, z1 = x1^x3^x4^x5, z2 = x0^x3^x5, z3 = x0^x2^x3^x4,
// z4 = x0^x1^x2^x3, z5 = x1^x2^x4 (10 XORs instead of 15).
NGCC_ALWAYS_INLINE void cross_mix_after_mix_columns(Regs &s) {
  const V s03 = xor2(s.x[0], s.x[3]), s14 = xor2(s.x[1], s.x[4]);
  const V z2 = xor2(s03, s.x[5]);
  const V z5 = xor2(s14, s.x[2]);
  const V z0 = xor3(s14, s.x[0], s.x[5]);
  const V z1 = xor2(z0, s03);
  const V z3 = xor3(s03, s.x[2], s.x[4]);
  const V z4 = xor2(z3, s14);
  s.x[0] = z0, s.x[1] = z1, s.x[2] = z2, s.x[3] = z3, s.x[4] = z4, s.x[5] = z5;
}

// Forward round R_k (§5) on s and inverse-branch round IR_j (§6, as
// implemented) on t, their independent layers interleaved:
//   R_k:  CM; SR; MAndRX; CM; SR; MC; SHR; MR; AC(k)
//   IR_j: AC(j); MR; SHR^-1; MC; SR; CM; MAndRX^-1; HX; SR; CM
// MC; SR; CM of IR_j is computed as SR, then the fused CM-after-MC network
// (SR commutes with MC); likewise CM; SR; MC of R_k as the fused network, then SR.
NGCC_ALWAYS_INLINE void round_pair(Regs &s, unsigned k, Regs &t, unsigned j) {
  cross_mix(s);
  add_constant(t, j);
  swap_rows(s);
  mix_rows(t);
  shift_rows_inverse(t);
  swap_rows(t);
  cross_mix_after_mix_columns(t);

  mandrx_and_inverse(s, t);

  mix_columns_after_cross_mix(s);
  half_exchange(t);
  swap_rows(s);
  swap_rows(t);
  shift_rows(s);
  cross_mix(t);
  mix_rows(s);
  add_constant(s, k);
}

// Cube-f §7: forward branch with constants 0..8, inverse branch with 17..9.
NGCC_ALWAYS_INLINE void cube_f_regs(Regs &s) {
  Regs t = s;
  for (unsigned i = 0; i <= 8; ++i) round_pair(s, i, t, 17 - i);
  for (int i = 0; i < 6; ++i) s.x[i] = xor2(s.x[i], t.x[i]);
}

NGCC_ALWAYS_INLINE Regs load_state(const State &state) {
  const auto *p = reinterpret_cast<const std::uint8_t *>(state.word);
  Regs s;
  for (int i = 0; i < 6; ++i) s.x[i] = avx2::load(p + 32 * i);
  return s;
}

NGCC_ALWAYS_INLINE void store_state(State &state, const Regs &s) {
  auto *p = reinterpret_cast<std::uint8_t *>(state.word);
  for (int i = 0; i < 6; ++i) avx2::store(p + 32 * i, s.x[i]);
}

// x86 is little-endian, so message bytes are the state's cells as they are
// (§2.2). Every rate is 32q + 24 bytes: q whole registers and 24 bytes of
// register q.
template <std::size_t Rate>
void absorb_rate(State &state, const std::uint8_t *blocks, std::size_t n_blocks) {
  static_assert(Rate % 32 == 24, "rate must be 32q + 24 bytes");
  constexpr int q = Rate / 32;
  Regs s = load_state(state);
  for (std::size_t b = 0; b < n_blocks; ++b, blocks += Rate) {
    for (int i = 0; i < q; ++i) {
      s.x[i] = xor2(s.x[i], avx2::load(blocks + 32 * i));
    }
    const std::uint8_t *tail = blocks + 32 * q;
    const V tail24 = _mm256_inserti128_si256(
        _mm256_castsi128_si256(_mm_loadu_si128(reinterpret_cast<const __m128i *>(tail))),
        _mm_loadl_epi64(reinterpret_cast<const __m128i *>(tail + 16)), 1);
    s.x[q] = xor2(s.x[q], tail24);
    cube_f_regs(s);
  }
  store_state(state, s);
}

void absorb(State &state, const std::uint8_t *blocks, std::size_t n_blocks, const Params &p) {
  switch (p.rate_bytes) {
    case kMasterCube512.rate_bytes: return absorb_rate<kMasterCube512.rate_bytes>(state, blocks, n_blocks);
    case kMasterCube768.rate_bytes: return absorb_rate<kMasterCube768.rate_bytes>(state, blocks, n_blocks);
    default: return absorb_rate<kMasterCube1024.rate_bytes>(state, blocks, n_blocks);
  }
}

void cube_f(State &state) {
  Regs s = load_state(state);
  cube_f_regs(s);
  store_state(state, s);
}

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures, absorb, cube_f};

}  // namespace ngcc::mastercube
