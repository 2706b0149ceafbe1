// AFS-p-S6[1600] rounds and block absorption with AVX-512 (F, BW, VL and
// VBMI2); same results as permutation_portable.cpp.
//
// The state is kept split into the 32-bit halves the S-box works on: four
// zmm registers, x[0] / y[0] the high / low halves of lanes 0..15 and x[1] /
// y[1] those of lanes 16..24 (slots 9..15 stay zero). A round is then
//  - the S-box on 16 lanes per register pair, without de-interleaving;
//  - the fused linear layer (§4.4): every output lane is the XOR of the
//    input lanes of its mask. Term j of the 16 outputs of a register is one
//    permute, of one group (vpermd) or of both (vpermt2d), and the same index
//    serves the high and the low halves; vpternlogd reduces the terms;
//  - mu(rotr64(., k(p, q))) on the halves: rotr64 by k and by k + 17 side by
//    side (a blend swaps the halves where the count is >= 32, then vpshrdvd
//    by the count mod 32), and a ternlog.
// The round is a chain of two-cycle operations; the S-box below is written
// to shorten it.
#include <cstdint>

#include "afs_tredm/afs_tredm.hpp"
#include "common/simd_avx512.hpp"

namespace ngcc::afs_tredm {
namespace {

using V = __m512i;

constexpr int kGroups = 2;     // lanes 0..15 and 16..24 (+ 7 zero slots)
constexpr int kSlots = 16;     // 32-bit halves per register
constexpr int kZeroSlot = 25;  // slot 9 of group 1: always zero

constexpr int weight(std::uint32_t mask) {
  int n = 0;
  for (; mask != 0; mask &= mask - 1) ++n;
  return n;
}
constexpr bool exists(int g, int s) { return kSlots * g + s < kLanes; }
constexpr std::uint32_t kGroupLanes[kGroups] = {0xFFFFu, 0x1FF0000u};

// How the terms of the 16 outputs of group g in phase p are gathered: n[0]
// one-source permutes of group 0 (vpermd), n[1] of group 1, n[2] two-source
// permutes of both (vpermt2d). Output lane q with a0 terms in group 0 and a1
// in group 1 needs a0 <= n0 + n2, a1 <= n1 + n2 and a0 + a1 <= n0 + n1 + n2.
// The plan minimises 2 (n0 + n1) + 3 n2: on Zen 5 a two-source permute takes
// about 1.4 times the throughput of a one-source one.
struct GroupPlan {
  int n[3];
};
constexpr int terms_in(int p, int q, int source) {
  return weight(kFused[p][q].mask & kGroupLanes[source]);
}
constexpr GroupPlan make_plan(int p, int g) {
  int most[2] = {0, 0}, total = 0;
  for (int s = 0; s < kSlots; ++s) {
    if (!exists(g, s)) continue;
    const int q = kSlots * g + s, a0 = terms_in(p, q, 0), a1 = terms_in(p, q, 1);
    most[0] = a0 > most[0] ? a0 : most[0];
    most[1] = a1 > most[1] ? a1 : most[1];
    total = a0 + a1 > total ? a0 + a1 : total;
  }
  GroupPlan best{{most[0], most[1], 0}};
  for (int n2 = 0; n2 <= total; ++n2)
    for (int n0 = 0; n0 <= most[0]; ++n0) {
      if (n0 + n2 < most[0]) continue;
      int n1 = most[1] - n2;
      n1 = total - n0 - n2 > n1 ? total - n0 - n2 : n1;
      n1 = n1 < 0 ? 0 : n1;
      if (2 * (n0 + n1) + 3 * n2 < 2 * (best.n[0] + best.n[1]) + 3 * best.n[2])
        best = {{n0, n1, n2}};
    }
  return best;
}

// The permute indices of one plan: a one-source index selects slot i of its
// group as i, a two-source index slot i of group 1 as 16 + i. Positions
// without a term are cleared by the mask of a one-source (zero-masking)
// permute, or select a zero slot of group 1 in a two-source one.
template <int P, int G>
struct Gather {
  static constexpr GroupPlan kPlan = make_plan(P, G);
  static constexpr int kTerms = kPlan.n[0] + kPlan.n[1] + kPlan.n[2];
  alignas(64) std::uint32_t index[kTerms][kSlots];
  // Of the one-source permutes: bit s set where slot s has a term.
  std::uint16_t keep[kPlan.n[0] + kPlan.n[1] > 0 ? kPlan.n[0] + kPlan.n[1] : 1];
};

template <int P, int G>
constexpr Gather<P, G> make_gather() {
  using Plan = Gather<P, G>;
  constexpr int n0 = Plan::kPlan.n[0], n1 = Plan::kPlan.n[1], n2 = Plan::kPlan.n[2];
  Gather<P, G> out{};
  for (int t = 0; t < n0 + n1 + n2; ++t)
    for (int s = 0; s < kSlots; ++s) out.index[t][s] = t < n0 + n1 ? 0 : kZeroSlot;
  for (int s = 0; s < kSlots; ++s) {
    if (!exists(G, s)) continue;
    // Group 0 lanes fill the group 0 permutes first, then the two-source
    // ones; group 1 lanes their own permutes, then the two-source ones left.
    int used[3] = {0, 0, 0};
    const std::uint32_t mask = kFused[P][kSlots * G + s].mask;
    for (int j = 0; j < kLanes; ++j) {
      if (!((mask >> j) & 1)) continue;
      const int source = j < kSlots ? 0 : 1;
      if (used[source] < Plan::kPlan.n[source]) {
        const int t = (source == 0 ? 0 : n0) + used[source]++;
        out.index[t][s] = static_cast<std::uint32_t>(j - kSlots * source);
        out.keep[t] = static_cast<std::uint16_t>(out.keep[t] | 1u << s);
      } else {
        out.index[n0 + n1 + used[2]++][s] = static_cast<std::uint32_t>(j);
      }
    }
  }
  return out;
}
template <int P, int G>
alignas(64) inline constexpr Gather<P, G> kGather = make_gather<P, G>();

// Per round t and group: the S-box constants c (§3.3), two values derived
// from them for sbox16(), and y_share: the last "^ c" of the S-box on the
// low halves, which the linear layer adds instead (L_t is linear): for
// output lane q, the XOR of c over the lanes of its mask. Per phase: the
// rotations rotr64(., k) and rotr64(., k + 17) of mu(rotr64(., k)).
struct RoundConstantVectors {
  alignas(64) std::uint32_t c[kGroups][kSlots];
  alignas(64) std::uint32_t c_1[kGroups][kSlots];     // rotr32(c, 1)
  alignas(64) std::uint32_t c_c_2[kGroups][kSlots];   // c ^ rotr32(c, 2)
  alignas(64) std::uint32_t y_share[kGroups][kSlots];
};
struct Rotation {
  alignas(64) std::uint32_t count[kGroups][kSlots];
  std::uint16_t swap[kGroups];  // bit s: the halves of slot s swap
};
struct Tables {
  RoundConstantVectors round[kMaxRounds];
  Rotation rotation[6][2];  // by k, by k + 17
};

constexpr Tables make_tables() {
  Tables t{};
  for (int p = 0; p < 6; ++p)
    for (int g = 0; g < kGroups; ++g)
      for (int s = 0; s < kSlots; ++s)
        for (int m = 0; m < 2; ++m) {
          const int k = exists(g, s) ? (kFused[p][kSlots * g + s].rot + 17 * m) % 64 : 0;
          t.rotation[p][m].count[g][s] = static_cast<std::uint32_t>(k % 32);
          std::uint16_t &swap = t.rotation[p][m].swap[g];
          if (k >= 32) swap = static_cast<std::uint16_t>(swap | 1u << s);
        }
  for (int r = 0; r < kMaxRounds; ++r)
    for (int g = 0; g < kGroups; ++g)
      for (int s = 0; s < kSlots; ++s) {
        if (!exists(g, s)) continue;
        const std::uint32_t c = kRoundConstants.rc[r][kSlots * g + s];
        t.round[r].c[g][s] = c;
        t.round[r].c_1[g][s] = rotr32(c, 1);
        t.round[r].c_c_2[g][s] = c ^ rotr32(c, 2);
        for (int j = 0; j < kLanes; ++j)
          if ((kFused[r % 6][kSlots * g + s].mask >> j) & 1)
            t.round[r].y_share[g][s] ^= kRoundConstants.rc[r][j];
      }
  return t;
}
alignas(64) constexpr Tables kTables = make_tables();

NGCC_ALWAYS_INLINE V load(const void *p) { return _mm512_loadu_si512(p); }
NGCC_ALWAYS_INLINE V xor3(V a, V b, V c) {
  return _mm512_ternarylogic_epi32(a, b, c, avx512::kXor3);
}

// The state: high (x) and low (y) halves of the two groups.
struct Halves {
  V x[kGroups], y[kGroups];
};

// S-box F (§4.2) on 16 lanes: x = high halves, y = low halves, without the
// final "^ c" of y (the linear layer adds it, see y_share). The eight
// half-steps are one chain of dependent operations, about 35 cycles on Zen 5
// as written in §4.2. Rotation distributes over XOR, so rotations of a value
// just computed are expanded into rotations of values computed before, which
// run side by side (x_i, y_i: the halves after step i, b = y1 ^ c,
// r_k = rotr32(., k)):
//   x2 = x1 ^ r1(c) ^ r1(b)
//   y2 = b ^ c ^ r2(c) ^ r1(x1) ^ r2(b)          (= y1 ^ r1(x2))
//   y3 = y2 ^ r31(x2) ^ r15(y2)                   (= y2 ^ r31(x3))
//   r24(y3) = r24(y2) ^ r23(x2) ^ r7(y2)
// which takes about 28 cycles (Zen 5).
NGCC_ALWAYS_INLINE void sbox16(V &x, V &y, const RoundConstantVectors &k, int g) {
  using avx512::rotr32;
  const V c = load(k.c[g]);
  const V x1 = _mm512_xor_si512(_mm512_add_epi32(x, rotr32<17>(y)), c);
  const V b = _mm512_add_epi32(y, rotr32<24>(x1));
  const V e = _mm512_xor_si512(x1, load(k.c_1[g]));
  const V k2 = _mm512_xor_si512(load(k.c_c_2[g]), rotr32<1>(x1));
  const V x2 = _mm512_xor_si512(e, rotr32<1>(b));
  const V y2 = xor3(b, k2, rotr32<2>(b));
  const V x3 = _mm512_xor_si512(x2, rotr32<16>(y2));
  const V y3 = xor3(y2, rotr32<31>(x2), rotr32<15>(y2));
  const V y3_24 = xor3(rotr32<24>(y2), rotr32<23>(x2), rotr32<7>(y2));
  x = _mm512_xor_si512(_mm512_add_epi32(x3, y3_24), c);
  y = _mm512_add_epi32(y3, x);
}

// XOR of v[0..N-1] as a chain of ternlogs taking the terms in order: they
// arrive one permute after the other, and the last one is a single ternlog
// away from the result.
template <int N>
NGCC_ALWAYS_INLINE V xor_all(const V *v) {
  V acc = N % 2 == 0 ? _mm512_xor_si512(v[0], v[1]) : v[0];
  for (int i = 2 - N % 2; i < N; i += 2) acc = xor3(acc, v[i], v[i + 1]);
  return acc;
}

// The XOR part of the fused layer for output group G of phase P, both halves.
template <int P, int G>
NGCC_ALWAYS_INLINE void gather(const Halves &s, V y_share, V &hi, V &lo) {
  using Plan = Gather<P, G>;
  constexpr int n0 = Plan::kPlan.n[0], n1 = Plan::kPlan.n[1];
  const auto &g = kGather<P, G>;
  V h[Plan::kTerms], l[Plan::kTerms + 1];
  l[Plan::kTerms] = y_share;
  for (int t = 0; t < Plan::kTerms; ++t) {
    const V index = load(g.index[t]);
    if (t < n0 + n1) {
      const int source = t < n0 ? 0 : 1;
      h[t] = _mm512_maskz_permutexvar_epi32(g.keep[t], index, s.x[source]);
      l[t] = _mm512_maskz_permutexvar_epi32(g.keep[t], index, s.y[source]);
    } else {
      h[t] = _mm512_permutex2var_epi32(s.x[0], index, s.x[1]);
      l[t] = _mm512_permutex2var_epi32(s.y[0], index, s.y[1]);
    }
  }
  hi = xor_all<Plan::kTerms>(h);
  lo = xor_all<Plan::kTerms + 1>(l);
}

// rotr64 by k on split halves: for k >= 32 it is rotr64 by k - 32 of the
// swapped halves.
NGCC_ALWAYS_INLINE void rotate(V hi, V lo, const Rotation &r, int g, V &out_hi, V &out_lo) {
  const V a = _mm512_mask_blend_epi32(r.swap[g], hi, lo);
  const V b = _mm512_mask_blend_epi32(r.swap[g], lo, hi);
  const V count = load(r.count[g]);
  out_hi = _mm512_shrdv_epi32(a, b, count);
  out_lo = _mm512_shrdv_epi32(b, a, count);
}

// mu(rotr64(v, k)) = rotr64(v, k) ^ rotr64(v, k + 17) ^ rotr64(v, k + 32),
// the first two computed side by side; the third swaps the first's halves.
NGCC_ALWAYS_INLINE void rotate_mu(V &hi, V &lo, const Rotation (&r)[2], int g) {
  V rh, rl, sh, sl;
  rotate(hi, lo, r[0], g, rh, rl);
  rotate(hi, lo, r[1], g, sh, sl);
  hi = xor3(rh, sh, rl);
  lo = xor3(rl, sl, rh);
}

template <int P>
NGCC_ALWAYS_INLINE void round(Halves &s, int t) {
  const RoundConstantVectors &k = kTables.round[t];
  for (int g = 0; g < kGroups; ++g) sbox16(s.x[g], s.y[g], k, g);
  Halves out;
  gather<P, 0>(s, load(k.y_share[0]), out.x[0], out.y[0]);
  gather<P, 1>(s, load(k.y_share[1]), out.x[1], out.y[1]);
  for (int g = 0; g < kGroups; ++g) rotate_mu(out.x[g], out.y[g], kTables.rotation[P], g);
  s = out;
}

// 64-bit lanes <-> halves: dword 2i (2i + 1) of a register of lanes is the
// low (high) half of lane i.
alignas(64) constexpr std::uint32_t kEvenDwords[16] = {0,  2,  4,  6,  8,  10, 12, 14,
                                                      16, 18, 20, 22, 24, 26, 28, 30};
alignas(64) constexpr std::uint32_t kOddDwords[16] = {1,  3,  5,  7,  9,  11, 13, 15,
                                                     17, 19, 21, 23, 25, 27, 29, 31};
alignas(64) constexpr std::uint32_t kInterleaveLow[16] = {0, 16, 1, 17, 2, 18, 3, 19,
                                                         4, 20, 5, 21, 6, 22, 7, 23};
alignas(64) constexpr std::uint32_t kInterleaveHigh[16] = {8,  24, 9,  25, 10, 26, 11, 27,
                                                          12, 28, 13, 29, 14, 30, 15, 31};

// Lanes 16g .. 16g + 15 from two registers of 8 lanes.
NGCC_ALWAYS_INLINE void split(V lanes_lo, V lanes_hi, V &x, V &y) {
  x = _mm512_permutex2var_epi32(lanes_lo, load(kOddDwords), lanes_hi);
  y = _mm512_permutex2var_epi32(lanes_lo, load(kEvenDwords), lanes_hi);
}

// Byte order within each dword reversed: the big-endian halves of the lanes
// of a block (§2).
NGCC_ALWAYS_INLINE V reverse_dword_bytes(V v) {
  const V order = _mm512_set_epi8(12, 13, 14, 15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14,
                                  15, 8, 9, 10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9,
                                  10, 11, 4, 5, 6, 7, 0, 1, 2, 3, 12, 13, 14, 15, 8, 9, 10, 11, 4,
                                  5, 6, 7, 0, 1, 2, 3);
  return _mm512_shuffle_epi8(v, order);
}

// Where the halves of block lane i < R are, from two 64-byte loads within
// the block: `first` holds lanes 0..7, `second` lanes R-8 .. R-1 (for R = 8
// the same as first). Big-endian: the first dword of a lane in memory is its
// high half (§2).
struct BlockIndex {
  alignas(64) std::uint32_t hi[kSlots], lo[kSlots];
};
constexpr BlockIndex make_block_index(int rate_lanes) {
  BlockIndex b{};
  for (int i = 0; i < rate_lanes; ++i) {
    const int dword = i < 8 ? 2 * i : 16 + 2 * (i - (rate_lanes - 8));
    b.hi[i] = static_cast<std::uint32_t>(dword);
    b.lo[i] = static_cast<std::uint32_t>(dword + 1);
  }
  return b;
}
template <int R>
inline constexpr BlockIndex kBlockIndex = make_block_index(R);

// The R lanes of a block as halves of group 0 (slots R..15 undefined);
// reads exactly 8R bytes.
template <int R>
NGCC_ALWAYS_INLINE void load_block(const std::uint8_t *p, V &x, V &y) {
  const V first = reverse_dword_bytes(load(p));
  const V second = R == 8 ? first : reverse_dword_bytes(load(p + 8 * (R - 8)));
  x = _mm512_permutex2var_epi32(first, load(kBlockIndex<R>.hi), second);
  y = _mm512_permutex2var_epi32(first, load(kBlockIndex<R>.lo), second);
}

// The state in this implementation's form (common/block_loop.hpp).
struct Avx512 {
  using Registers = Halves;

