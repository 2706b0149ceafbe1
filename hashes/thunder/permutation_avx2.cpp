// Thunder-p for x86-64-v3 (AVX2 + BMI2): same output as permutation.cpp.
//
// Round structure used here (spec §3.2, rewritten). Let b = ρ(ι(A)) and
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
// The output register O_m holds A'[y, 2(m - y)] in lane y; after ρ
// (per-lane rotations) a blend and a 4x4 transpose bring it back to the
// col/row4 layout for the next round, and the column parities P, Q of the
// next round are plain vertical XORs of the five O_m.
#include <immintrin.h>

#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {


constexpr int mod5(int v) { return ((v % 5) + 5) % 5; }

template <unsigned N>
inline std::uint64_t rotr(std::uint64_t w) {
  if constexpr (N % 64 == 0) return w;
  else return (w >> (N % 64)) | (w << (64 - N % 64));
}

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
  LaneRotation theta;   // lane y: 26 + T[y]
  LaneRotation rho[5];  // O_m lane y holds A'[y, j], j = 2(m - y): RHO of that lane
  LaneRotation rho_t[5];  // the same plus T[j] (for Q of the next round)
};
constexpr VectorConstants make_vector_constants() {
  VectorConstants c{};
  unsigned theta[4] = {}, rho[4] = {}, rho_t[4] = {};
  for (int y = 0; y < 4; ++y) theta[y] = kThetaU + kThetaT[y];
  c.theta = lane_rotation(theta);
  for (int m = 0; m < 5; ++m) {
    for (int y = 0; y < 4; ++y) {
      const int j = mod5(2 * (m - y));
      rho[y] = kRho[y + 5 * j];
      rho_t[y] = kRho[y + 5 * j] + kThetaT[j];
    }
    c.rho[m] = lane_rotation(rho);
    c.rho_t[m] = lane_rotation(rho_t);
  }
  return c;
}
constexpr VectorConstants kVectorConstants = make_vector_constants();

inline __m256i load(const std::uint64_t (&v)[4]) {
  return _mm256_load_si256(reinterpret_cast<const __m256i *>(v));
}
inline __m256i rotr_lanes(__m256i w, const LaneRotation &n) {
  return _mm256_or_si256(_mm256_srlv_epi64(w, load(n.right)), _mm256_sllv_epi64(w, load(n.left)));
}

// The state between rounds: b = ρ(ι(A)) and the θ terms e, f of b.
struct Half {
  __m256i col[5];
  std::uint64_t row4[5];
  std::uint64_t e[5], f[5];
};

// e[x] = ROTR(P[x], 26) ^ ROTR(P[x-1], 27), f[x] = Q[x+1] ^ ROTR(Q[x+3], 36).
inline void theta_terms(const std::uint64_t *p, const std::uint64_t *q, Half &h) {
  for (int x = 0; x < 5; ++x) {
    h.e[x] = rotr<kThetaU>(p[x]) ^ rotr<kThetaU + 1>(p[(x + 4) % 5]);
    h.f[x] = q[(x + 1) % 5] ^ rotr<kThetaS>(q[(x + 3) % 5]);
  }
}

// θ, π, ψ of rows 0..3: o[m] lane y = A'[y, 2(m - y)].
inline void theta_pi_psi_rows0to3(const Half &h, __m256i (&o)[5]) {
  __m256i u[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
    u[x] = _mm256_xor_si256(
        _mm256_xor_si256(h.col[x], _mm256_set1_epi64x(static_cast<long long>(h.e[x]))),
        rotr_lanes(_mm256_set1_epi64x(static_cast<long long>(h.f[x])), kVectorConstants.theta));
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m)
    o[m] = _mm256_xor_si256(u[(m + 3) % 5],
                            _mm256_andnot_si256(_mm256_or_si256(u[(m + 1) % 5], u[(m + 2) % 5]), u[m]));
}

// θ, π, ψ of row 4: out[j] = A'[4, j].
inline void theta_pi_psi_row4(const Half &h, std::uint64_t (&out)[5]) {
  std::uint64_t u[5];
  for (int x = 0; x < 5; ++x) u[x] = h.row4[x] ^ h.e[x] ^ rotr<kThetaU + kThetaT[4]>(h.f[x]);
  // A'[4, j] = u[3j+7] ^ (~(u[3j+5] | u[3j+6]) & u[3j+4])  (the formula above with y = 4).
  for (int j = 0; j < 5; ++j)
    out[j] = u[(3 * j + 7) % 5] ^ (~(u[(3 * j + 5) % 5] | u[(3 * j + 6) % 5]) & u[(3 * j + 4) % 5]);
}

template <int J>
inline std::uint64_t rho_row4(const std::uint64_t (&out)[5], std::uint64_t (&b)[5], std::uint64_t &q) {
  b[J] = rotr<kRho[4 + 5 * J]>(out[J]);
  q ^= rotr<kRho[4 + 5 * J] + kThetaT[J]>(out[J]);
  return b[J];
}

// Blend of lane x from o[(x + 3y) % 5], x = 0..3: the values b'[x, y].
template <int Y>
inline __m256i gather_row(const __m256i (&b)[5]) {
  const __m256i lo = _mm256_blend_epi32(b[(0 + 3 * Y) % 5], b[(1 + 3 * Y) % 5], 0x0C);
  const __m256i hi = _mm256_blend_epi32(b[(2 + 3 * Y) % 5], b[(3 + 3 * Y) % 5], 0xC0);
  return _mm256_blend_epi32(lo, hi, 0xF0);
}

