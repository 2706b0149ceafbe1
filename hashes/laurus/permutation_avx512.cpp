// Laurus permutation and absorption with AVX-512 (F and VL: the EVEX forms
// on 128-bit registers, vpternlogq and vprolvq / vprorvq); same results as
// permutation_portable.cpp.
//
// χ works down columns and θ along rows (§3.2, §3.3), so each needs its own
// layout, and the state changes layout twice per round. With two words per
// register a change moves words only within register pairs (one vpunpck*,
// vpalignr or vpblendd per register); with five words in a zmm register it
// takes blends and a cross-lane vpermq, whose latency is more than twice as
// long (AMD Zen 5: 5 cycles against 2; that layout takes 710 cycles per
// permutation, this one 570, the avx2 implementation 950):
//  - row layout (χ): x[k][g] holds row k, columns 2g and 2g + 1 (g = 2:
//    column 4, in lane 0); χ is lane-wise on x[0..4][g];
//  - θ layout: t[2c + h] holds column c, rows 2h and 2h + 1 (h = 0, 1); θ
//    is lane-wise on the five registers of a row pair: E and F are XORs of
//    registers, the amounts T[row][c] per-lane rotations;
//  - row 4 goes through θ on the integer registers, in parallel with the
//    vector units, and comes back as t[10 + c] (lane 0 = column c).
// π (§3.4) is folded into the change back to the row layout: each register
// of the next round takes its two words from where π finds them. ι of the
// next round joins θ's last step, off the critical path.
#include <cstdint>
#include <utility>

#include "common/lanes.hpp"
#include "common/simd_avx512.hpp"
#include "laurus/laurus.hpp"

