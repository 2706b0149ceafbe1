// Thunder-p and the block absorption for AVX-512 (F, BW, VL): same results
// as permutation_portable.cpp.
//
// One zmm register per row y: lane x holds A[x, y] (lanes 5..7 stay zero).
// ρ is one per-lane rotation per row; θ's column parities and ψ (which
// combines the lanes of a column, along y) are vertical operations between
// the five registers; θ's x offsets are three in-register permutations.
// π sends each diagonal {(x, x - k)} whole to one row, so it is five blends
// per diagonal (no lane moves, off the critical path) and one lane rotation
// per row after θ's terms are added to the diagonals. ι of round i + 1 is
// folded into ψ of round i. Between blocks the state stays in the five
// registers: the message rows and the capacity feed-forward are XORed in
// there (masked to the rate and capacity lanes).
#include <cstdint>

#include "common/lanes.hpp"
#include "thunder/thunder.hpp"
#include "common/simd_avx512.hpp"

namespace ngcc::thunder {
namespace {

using V = __m512i;
using avx512::kXor3;

struct Rows {
  V r[5];
};

struct alignas(64) Lanes {
  std::uint64_t w[8];
};
NGCC_ALWAYS_INLINE V load(const Lanes &l) { return _mm512_load_si512(l.w); }

// Diagonal k of the state is the lanes (x, x - k), x = 0..4. π (§3.2) moves
// lane (x, y) to (y, 2x + 3y + 2), so it sends diagonal k whole to row
// 2k + 2, lane x to lane x - k.
constexpr int pi_row(int k) { return mod5(2 * k + 2); }

struct Constants {
  Lanes rho[5], rho_t[5];      // of row y: ρ, ρ + T[y] (for Q)
  Lanes theta[5], pi[5];       // of diagonal k: 26 + T[x - k]; π's lane rotation
  Lanes minus1, plus1, plus3;  // lane x takes lane x - 1, x + 1, x + 3 (mod 5)
  Lanes rc[kRounds];           // RC[i] in lane 0
};
constexpr Constants make_constants() {
  Constants c{};
  for (int i = 0; i < 5; ++i)
    for (int x = 0; x < 5; ++x) {
      c.rho[i].w[x] = kRho[lane(x, i)];
      c.rho_t[i].w[x] = (kRho[lane(x, i)] + kThetaT[i]) % 64;
      c.theta[i].w[x] = (kThetaU + kThetaT[mod5(x - i)]) % 64;
    }
  for (int x = 0; x < 8; ++x) {
    for (int k = 0; k < 5; ++k) c.pi[k].w[x] = x < 5 ? mod5(x + k) : x;  // lane x takes lane x + k
    c.minus1.w[x] = x < 5 ? mod5(x - 1) : x;
    c.plus1.w[x] = x < 5 ? mod5(x + 1) : x;
    c.plus3.w[x] = x < 5 ? mod5(x + 3) : x;
  }
  for (int i = 0; i < kRounds; ++i) c.rc[i].w[0] = kRoundConstants[i];
  return c;
}
constexpr Constants kConst = make_constants();

NGCC_ALWAYS_INLINE V xor3(V a, V b, V c) { return _mm512_ternarylogic_epi64(a, b, c, kXor3); }
NGCC_ALWAYS_INLINE V xor5(V a, V b, V c, V d, V e) { return xor3(xor3(a, b, c), d, e); }
NGCC_ALWAYS_INLINE V permute(V a, const Lanes &idx) { return _mm512_permutexvar_epi64(load(idx), a); }
// ψ's nonlinear term ~a & b & ~c.
constexpr int kPsiAnd = 0x04;

// Diagonal k of the rows: lane x from row x - k (blends, no lane moves).
NGCC_ALWAYS_INLINE V diagonal(const V (&r)[5], int k) {
  V d = r[mod5(-k)];
  for (int x = 1; x < 5; ++x) d = _mm512_mask_blend_epi64(static_cast<__mmask8>(1u << x), d, r[mod5(x - k)]);
  return d;
}

// One round on a = ι(A) (§3.2); next_rc: the ι constant of the next round.
NGCC_ALWAYS_INLINE void round(Rows &s, V next_rc) {
  // ρ, and Q from the unrotated rows (ρ + T[y] in one rotation).
  V b[5], q[5];
  for (int y = 0; y < 5; ++y) {
    b[y] = _mm512_rorv_epi64(s.r[y], load(kConst.rho[y]));
    q[y] = _mm512_rorv_epi64(s.r[y], load(kConst.rho_t[y]));
  }
  // θ: e[x] = ROTR(P[x], 26) ^ ROTR(P[x-1], 27),
  // f[x] = Q[x+1] ^ ROTR(Q[x+3], 36), A[x, y] ^= e[x] ^ ROTR(f[x], 26 + T[y]).
  const V p = xor5(b[0], b[1], b[2], b[3], b[4]);
  const V qq = xor5(q[0], q[1], q[2], q[3], q[4]);
  const V e = _mm512_xor_si512(_mm512_ror_epi64(p, kThetaU),
                               _mm512_ror_epi64(permute(p, kConst.minus1), kThetaU + 1));
  const V f = _mm512_xor_si512(permute(qq, kConst.plus1), _mm512_ror_epi64(permute(qq, kConst.plus3), kThetaS));
  // θ's terms added to the diagonals, then π: diagonal k becomes row 2k + 2.
  V n[5];
  for (int k = 0; k < 5; ++k)
    n[pi_row(k)] = permute(xor3(diagonal(b, k), e, _mm512_rorv_epi64(f, load(kConst.theta[k]))), kConst.pi[k]);

  // ψ: A[x, y] = n[y+3] ^ (~n[y+1] & n[y+2] & ~n[y+4]), and ι of the next round.
  for (int y = 0; y < 5; ++y) {
    const V and3 = _mm512_ternarylogic_epi64(n[mod5(y + 1)], n[mod5(y + 2)], n[mod5(y + 4)], kPsiAnd);
    s.r[y] = y == 0 ? xor3(n[3], and3, next_rc) : _mm512_xor_si512(n[mod5(y + 3)], and3);
  }
}

NGCC_ALWAYS_INLINE void permute_rows(Rows &s) {
  s.r[0] = _mm512_xor_si512(s.r[0], load(kConst.rc[0]));
#pragma GCC unroll 1
  for (int i = 0; i < kRounds - 1; ++i) round(s, load(kConst.rc[i + 1]));
  round(s, _mm512_setzero_si512());
}

// Lane i of the result: lane idx[i] of a (idx < 8) or lane idx[i] - 8 of b.
NGCC_ALWAYS_INLINE V permute2(V a, const Lanes &idx, V b) {
  return _mm512_permutex2var_epi64(a, load(idx), b);
}
constexpr std::uint64_t kSecond = 8;
constexpr std::uint64_t kZero = kSecond + 7;  // a zero lane of b

// Row y of the state is lanes 5y..5y+4; rows are moved as 8 lanes, the
// last one from lanes 17..24, so that nothing outside the state is touched.
constexpr Lanes kLastRowFromLane17 = {{3, 4, 5, 6, 7, kZero, kZero, kZero}};
constexpr Lanes kLanes17To24 = {{2, 3, 4, kSecond + 0, kSecond + 1, kSecond + 2, kSecond + 3, kSecond + 4}};
constexpr __mmask8 kRowLanes = 0x1F;

NGCC_ALWAYS_INLINE Rows load_state(const State &a) {
  Rows s;
  for (int y = 0; y < 4; ++y) s.r[y] = _mm512_maskz_mov_epi64(kRowLanes, _mm512_loadu_si512(&a[5 * y]));
  s.r[4] = permute2(_mm512_loadu_si512(&a[17]), kLastRowFromLane17, _mm512_setzero_si512());
  return s;
}
// In increasing order, each store overwriting the three lanes past the
// previous row.
NGCC_ALWAYS_INLINE void store_state(State &a, const Rows &s) {
  for (int y = 0; y < 3; ++y) _mm512_storeu_si512(&a[5 * y], s.r[y]);
  _mm512_storeu_si512(&a[15], s.r[3]);
  _mm512_storeu_si512(&a[17], permute2(s.r[3], kLanes17To24, s.r[4]));
}

// §4.2: block word i (big-endian) goes into lane 24 - i. Row y holds words
// 24 - 5y - x, x = 0..4, of which those below rate_lanes are the rate. They
// are read as the 8 words from word `first`, which stay inside the block.
template <int rate_lanes>
struct RateRow {
  int first;
  Lanes words;    // lane x takes word 24 - 5y - x, counted from `first`
  __mmask8 rate;  // the lanes of the rate
};
template <int rate_lanes>
constexpr RateRow<rate_lanes> rate_row(int y) {
  RateRow<rate_lanes> row{};
  const int last = 24 - 5 * y;  // the word of lane x = 0
  row.first = last - 4 < rate_lanes - 8 ? last - 4 : rate_lanes - 8;
  for (int x = 0; x < 8; ++x) {
    const int word = last - x;
    const bool in_rate = x < 5 && word < rate_lanes;
    row.words.w[x] = in_rate ? static_cast<std::uint64_t>(word - row.first) : 0;
    if (in_rate) row.rate = static_cast<__mmask8>(row.rate | (1u << x));
  }
  return row;
}

// Each 64-bit word byte-reversed (big-endian words, §4.2).
NGCC_ALWAYS_INLINE V load_be64x8(const std::uint8_t *p) {
  const V bytes = _mm512_set_epi64(0x08090A0B0C0D0E0F, 0x0001020304050607, 0x08090A0B0C0D0E0F,
                                   0x0001020304050607, 0x08090A0B0C0D0E0F, 0x0001020304050607,
                                   0x08090A0B0C0D0E0F, 0x0001020304050607);
  return _mm512_shuffle_epi8(_mm512_loadu_si512(p), bytes);
}

template <int rate_lanes, int y>
NGCC_ALWAYS_INLINE void xor_rate_row(Rows &s, const std::uint8_t *block) {
  constexpr RateRow<rate_lanes> row = rate_row<rate_lanes>(y);
  if constexpr (row.rate != 0) {
    const V words = permute(load_be64x8(block + 8 * row.first), row.words);
    s.r[y] = _mm512_mask_xor_epi64(s.r[y], row.rate, s.r[y], words);
  }
}

// The capacity lanes 0..24 - rate_lanes of row y.
template <int rate_lanes>
constexpr __mmask8 capacity_lanes(int y) {
  unsigned mask = 0;
  for (int x = 0; x < 5; ++x)
    if (lane(x, y) < kLanes - rate_lanes) mask |= 1u << x;
  return static_cast<__mmask8>(mask);
}

template <int rate_lanes>
NGCC_ALWAYS_INLINE void absorb_block(Rows &s, const std::uint8_t *block) {
  xor_rate_row<rate_lanes, 1>(s, block);
  xor_rate_row<rate_lanes, 2>(s, block);
  xor_rate_row<rate_lanes, 3>(s, block);
  xor_rate_row<rate_lanes, 4>(s, block);
  const Rows before = s;
  permute_rows(s);
  for (int y = 0; y < 5; ++y)
    s.r[y] = _mm512_mask_xor_epi64(s.r[y], capacity_lanes<rate_lanes>(y), s.r[y], before.r[y]);
}

// The state in the rows (common/block_loop.hpp).
struct Avx512 {
  using Registers = Rows;
  static Rows load(const State &a) { return load_state(a); }
  static void store(State &a, const Rows &s) { store_state(a, s); }
  static void permute(Rows &s) { permute_rows(s); }
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Rows &s, const std::uint8_t *block) {
    thunder::absorb_block<P.rate_lanes()>(s, block);
  }
};

}  // namespace

const Implementation kAvx512{avx512::kImplementationName, kCompiledFeatures,
                             block_loop::absorb_blocks<Avx512, BlockShapes>, block_loop::permute<Avx512>};

}  // namespace ngcc::thunder
