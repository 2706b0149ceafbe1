// Thunder-p and the block absorption for x86-64-v3 (AVX2 + BMI2): same
// results as permutation_portable.cpp.
//
// Round structure used here (§3.2, rewritten). Let b = ρ(ι(A)) and
// u[x,y] = θ(b)[x,y] = b[x,y] ^ e[x] ^ ROTR(f[x], 26 + T[y]) with
// e[x] = ROTR(P[x],26) ^ ROTR(P[x-1],27), f[x] = Q[x+1] ^ ROTR(Q[x+3],36).
// π sends row y of u to column y of the ψ input, so ψ∘π maps row y of u to
// column y of the round output:
//   A'[y, 2(m - y)] = u[m+3, y] ^ (~(u[m+1, y] | u[m+2, y]) & u[m, y])
// for m = 0..4 (indices mod 5). The x offsets m, m+1, m+2, m+3 do not depend
// on y, so rows y = 0..3 run side by side in the four lanes of an AVX2
// register (lane = y) and row 4 runs in scalar code at the same time:
//   col[x]  = (b[x,0], b[x,1], b[x,2], b[x,3])   five ymm registers,
//   row4[x] = b[x,4]                            five 64-bit words.
// The round output is kept as five "diagonals" d[m], lane x holding
// A'[x, 2(m - x)], and the scalar column A'[4, y]. After ρ (per-lane
// rotations) a blend and a 4x4 transpose bring the diagonals to the col/row4
// layout of the next round, and the column parities P, Q of the next round
// are plain vertical XORs of the five diagonals. Between blocks the state
// stays in the diagonal layout: the message and the feed-forward are XORed
// in there.
#include <utility>

#include "common/lanes.hpp"
#include "common/simd_avx2.hpp"
#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {

using avx2::V;

// The state between rounds: lane (x, y), x < 4, is lane x of d[x + 3y mod 5]
// (y = 2(m - x)); lane (4, y) is col4[y].
struct Diagonals {
  V d[5];
  std::uint64_t col4[5];
};
constexpr int diagonal_lane(int m, int x) { return lane(x, 2 * (m - x)); }

// The state after ρ(ι(·)), ready for θ, π, ψ: b = ρ(ι(A)) in the col/row4
// layout and the θ terms e, f of b.
struct Half {
  V col[5];
  std::uint64_t row4[5];
  std::uint64_t e[5], f[5];
};

// Per-lane right rotation amounts (right = n, left = 64 - n; a shift by 64
// gives 0 in AVX2, so n = 0 is the identity).
struct LaneRotation {
  alignas(32) std::uint64_t right[4];
  alignas(32) std::uint64_t left[4];
};
constexpr LaneRotation lane_rotation(const unsigned (&n)[4]) {
  LaneRotation r{};
  for (int i = 0; i < 4; ++i) {
    r.right[i] = n[i] % 64;
    r.left[i] = 64 - n[i] % 64;
  }
  return r;
}

struct VectorConstants {
  LaneRotation theta;     // lane y: 26 + T[y]
  LaneRotation rho[5];    // d[m] lane x holds A'[x, j], j = 2(m - x): RHO of that lane
  LaneRotation rho_t[5];  // the same plus T[j] (for Q of the next round)
};
constexpr VectorConstants make_vector_constants() {
  VectorConstants c{};
  unsigned theta[4] = {}, rho[4] = {}, rho_t[4] = {};
  for (int y = 0; y < 4; ++y) theta[y] = kThetaU + kThetaT[y];
  c.theta = lane_rotation(theta);
  for (int m = 0; m < 5; ++m) {
    for (int x = 0; x < 4; ++x) {
      const int k = diagonal_lane(m, x);
      rho[x] = kRho[k];
      rho_t[x] = kRho[k] + kThetaT[k / 5];
    }
    c.rho[m] = lane_rotation(rho);
    c.rho_t[m] = lane_rotation(rho_t);
  }
  return c;
}
constexpr VectorConstants kVectorConstants = make_vector_constants();

NGCC_ALWAYS_INLINE V load(const std::uint64_t (&v)[4]) {
  return _mm256_load_si256(reinterpret_cast<const V *>(v));
}
NGCC_ALWAYS_INLINE V rotr_lanes(V w, const LaneRotation &n) {
  return _mm256_or_si256(_mm256_srlv_epi64(w, load(n.right)), _mm256_sllv_epi64(w, load(n.left)));
}
NGCC_ALWAYS_INLINE V broadcast(std::uint64_t w) { return _mm256_set1_epi64x(static_cast<long long>(w)); }
NGCC_ALWAYS_INLINE V words(std::uint64_t w0, std::uint64_t w1, std::uint64_t w2, std::uint64_t w3) {
  return _mm256_set_epi64x(static_cast<long long>(w3), static_cast<long long>(w2),
                           static_cast<long long>(w1), static_cast<long long>(w0));
}
template <int i>
NGCC_ALWAYS_INLINE std::uint64_t word(V v) {
  return static_cast<std::uint64_t>(_mm256_extract_epi64(v, i));
}