// One round's θ, π, ψ fused with the next round's ι, ρ and θ parities.
inline void round_fused(Half &h, std::uint64_t next_rc) {
  __m256i o[5];
  std::uint64_t out4[5];
  theta_pi_psi_rows0to3(h, o);
  theta_pi_psi_row4(h, out4);

  // ι of the next round: lane (0, 0) is lane 0 of o[0].
  o[0] = _mm256_xor_si256(o[0], _mm256_set_epi64x(0, 0, 0, static_cast<long long>(next_rc)));

  // ρ and parities, rows 0..3 of the output are columns 0..3 (lane x).
  __m256i b[5], p = _mm256_setzero_si256(), q = _mm256_setzero_si256();
#pragma GCC unroll 5
  for (int m = 0; m < 5; ++m) {
    b[m] = rotr_lanes(o[m], kVectorConstants.rho[m]);
    p = _mm256_xor_si256(p, b[m]);
    q = _mm256_xor_si256(q, rotr_lanes(o[m], kVectorConstants.rho_t[m]));
  }
  // Column 4 of the output (scalar).
  std::uint64_t b4[5], q4 = 0;
  const std::uint64_t p4 = rho_row4<0>(out4, b4, q4) ^ rho_row4<1>(out4, b4, q4) ^
                           rho_row4<2>(out4, b4, q4) ^ rho_row4<3>(out4, b4, q4) ^
                           rho_row4<4>(out4, b4, q4);

  const std::uint64_t ps[5] = {static_cast<std::uint64_t>(_mm256_extract_epi64(p, 0)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(p, 1)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(p, 2)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(p, 3)), p4};
  const std::uint64_t qs[5] = {static_cast<std::uint64_t>(_mm256_extract_epi64(q, 0)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(q, 1)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(q, 2)),
                               static_cast<std::uint64_t>(_mm256_extract_epi64(q, 3)), q4};
  theta_terms(ps, qs, h);

  // Back to the col/row4 layout: col[x] lane y = b'[x, y] = lane x of b[(x + 3y) % 5].
  const __m256i w0 = gather_row<0>(b), w1 = gather_row<1>(b), w2 = gather_row<2>(b),
                w3 = gather_row<3>(b);
  const __m256i t0 = _mm256_unpacklo_epi64(w0, w1), t1 = _mm256_unpackhi_epi64(w0, w1);
  const __m256i t2 = _mm256_unpacklo_epi64(w2, w3), t3 = _mm256_unpackhi_epi64(w2, w3);
  h.col[0] = _mm256_permute2x128_si256(t0, t2, 0x20);
  h.col[1] = _mm256_permute2x128_si256(t1, t3, 0x20);
  h.col[2] = _mm256_permute2x128_si256(t0, t2, 0x31);
  h.col[3] = _mm256_permute2x128_si256(t1, t3, 0x31);
  h.col[4] = _mm256_set_epi64x(static_cast<long long>(b4[3]), static_cast<long long>(b4[2]),
                               static_cast<long long>(b4[1]), static_cast<long long>(b4[0]));
  // row4[x] = b'[x, 4] = lane x of b[(x + 2) % 5].
  h.row4[0] = static_cast<std::uint64_t>(_mm256_extract_epi64(b[2], 0));
  h.row4[1] = static_cast<std::uint64_t>(_mm256_extract_epi64(b[3], 1));
  h.row4[2] = static_cast<std::uint64_t>(_mm256_extract_epi64(b[4], 2));
  h.row4[3] = static_cast<std::uint64_t>(_mm256_extract_epi64(b[0], 3));
  h.row4[4] = b4[4];
}

// Round 0 up to the θ parities, from the state (scalar; once per call).
inline void first_half_round(const State &s, Half &h) {
  std::uint64_t b[kLanes], p[5], q[5];
  State a = s;
  a[0] ^= kRoundConstants[0];
  for (int x = 0; x < 5; ++x) {
    p[x] = q[x] = 0;
    for (int y = 0; y < 5; ++y) {
      b[x + 5 * y] = (a[x + 5 * y] >> kRho[x + 5 * y]) |
                     (kRho[x + 5 * y] == 0 ? 0 : a[x + 5 * y] << (64 - kRho[x + 5 * y]));
      p[x] ^= b[x + 5 * y];
      q[x] ^= (b[x + 5 * y] >> kThetaT[y]) | (b[x + 5 * y] << (64 - kThetaT[y]));
    }
  }
  for (int x = 0; x < 5; ++x) {
    h.col[x] = _mm256_set_epi64x(static_cast<long long>(b[x + 15]), static_cast<long long>(b[x + 10]),
                                 static_cast<long long>(b[x + 5]), static_cast<long long>(b[x]));
    h.row4[x] = b[x + 20];
  }
  theta_terms(p, q, h);
}

// θ, π, ψ of round 11 into the state.
inline void last_half_round(const Half &h, State &s) {
  __m256i o[5];
  std::uint64_t out4[5];
  theta_pi_psi_rows0to3(h, o);
  theta_pi_psi_row4(h, out4);
  alignas(32) std::uint64_t lanes[5][4];
  for (int m = 0; m < 5; ++m) _mm256_store_si256(reinterpret_cast<__m256i *>(lanes[m]), o[m]);
  for (int m = 0; m < 5; ++m)
    for (int y = 0; y < 4; ++y) s[y + 5 * mod5(2 * (m - y))] = lanes[m][y];
  for (int j = 0; j < 5; ++j) s[4 + 5 * j] = out4[j];
}

}  // namespace

void permute_avx2(State &state) {
  Half h;
  first_half_round(state, h);
#pragma GCC unroll 1
  for (int i = 1; i < 12; ++i) round_fused(h, kRoundConstants[i]);
  last_half_round(h, state);
}

}  // namespace ngcc::thunder