  // Rounds first .. last-1. Out of line: one copy of the six round variants
  // serves g and h.
  __attribute__((noinline)) static void permute(Halves &state, int first, int last) {
    Halves s = state;
    for_each_round(first, last, [&s](auto phase, int t) __attribute__((always_inline)) {
      round<decltype(phase)::value>(s, t);
    });
    state = s;
  }

  static Halves load(const State &state) {
    alignas(64) std::uint64_t lanes[2 * kGroups * 8] = {};
    for (int i = 0; i < kLanes; ++i) lanes[i] = state[i];
    Halves s;
    for (int g = 0; g < kGroups; ++g)
      split(afs_tredm::load(lanes + 16 * g), afs_tredm::load(lanes + 16 * g + 8), s.x[g], s.y[g]);
    return s;
  }

  static void store(State &state, const Halves &s) {
    alignas(64) std::uint64_t lanes[2 * kGroups * 8];
    for (int g = 0; g < kGroups; ++g) {
      _mm512_storeu_si512(lanes + 16 * g,
                          _mm512_permutex2var_epi32(s.y[g], afs_tredm::load(kInterleaveLow), s.x[g]));
      _mm512_storeu_si512(lanes + 16 * g + 8,
                          _mm512_permutex2var_epi32(s.y[g], afs_tredm::load(kInterleaveHigh), s.x[g]));
    }
    for (int i = 0; i < kLanes; ++i) state[i] = lanes[i];
  }