// θ, π, ψ of rows 0..3: d[m] lane x = A'[x, 2(m - x)].
NGCC_ALWAYS_INLINE void theta_pi_psi_rows0to3(const Half &h, V (&d)[5]) {
  V u[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
    u[x] = avx2::xor3(h.col[x], broadcast(h.e[x]), rotr_lanes(broadcast(h.f[x]), kVectorConstants.theta));
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m)
    d[m] = _mm256_xor_si256(u[mod5(m + 3)],
                            _mm256_andnot_si256(_mm256_or_si256(u[mod5(m + 1)], u[mod5(m + 2)]), u[m]));
}

// θ, π, ψ of row 4: col4[j] = A'[4, j].
NGCC_ALWAYS_INLINE void theta_pi_psi_row4(const Half &h, std::uint64_t (&col4)[5]) {
  std::uint64_t u[5];
  for (int x = 0; x < 5; ++x) u[x] = h.row4[x] ^ h.e[x] ^ rotr64(h.f[x], (kThetaU + kThetaT[4]) % 64);
  // A'[4, j] = u[3j+7] ^ (~(u[3j+5] | u[3j+6]) & u[3j+4])  (the formula above with y = 4).
  for (int j = 0; j < 5; ++j)
    col4[j] = u[mod5(3 * j + 7)] ^ (~(u[mod5(3 * j + 5)] | u[mod5(3 * j + 6)]) & u[mod5(3 * j + 4)]);
}

NGCC_ALWAYS_INLINE void theta_pi_psi(const Half &h, Diagonals &s) {
  theta_pi_psi_rows0to3(h, s.d);
  theta_pi_psi_row4(h, s.col4);
}

// e[x] = ROTR(P[x], 26) ^ ROTR(P[x-1], 27), f[x] = Q[x+1] ^ ROTR(Q[x+3], 36).
NGCC_ALWAYS_INLINE void theta_terms(const std::uint64_t (&p)[5], const std::uint64_t (&q)[5], Half &h) {
  for (int x = 0; x < 5; ++x) {
    h.e[x] = rotr64(p[x], kThetaU) ^ rotr64(p[mod5(x - 1)], kThetaU + 1);
    h.f[x] = q[mod5(x + 1)] ^ rotr64(q[mod5(x + 3)], kThetaS);
  }
}

template <int J>
NGCC_ALWAYS_INLINE std::uint64_t rho_col4(const std::uint64_t (&col4)[5], std::uint64_t (&b)[5], std::uint64_t &q) {
  constexpr int k = lane(4, J);
  b[J] = rotr64(col4[J], kRho[k]);
  q ^= rotr64(col4[J], (kRho[k] + kThetaT[J]) % 64);
  return b[J];
}

// Blend of lane x from d[(x + 3y) % 5], x = 0..3: the values b[x, y].
template <int Y>
NGCC_ALWAYS_INLINE V gather_row(const V (&b)[5]) {
  const V lo = _mm256_blend_epi32(b[mod5(0 + 3 * Y)], b[mod5(1 + 3 * Y)], 0x0C);
  const V hi = _mm256_blend_epi32(b[mod5(2 + 3 * Y)], b[mod5(3 + 3 * Y)], 0xC0);
  return _mm256_blend_epi32(lo, hi, 0xF0);
}