namespace ngcc::laurus {
namespace {

using H = __m128i;
using Rows = H[5][3];  // row layout x[k][g]
using Theta = H[15];   // θ layout t[2c + h], row 4 in t[10 + c]

// vpternlogq tables (a = 0xF0, b = 0xCC, c = 0xAA): a ^ (b & c); a ^ b ^ c.
constexpr int kXorAnd = 0x78;
using avx512::kXor3;

// §3.3 amounts per θ-layout register and lane, and ι (§3.1) of each round
// as a vector with RC[k] in lane 0 (row 0, column 0), zero for k = 16.
struct Constants {
  alignas(16) std::uint64_t theta[10][2];
  alignas(16) std::uint64_t iota[kRounds + 1][2];
  constexpr Constants() : theta(), iota() {
    for (int c = 0; c < 5; ++c)
      for (int h = 0; h < 2; ++h)
        for (int s = 0; s < 2; ++s) theta[2 * c + h][s] = kThetaRotations[2 * h + s][c];
    for (unsigned k = 0; k < kRounds; ++k) iota[k][0] = kRoundConstants[k];
  }
};
constexpr Constants kConstants;

NGCC_ALWAYS_INLINE H load(const std::uint64_t *p) {
  return _mm_load_si128(reinterpret_cast<const H *>(p));
}

template <int table>
NGCC_ALWAYS_INLINE H ternlog(H a, H b, H c) {
  return _mm_ternarylogic_epi64(a, b, c, table);
}
NGCC_ALWAYS_INLINE H xor5(H a, H b, H c, H d, H e) {
  return ternlog<kXor3>(ternlog<kXor3>(a, b, c), d, e);
}

// (a lane sa, b lane sb).
template <int sa, int sb>
NGCC_ALWAYS_INLINE H pair(H a, H b) {
  if constexpr (sa == 0 && sb == 0)
    return _mm_unpacklo_epi64(a, b);
  else if constexpr (sa == 1 && sb == 1)
    return _mm_unpackhi_epi64(a, b);
  else if constexpr (sa == 1)
    return _mm_alignr_epi8(b, a, 8);
  else
    return _mm_blend_epi32(a, b, 0x0C);
}
// a lane s in lane 0.
template <int s>
NGCC_ALWAYS_INLINE H low(H a) {
  if constexpr (s == 0)
    return a;
  else
    return _mm_unpackhi_epi64(a, a);
}
// a lane s in an integer register.
template <int s>
NGCC_ALWAYS_INLINE std::uint64_t word(H a) {
  return static_cast<std::uint64_t>(s == 0 ? _mm_cvtsi128_si64(a) : _mm_extract_epi64(a, 1));
}

// Where word (row r, column c) sits in the θ layout.
struct Slot {
  int reg, lane;
};
constexpr Slot theta_slot(int r, int c) {
  return r < 4 ? Slot{2 * c + r / 2, r % 2} : Slot{10 + c, 0};
}
// π: round input word (row k, column j) is θ output word (k + 2j, 3k + 3j).
constexpr Slot pi_source(int k, int j) {
  return theta_slot(mod5(k + 2 * j), mod5(3 * k + 3 * j));
}

template <int k, int g>
NGCC_ALWAYS_INLINE H next_round_word(const Theta &t) {
  constexpr Slot a = pi_source(k, 2 * g);
  if constexpr (g == 2) {
    return low<a.lane>(t[a.reg]);
  } else {
    constexpr Slot b = pi_source(k, 2 * g + 1);
    return pair<a.lane, b.lane>(t[a.reg], t[b.reg]);
  }
}
template <int... i>
NGCC_ALWAYS_INLINE void next_round(Rows &x, const Theta &t, std::integer_sequence<int, i...>) {
  ((x[i / 3][i % 3] = next_round_word<i / 3, i % 3>(t)), ...);
}

// One round (its ι already applied), with ι of the next round.
NGCC_ALWAYS_INLINE void round(Rows &x, H iota_next) {
  // χ (§3.2, 5-AND form).
#pragma GCC unroll 3
  for (int g = 0; g < 3; ++g) {
    const H a0 = x[0][g], a1 = x[1][g], a2 = x[2][g], a3 = x[3][g], a4 = x[4][g];
    const H b4 = ternlog<kXorAnd>(a0, a3, a4);
    const H b3 = ternlog<kXorAnd>(a4, a2, a3);
    x[2][g] = ternlog<kXorAnd>(a3, a1, a2);
    x[1][g] = ternlog<kXorAnd>(a2, a1, b4);
    x[0][g] = ternlog<kXorAnd>(a1, b3, b4);
    x[3][g] = b3;
    x[4][g] = b4;
  }

  // To the θ layout: a 2 x 2 transpose per row pair and column pair.
  Theta t;
#pragma GCC unroll 2
  for (int h = 0; h < 2; ++h) {
#pragma GCC unroll 2
    for (int g = 0; g < 2; ++g) {
      t[2 * (2 * g) + h] = _mm_unpacklo_epi64(x[2 * h][g], x[2 * h + 1][g]);
      t[2 * (2 * g + 1) + h] = _mm_unpackhi_epi64(x[2 * h][g], x[2 * h + 1][g]);
    }
    t[2 * 4 + h] = _mm_unpacklo_epi64(x[2 * h][2], x[2 * h + 1][2]);
  }

  // θ (§3.3) on row 4, in integer registers.
  {
    const std::uint64_t w[5] = {word<0>(x[4][0]), word<1>(x[4][0]), word<0>(x[4][1]),
                                word<1>(x[4][1]), word<0>(x[4][2])};
    const unsigned *amount = kThetaRotations[4];
    std::uint64_t e = 0, f = 0;
#pragma GCC unroll 5
    for (int c = 0; c < 5; ++c) {
      e ^= w[c];
      f ^= rotl64(w[c], amount[c]);
    }
#pragma GCC unroll 5
    for (int c = 0; c < 5; ++c)
      t[10 + c] = _mm_cvtsi64_si128(static_cast<long long>(w[c] ^ rotr64(e, amount[c]) ^ f));
  }

  // θ on rows 0-1 and rows 2-3: registers t[h + 2c].
#pragma GCC unroll 2
  for (int h = 0; h < 2; ++h) {
    H rotated[5];
#pragma GCC unroll 5
    for (int c = 0; c < 5; ++c)
      rotated[c] = _mm_rolv_epi64(t[h + 2 * c], load(kConstants.theta[h + 2 * c]));
    const H e = xor5(t[h], t[h + 2], t[h + 4], t[h + 6], t[h + 8]);
    const H f = xor5(rotated[0], rotated[1], rotated[2], rotated[3], rotated[4]);
#pragma GCC unroll 5
    for (int c = 0; c < 5; ++c) {
      const int i = h + 2 * c;
      const H in = i == 0 ? _mm_xor_si128(t[0], iota_next) : t[i];
      t[i] = ternlog<kXor3>(in, _mm_rorv_epi64(e, load(kConstants.theta[i])), f);
    }
  }

  next_round(x, t, std::make_integer_sequence<int, 15>{});
}

// P (§3.5) without ι of round 0, which the caller has applied.
NGCC_ALWAYS_INLINE void rounds(Rows &x) {
#pragma GCC unroll 1
  for (unsigned k = 0; k < kRounds; ++k) round(x, load(kConstants.iota[k + 1]));
}

// ---- the state in memory --------------------------------------------------

NGCC_ALWAYS_INLINE H load_words(const std::uint64_t *p) {
  return _mm_loadu_si128(reinterpret_cast<const H *>(p));
}
NGCC_ALWAYS_INLINE H load_word(const std::uint64_t *p) {
  return _mm_loadl_epi64(reinterpret_cast<const H *>(p));
}

void permute(State &w) {
  Rows x;
  for (int k = 0; k < 5; ++k) {
    x[k][0] = load_words(&w[5 * k]);
    x[k][1] = load_words(&w[5 * k + 2]);
    x[k][2] = load_word(&w[5 * k + 4]);
  }
  x[0][0] = _mm_xor_si128(x[0][0], load(kConstants.iota[0]));
  rounds(x);
  for (int k = 0; k < 5; ++k) {
    _mm_storeu_si128(reinterpret_cast<H *>(&w[5 * k]), x[k][0]);
    _mm_storeu_si128(reinterpret_cast<H *>(&w[5 * k + 2]), x[k][1]);
    _mm_storel_epi64(reinterpret_cast<H *>(&w[5 * k + 4]), x[k][2]);
  }
}

// ---- absorption (§4.3) ------------------------------------------------------
// S stays in twelve registers s[i] = (S[2i], S[2i + 1]). Word p of W is the
// counter (p = 0), block word p - 1 (p <= nr) or S[p - 1 - nr]; nr is even,
// so the feed-forward words X[(j + 24) mod n] come in the same pairs as S
// and the block.

// Block words i, i + 1 (§2: big-endian).
NGCC_ALWAYS_INLINE H block_pair(const std::uint8_t *block, int i) {
  const H reverse = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  return _mm_shuffle_epi8(_mm_loadu_si128(reinterpret_cast<const H *>(block + 8 * i)), reverse);
}
NGCC_ALWAYS_INLINE H block_word(const std::uint8_t *block, int i) {
  const H reverse = _mm_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, -1, -1, -1, -1, -1, -1, -1, -1);
  return _mm_shuffle_epi8(_mm_loadl_epi64(reinterpret_cast<const H *>(block + 8 * i)), reverse);
}

// S[j], S[j + 1].
template <int j>
NGCC_ALWAYS_INLINE H chain_pair(const H (&s)[12]) {
  if constexpr (j % 2 == 0)
    return s[j / 2];
  else
    return pair<1, 0>(s[j / 2], s[j / 2 + 1]);
}
// S[j] in lane 0.
template <int j>
NGCC_ALWAYS_INLINE H chain_word(const H (&s)[12]) {
  return low<j % 2>(s[j / 2]);
}

// W[p], W[p + 1] of the permutation input for block size nr; W[p] alone,
// in lane 0, if `single` (column 4).
template <unsigned nr, int p, bool single>
NGCC_ALWAYS_INLINE H input_words(H counter, const std::uint8_t *block, const H (&s)[12]) {
  constexpr int n = static_cast<int>(nr);
  if constexpr (single) {
    if constexpr (p <= n)
      return block_word(block, p - 1);
    else
      return chain_word<p - 1 - n>(s);
  } else if constexpr (p == 0) {
    return _mm_unpacklo_epi64(counter, block_word(block, 0));
  } else if constexpr (p + 1 <= n) {
    return block_pair(block, p - 1);
  } else if constexpr (p == n) {
    return _mm_unpacklo_epi64(block_word(block, n - 1), s[0]);
  } else {
    return chain_pair<p - 1 - n>(s);
  }
}
template <unsigned nr, int... i>
NGCC_ALWAYS_INLINE void input_rows(Rows &x, H counter, const std::uint8_t *block,
                                   const H (&s)[12], std::integer_sequence<int, i...>) {
  ((x[i / 3][i % 3] = input_words<nr, 5 * (i / 3) + 2 * (i % 3), i % 3 == 2>(counter, block, s)),
   ...);
}

// Words q, q + 1 of the permutation output in the row layout.
template <int q>
NGCC_ALWAYS_INLINE H output_pair(const Rows &x) {
  constexpr int k = q / 5, c = q % 5;
  if constexpr (c == 0 || c == 2)
    return x[k][c / 2];
  else if constexpr (c == 4)
    return pair<0, 0>(x[k][2], x[k + 1][0]);
  else
    return pair<1, 0>(x[k][c / 2], x[k][c / 2 + 1]);
}

// S'[2i], S'[2i + 1] = P(W)[2i + 1, 2i + 2] ^ X[(2i + 24) mod n, ...]: the
// old S from word 24 - nr on, then the block, then (nr = 8) the old S.
template <unsigned nr, int i>
NGCC_ALWAYS_INLINE H next_chain_pair(const Rows &x, const std::uint8_t *block, const H (&s)[12]) {
  constexpr int n = static_cast<int>(nr), j = 2 * i;
  H feed_forward;
  if constexpr (j < n)
    feed_forward = s[(24 - n + j) / 2];
  else if constexpr (j - n < n)
    feed_forward = block_pair(block, j - n);
  else
    feed_forward = s[(j - 2 * n) / 2];
  return _mm_xor_si128(output_pair<j + 1>(x), feed_forward);
}
template <unsigned nr, int... i>
NGCC_ALWAYS_INLINE void next_chain(H (&next)[12], const Rows &x, const std::uint8_t *block,
                                   const H (&s)[12], std::integer_sequence<int, i...>) {
  ((next[i] = next_chain_pair<nr, i>(x, block, s)), ...);
}

// S in registers, two words each, and the counter (common/block_loop.hpp).
struct Avx512 {
  struct Registers {
    H s[12];
    std::uint64_t counter;
  };
  static Registers load(const Chaining &c) {
    Registers r;
    for (int i = 0; i < 12; ++i) r.s[i] = load_words(&c.s[2 * i]);
    r.counter = c.counter;
    return r;
  }
  static void store(Chaining &c, const Registers &r) {
    for (int i = 0; i < 12; ++i) _mm_storeu_si128(reinterpret_cast<H *>(&c.s[2 * i]), r.s[i]);
    c.counter = r.counter;
  }

  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Registers &r, const std::uint8_t *block) {
    constexpr unsigned nr = block_words(P);
    Rows x;
    // ι of round 0 goes with the counter word W[0].
    const H counter_word = _mm_cvtsi64_si128(static_cast<long long>(r.counter++ ^ kRoundConstants[0]));
    input_rows<nr>(x, counter_word, block, r.s, std::make_integer_sequence<int, 15>{});
    rounds(x);
    H next[12];
    next_chain<nr>(next, x, block, r.s, std::make_integer_sequence<int, 12>{});
    for (int i = 0; i < 12; ++i) r.s[i] = next[i];
  }
};

}  // namespace

const Implementation kAvx512{avx512::kImplementationName, kCompiledFeatures,
                             block_loop::absorb_blocks<Avx512, BlockShapes>, permute};

}  // namespace ngcc::laurus
