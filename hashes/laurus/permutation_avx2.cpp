// Laurus permutation for x86-64-v3 (compiled with -O3 -march=x86-64-v3) and
// the absorption of §4.3 on it; same function as the portable P (§3.5).
// χ works down columns and θ along rows, so each round changes the data
// layout once through registers and once through memory:
//  - χ (5-AND form, §3.2) runs in AVX2 with one ymm per row, lane j = column j
//    for columns 0..3, and one broadcast ymm per row for column 4;
//  - a 4x4 transpose turns rows 0..3 into one ymm per column (lane i = row i),
//    so θ of rows 0..3 is lane-wise and the per-row rotation amounts of
//    §3.3 become per-lane variable shifts;
//  - row 4 (χ output b4 = a0 ^ (a3 & a4), then θ) is computed on 64-bit
//    registers, in parallel with the vector units;
//  - θ results are stored in a "θ layout" buffer and π costs nothing: the next
//    round reads every word from where π takes it (kInputSlot), with one
//    broadcast load per word and blends.
// The round loop is not unrolled: a fully unrolled permutation (~3000
// instructions) overflows the op cache and runs decode-bound.
#include "common/lanes.hpp"
#include "common/simd_avx2.hpp"
#include "laurus/laurus.hpp"

namespace ngcc::laurus {
namespace {

using avx2::load;
using avx2::xor3;

// θ-layout buffer: rows 0..3 of column c at [4c .. 4c+3] (one ymm, lane =
// row), row 4 of column c at [20 + c]. kInputSlot.v[p] is where the round
// input word at state position p is found: the slot of its π source.
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

// The identity, for a first round reading the state in natural order.
struct NaturalSlots {
  unsigned v[kStateWords];
  constexpr NaturalSlots() : v() {
    for (unsigned p = 0; p < kStateWords; ++p) v[p] = p;
  }
};
constexpr NaturalSlots kNaturalSlot;
constexpr unsigned kBufferWords = 28;  // 25 used; multiple of 4 for alignment

// Per column c, the θ rotation amounts of rows 0..3 (lane = row) and 64 minus them.
struct LaneRotations {
  alignas(32) std::uint64_t amount[5][4];
  alignas(32) std::uint64_t complement[5][4];
  constexpr LaneRotations() : amount(), complement() {
    for (unsigned c = 0; c < 5; ++c)
      for (unsigned i = 0; i < 4; ++i) {
        amount[c][i] = kThetaRotations[i][c];
        complement[c][i] = 64 - kThetaRotations[i][c];
      }
  }
};
constexpr LaneRotations kLaneRotations;

// A broadcast load from memory, in asm: given the intrinsic, GCC forwards the
// value from the ymm it has just stored through vpextrq/vmovq instead, which
// saturates the vector-integer transfer ports.
NGCC_ALWAYS_INLINE __m256i broadcast(const std::uint64_t *p) {
  __m256i v;
  asm("vpbroadcastq %1, %0" : "=x"(v) : "m"(*p));
  return v;
}

NGCC_ALWAYS_INLINE __m256i vxor(__m256i x, __m256i y) { return _mm256_xor_si256(x, y); }
NGCC_ALWAYS_INLINE __m256i vand(__m256i x, __m256i y) { return _mm256_and_si256(x, y); }

// Lanes 0..3 taken from x0..x3 (each a broadcast).
NGCC_ALWAYS_INLINE __m256i gather_lanes(__m256i x0, __m256i x1, __m256i x2, __m256i x3) {
  return _mm256_blend_epi32(_mm256_blend_epi32(x0, x1, 0x0C), _mm256_blend_epi32(x2, x3, 0xC0),
                            0xF0);
}

// One row of the round input, columns 0..3; `slot` = the row's five slots.
NGCC_ALWAYS_INLINE __m256i input_row(const std::uint64_t *in, const unsigned *slot) {
  return gather_lanes(broadcast(in + slot[0]), broadcast(in + slot[1]), broadcast(in + slot[2]),
                      broadcast(in + slot[3]));
}

// §3.2 on five row vectors.
NGCC_ALWAYS_INLINE void chi(const __m256i a[5], __m256i b[5]) {
  b[4] = vxor(a[0], vand(a[3], a[4]));
  b[3] = vxor(a[4], vand(a[2], a[3]));
  b[2] = vxor(a[3], vand(a[1], a[2]));
  b[1] = vxor(a[2], vand(a[1], b[4]));
  b[0] = vxor(a[1], vand(b[3], b[4]));
}

NGCC_ALWAYS_INLINE __m256i rotl_lanes(__m256i x, unsigned c) {
  return _mm256_or_si256(_mm256_sllv_epi64(x, load(kLaneRotations.amount[c])),
                         _mm256_srlv_epi64(x, load(kLaneRotations.complement[c])));
}
NGCC_ALWAYS_INLINE __m256i rotr_lanes(__m256i x, unsigned c) {
  return _mm256_or_si256(_mm256_srlv_epi64(x, load(kLaneRotations.amount[c])),
                         _mm256_sllv_epi64(x, load(kLaneRotations.complement[c])));
}

// One round (ι χ θ π) from `in` to `out` (θ layout). `in` is in θ layout too,
// except for the first round, which reads the caller's state as it is.
template <bool kFirstRound>
NGCC_ALWAYS_INLINE void round(const std::uint64_t *in, std::uint64_t *out, std::uint64_t rc) {
  constexpr const unsigned *slots = kFirstRound ? kNaturalSlot.v : kInputSlot.v;
  // ι and χ, rows 0..4 for columns 0..3 (a) and for column 4 (q).
  __m256i a[5], q[5], b[5], p[5];
#pragma GCC unroll 5
  for (unsigned m = 0; m < 5; ++m) {
    a[m] = input_row(in, slots + 5 * m);
    q[m] = broadcast(in + slots[lane(4, m)]);
  }
  a[0] = vxor(a[0], _mm256_set_epi64x(0, 0, 0, static_cast<long long>(rc)));
  chi(a, b);
  chi(q, p);

  // Row 4 on scalar registers: χ gives b4 = a0 ^ (a3 & a4), then θ.
  std::uint64_t x[5];
#pragma GCC unroll 5
  for (unsigned c = 0; c < 5; ++c)
    x[c] = in[slots[lane(c, 0)]] ^ (c == 0 ? rc : 0) ^
           (in[slots[lane(c, 3)]] & in[slots[lane(c, 4)]]);
  const unsigned *t = kThetaRotations[4];
  const std::uint64_t e4 = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4];
  const std::uint64_t f4 = rotl64(x[0], t[0]) ^ rotl64(x[1], t[1]) ^ rotl64(x[2], t[2]) ^
                           rotl64(x[3], t[3]) ^ rotl64(x[4], t[4]);
#pragma GCC unroll 5
  for (unsigned c = 0; c < 5; ++c) out[20 + c] = x[c] ^ rotr64(e4, t[c]) ^ f4;