// ι and ρ of a round with the θ parities, from the diagonals to the
// col/row4 layout.
NGCC_ALWAYS_INLINE void iota_rho(const Diagonals &s, std::uint64_t rc, Half &h) {
  // ι: lane (0, 0) is lane 0 of d[0].
  const V d0 = _mm256_xor_si256(s.d[0], words(rc, 0, 0, 0));

  // ρ and parities, lanes x = 0..3.
  V b[5], p = _mm256_setzero_si256(), q = _mm256_setzero_si256();
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    const V d = m == 0 ? d0 : s.d[m];
    b[m] = rotr_lanes(d, kVectorConstants.rho[m]);
    p = _mm256_xor_si256(p, b[m]);
    q = _mm256_xor_si256(q, rotr_lanes(d, kVectorConstants.rho_t[m]));
  }
  // Column 4 (scalar).
  std::uint64_t b4[5], q4 = 0;
  const std::uint64_t p4 = rho_col4<0>(s.col4, b4, q4) ^ rho_col4<1>(s.col4, b4, q4) ^
                           rho_col4<2>(s.col4, b4, q4) ^ rho_col4<3>(s.col4, b4, q4) ^
                           rho_col4<4>(s.col4, b4, q4);

  const std::uint64_t ps[5] = {word<0>(p), word<1>(p), word<2>(p), word<3>(p), p4};
  const std::uint64_t qs[5] = {word<0>(q), word<1>(q), word<2>(q), word<3>(q), q4};
  theta_terms(ps, qs, h);

  // To the col/row4 layout: col[x] lane y = b[x, y] = lane x of b[(x + 3y) % 5].
  const V w0 = gather_row<0>(b), w1 = gather_row<1>(b), w2 = gather_row<2>(b), w3 = gather_row<3>(b);
  const V t0 = _mm256_unpacklo_epi64(w0, w1), t1 = _mm256_unpackhi_epi64(w0, w1);
  const V t2 = _mm256_unpacklo_epi64(w2, w3), t3 = _mm256_unpackhi_epi64(w2, w3);
  h.col[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
  h.col[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
  h.col[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
  h.col[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
  h.col[4] = words(b4[0], b4[1], b4[2], b4[3]);
  // row4[x] = b[x, 4] = lane x of b[(x + 2) % 5].
  h.row4[0] = word<0>(b[2]);
  h.row4[1] = word<1>(b[3]);
  h.row4[2] = word<2>(b[4]);
  h.row4[3] = word<3>(b[0]);
  h.row4[4] = b4[4];
}

NGCC_ALWAYS_INLINE void permute_diagonals(Diagonals &s) {
  Half h;
#pragma GCC unroll 1
  for (int i = 0; i < kRounds; ++i) {
    iota_rho(s, kRoundConstants[i], h);
    theta_pi_psi(h, s);
  }
}

NGCC_ALWAYS_INLINE Diagonals load_state(const State &a) {
  Diagonals s;
  for (int m = 0; m < 5; ++m)
    s.d[m] = words(a[diagonal_lane(m, 0)], a[diagonal_lane(m, 1)], a[diagonal_lane(m, 2)],
                   a[diagonal_lane(m, 3)]);
  for (int y = 0; y < 5; ++y) s.col4[y] = a[lane(4, y)];
  return s;
}
NGCC_ALWAYS_INLINE void store_state(State &a, const Diagonals &s) {
  alignas(32) std::uint64_t w[5][4];
  for (int m = 0; m < 5; ++m) _mm256_store_si256(reinterpret_cast<V *>(w[m]), s.d[m]);
  for (int m = 0; m < 5; ++m)
    for (int x = 0; x < 4; ++x) a[diagonal_lane(m, x)] = w[m][x];
  for (int y = 0; y < 5; ++y) a[lane(4, y)] = s.col4[y];
}

// §4.2: block word i (big-endian bytes 8i..8i+7) goes into lane 24 - i, for
// i < rate_lanes; the capacity is lanes 0..24 - rate_lanes.
template <int rate_lanes>
NGCC_ALWAYS_INLINE std::uint64_t block_word(const std::uint8_t *block, int k) {
  return k >= kLanes - rate_lanes ? load_be64(block + 8 * (kLanes - 1 - k)) : 0;
}
template <int rate_lanes, int m>
NGCC_ALWAYS_INLINE V block_diagonal(const std::uint8_t *block) {
  return words(block_word<rate_lanes>(block, diagonal_lane(m, 0)),
               block_word<rate_lanes>(block, diagonal_lane(m, 1)),
               block_word<rate_lanes>(block, diagonal_lane(m, 2)),
               block_word<rate_lanes>(block, diagonal_lane(m, 3)));
}
// The 32-bit blend mask selecting the capacity lanes of diagonal m.
template <int rate_lanes, int m>
constexpr int capacity_mask() {
  int mask = 0;
  for (int x = 0; x < 4; ++x)
    if (diagonal_lane(m, x) < kLanes - rate_lanes) mask |= 3 << (2 * x);
  return mask;
}

// vpblendd with a computed mask (clang's _mm256_blend_epi32 is a macro, which
// a template argument list cannot pass through).
template <int mask>
NGCC_ALWAYS_INLINE V blend32(V a, V b) {
  return _mm256_blend_epi32(a, b, mask);
}

template <int rate_lanes, int... m>
NGCC_ALWAYS_INLINE void absorb_block(Diagonals &s, const std::uint8_t *block,
                                     std::integer_sequence<int, m...>) {
  const V zero = _mm256_setzero_si256();
  const V capacity[5] = {blend32<capacity_mask<rate_lanes, m>()>(zero, s.d[m])...};
  std::uint64_t capacity4[5];
  for (int y = 0; y < 5; ++y) capacity4[y] = lane(4, y) < kLanes - rate_lanes ? s.col4[y] : 0;
  ((s.d[m] = _mm256_xor_si256(s.d[m], block_diagonal<rate_lanes, m>(block))), ...);
  for (int y = 0; y < 5; ++y) s.col4[y] ^= block_word<rate_lanes>(block, lane(4, y));
  permute_diagonals(s);
  ((s.d[m] = _mm256_xor_si256(s.d[m], capacity[m])), ...);
  for (int y = 0; y < 5; ++y) s.col4[y] ^= capacity4[y];
}

// The state in the diagonals (common/block_loop.hpp).
struct Avx2 {
  using Registers = Diagonals;
  static Diagonals load(const State &a) { return load_state(a); }
  static void store(State &a, const Diagonals &s) { store_state(a, s); }
  static void permute(Diagonals &s) { permute_diagonals(s); }
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Diagonals &s, const std::uint8_t *block) {
    thunder::absorb_block<P.rate_lanes()>(s, block, std::make_integer_sequence<int, 5>{});
  }
};

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures,
                           block_loop::absorb_blocks<Avx2, BlockShapes>, block_loop::permute<Avx2>};

}  // namespace ngcc::thunder