  // §5.1 for R = 16, 12 or 8 lanes: the rate is slots 0..R-1 of group 0.
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Halves &s, const std::uint8_t *block) {
    constexpr int R = P.rate_lanes;
    constexpr __mmask16 kRate = static_cast<__mmask16>((1u << R) - 1);
    constexpr __mmask16 kCapacity = static_cast<__mmask16>(~kRate);
    V mx, my;
    load_block<R>(block, mx, my);
    s.x[0] = _mm512_mask_xor_epi32(s.x[0], kRate, s.x[0], mx);
    s.y[0] = _mm512_mask_xor_epi32(s.y[0], kRate, s.y[0], my);
    const Halves before_g = s;
    permute(s, 0, P.half_rounds);
    s.x[0] = _mm512_mask_xor_epi32(s.x[0], kCapacity, s.x[0], before_g.x[0]);
    s.y[0] = _mm512_mask_xor_epi32(s.y[0], kCapacity, s.y[0], before_g.y[0]);
    s.x[1] = _mm512_xor_si512(s.x[1], before_g.x[1]);
    s.y[1] = _mm512_xor_si512(s.y[1], before_g.y[1]);
    permute(s, P.half_rounds, 2 * P.half_rounds);
  }
};

}  // namespace

const Implementation kAvx512{avx512::kImplementationName, kCompiledFeatures,
                             block_loop::absorb_blocks<Avx512, BlockShapes>, block_loop::permute<Avx512>};

}  // namespace ngcc::afs_tredm