  // Rows 0..3 to columns: col[c] lane i = row i, column c.
  const __m256i t0 = _mm256_unpacklo_epi64(b[0], b[1]), t1 = _mm256_unpackhi_epi64(b[0], b[1]);
  const __m256i t2 = _mm256_unpacklo_epi64(b[2], b[3]), t3 = _mm256_unpackhi_epi64(b[2], b[3]);
  const __m256i col[5] = {
      _mm256_permute2x128_si256(t0, t2, 0x20), _mm256_permute2x128_si256(t1, t3, 0x20),
      _mm256_permute2x128_si256(t0, t2, 0x31), _mm256_permute2x128_si256(t1, t3, 0x31),
      gather_lanes(p[0], p[1], p[2], p[3]),
  };

  // θ, rows 0..3 (§3.3), lane-wise.
  const __m256i e = xor3(vxor(col[0], col[1]), vxor(col[2], col[3]), col[4]);
  const __m256i f = xor3(vxor(rotl_lanes(col[0], 0), rotl_lanes(col[1], 1)),
                         vxor(rotl_lanes(col[2], 2), rotl_lanes(col[3], 3)), rotl_lanes(col[4], 4));
#pragma GCC unroll 5
  for (unsigned c = 0; c < 5; ++c)
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + 4 * c), xor3(col[c], rotr_lanes(e, c), f));
}

void permute(State &w) {
  alignas(32) std::uint64_t buf[2][kBufferWords];
  round<true>(w.data(), buf[0], kRoundConstants[0]);
#pragma GCC unroll 1
  for (unsigned k = 1; k + 1 < kRounds; k += 2) {
    round<false>(buf[0], buf[1], kRoundConstants[k]);
    round<false>(buf[1], buf[0], kRoundConstants[k + 1]);
  }
  round<false>(buf[0], buf[1], kRoundConstants[kRounds - 1]);
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) w[p] = buf[1][kInputSlot.v[p]];
}

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures,
                           block_loop::absorb_blocks<OnState<permute>, BlockShapes>, permute};

}  // namespace ngcc::laurus
