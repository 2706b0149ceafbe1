// Laurus permutation for x86-64-v3 (compiled with -O3 -march=x86-64-v3).
// Same function as permute_portable (§3.5), split between the scalar and the
// vector units so both work in parallel:
//  - χ runs on 64-bit general registers, one column at a time (5-AND form of
//    §3.2; ι folded into the column-0 input);
//  - θ of rows 0..3 runs in AVX2 with one ymm per column (lanes = rows 0..3),
//    so E, F and the outputs are lane-wise and the per-row rotation amounts
//    become per-lane variable shifts; θ of row 4 stays scalar (rorx);
//  - π costs nothing: θ results stay in a buffer in "θ layout" and the next
//    round's χ reads each word from where π takes it (kInputSlot).
#include <immintrin.h>

#include "laurus/permutation.hpp"

namespace laurus {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, unsigned n) { return (x << n) | (x >> (64 - n)); }
constexpr std::uint64_t rotr(std::uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

// θ-layout buffer: rows 0..3 of column j at [4j .. 4j+3] (one ymm), row 4
// column j at [20 + j]. kInputSlot[p]: where the round input word at state
// position p is, i.e. the θ-layout slot of its π source.
struct Slots {
  unsigned v[kStateWords];
  constexpr Slots() : v() {
    for (unsigned p = 0; p < kStateWords; ++p) {
      const unsigned i = kPiSource[p] / 5, j = kPiSource[p] % 5;
      v[p] = i < 4 ? 4 * j + i : 20 + j;
    }
  }
};
constexpr Slots kInputSlot;

// Per column j: rotation amounts of rows 0..3 (lane = row), and 64 minus them.
struct LaneRotations {
  alignas(32) std::uint64_t left[5][4];
  alignas(32) std::uint64_t right[5][4];
  constexpr LaneRotations() : left(), right() {
    for (unsigned j = 0; j < 5; ++j)
      for (unsigned i = 0; i < 4; ++i) {
        left[j][i] = kThetaRotations[i][j];
        right[j][i] = 64 - kThetaRotations[i][j];
      }
  }
};
constexpr LaneRotations kLaneRotations;

__attribute__((always_inline)) inline __m256i load(const std::uint64_t *p) {
  return _mm256_load_si256(reinterpret_cast<const __m256i *>(p));
}

__attribute__((always_inline)) inline void round(std::uint64_t buf[kStateWords],
                                                 std::uint64_t rc) {
  __m256i col[5];
  std::uint64_t row4[5];
#pragma GCC unroll 5
  for (unsigned j = 0; j < 5; ++j) {
    const std::uint64_t a0 = buf[kInputSlot.v[j]] ^ (j == 0 ? rc : 0);
    const std::uint64_t a1 = buf[kInputSlot.v[5 + j]], a2 = buf[kInputSlot.v[10 + j]];
    const std::uint64_t a3 = buf[kInputSlot.v[15 + j]], a4 = buf[kInputSlot.v[20 + j]];
    const std::uint64_t b4 = a0 ^ (a3 & a4);
    const std::uint64_t b3 = a4 ^ (a2 & a3);
    const std::uint64_t b2 = a3 ^ (a1 & a2);
    const std::uint64_t b1 = a2 ^ (a1 & b4);
    const std::uint64_t b0 = a1 ^ (b3 & b4);
    col[j] = _mm256_set_epi64x(static_cast<long long>(b3), static_cast<long long>(b2),
                               static_cast<long long>(b1), static_cast<long long>(b0));
    row4[j] = b4;
  }

  // θ, rows 0..3: lane i of every vector belongs to row i.
  __m256i e = col[0], f = _mm256_setzero_si256();
#pragma GCC unroll 5
  for (unsigned j = 0; j < 5; ++j) {
    if (j > 0) e = _mm256_xor_si256(e, col[j]);
    const __m256i l = load(kLaneRotations.left[j]), r = load(kLaneRotations.right[j]);
    f = _mm256_xor_si256(f, _mm256_or_si256(_mm256_sllv_epi64(col[j], l),
                                            _mm256_srlv_epi64(col[j], r)));
  }
#pragma GCC unroll 5
  for (unsigned j = 0; j < 5; ++j) {
    const __m256i l = load(kLaneRotations.left[j]), r = load(kLaneRotations.right[j]);
    const __m256i rot_e = _mm256_or_si256(_mm256_srlv_epi64(e, l), _mm256_sllv_epi64(e, r));
    _mm256_store_si256(reinterpret_cast<__m256i *>(buf + 4 * j),
                       _mm256_xor_si256(_mm256_xor_si256(col[j], rot_e), f));
  }

  // θ, row 4.
  const unsigned *t = kThetaRotations[4];
  const std::uint64_t e4 = row4[0] ^ row4[1] ^ row4[2] ^ row4[3] ^ row4[4];
  const std::uint64_t f4 = rotl(row4[0], t[0]) ^ rotl(row4[1], t[1]) ^ rotl(row4[2], t[2]) ^
                           rotl(row4[3], t[3]) ^ rotl(row4[4], t[4]);
#pragma GCC unroll 5
  for (unsigned j = 0; j < 5; ++j) buf[20 + j] = row4[j] ^ rotr(e4, t[j]) ^ f4;
}

}  // namespace

void permute_avx2(std::uint64_t w[kStateWords]) {
  alignas(32) std::uint64_t buf[kStateWords];
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) buf[kInputSlot.v[p]] = w[p];
#pragma GCC unroll 16
  for (unsigned k = 0; k < kRounds; ++k) round(buf, kRoundConstants[k]);
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) w[p] = buf[kInputSlot.v[p]];
}

}  // namespace laurus
