// Thunder-p for x86-64-v3 (compiled with -march=x86-64-v3): same output as
// permutation.cpp.
//
// Why scalar: one sponge state admits no parallelism across blocks, and the
// 5-lane rows do not fit 4-lane AVX2 registers without a shuffle-heavy π.
// The x86-64-v3 gain comes from BMI2 `rorx` (non-destructive rotate, memory
// operand) and BMI1 `andn`, and from a schedule that keeps the 25 lanes out
// of the register allocator's way:
//  * π is free: θ of row y of ρ(A) gives, after π, column y of the next ψ
//    input, so θ, π and ψ run row by row without a π copy;
//  * while a ψ output column is still in registers, the next round's ι, ρ
//    and column parities are computed from it, so each round reads the
//    ρ-rotated lanes once and writes them once (two buffers alternate);
//  * the round loop is not unrolled: one fused round fits the op cache.
#include <utility>

#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {

// §3.1 (the same tables as permutation.cpp).
constexpr std::uint64_t kRoundConstants[12] = {0x0001, 0x0003, 0x000A, 0x0088, 0x8081, 0x8002,
                                               0x0009, 0x0083, 0x800A, 0x0089, 0x8083, 0x800B};
constexpr unsigned kRho[kLanes] = {45, 33, 13, 1,  27, 40, 52, 19, 47, 9,  34, 5, 0,
                                   2,  37, 48, 30, 61, 8,  38, 6,  18, 49, 17, 43};
constexpr unsigned kThetaT[5] = {41, 50, 6, 10, 27};

template <unsigned N>
inline std::uint64_t rotr(std::uint64_t w) {
  if constexpr (N % 64 == 0) return w;
  else return (w >> (N % 64)) | (w << (64 - N % 64));
}

using Column = std::uint64_t[5];  // lanes y = 0..4 of one column x

// ρ of column X (lanes (X, y)) into b, and its θ parities:
// P[X] = XOR_y ρA[X,y], Q[X] = XOR_y ROTR(ρA[X,y], T[y]).
template <int X>
inline void rho_parities(const Column &a, std::uint64_t *b, std::uint64_t *p, std::uint64_t *q) {
  const std::uint64_t b0 = rotr<kRho[X]>(a[0]), b1 = rotr<kRho[X + 5]>(a[1]),
                      b2 = rotr<kRho[X + 10]>(a[2]), b3 = rotr<kRho[X + 15]>(a[3]),
                      b4 = rotr<kRho[X + 20]>(a[4]);
  b[X] = b0;
  b[X + 5] = b1;
  b[X + 10] = b2;
  b[X + 15] = b3;
  b[X + 20] = b4;
  p[X] = b0 ^ b1 ^ b2 ^ b3 ^ b4;
  q[X] = rotr<kRho[X] + kThetaT[0]>(a[0]) ^ rotr<kRho[X + 5] + kThetaT[1]>(a[1]) ^
         rotr<kRho[X + 10] + kThetaT[2]>(a[2]) ^ rotr<kRho[X + 15] + kThetaT[3]>(a[3]) ^
         rotr<kRho[X + 20] + kThetaT[4]>(a[4]);
}

// θ terms per column, pre-rotated by u = 26 (§3.2 folded form):
// e[x] = ROTR(P[x], 26) ^ ROTR(P[x-1], 27), f[x] = Q[x+1] ^ ROTR(Q[x+3], 36);
// then A[x,y] ^= e[x] ^ ROTR(f[x], 26 + T[y]).
inline void theta_terms(const std::uint64_t *p, const std::uint64_t *q, std::uint64_t *e,
                        std::uint64_t *f) {
  for (int x = 0; x < 5; ++x) {
    e[x] = rotr<26>(p[x]) ^ rotr<27>(p[(x + 4) % 5]);
    f[x] = q[(x + 1) % 5] ^ rotr<36>(q[(x + 3) % 5]);
  }
}

// θ on row Y of b; π sends lane (x, Y) to (Y, 2x + 3Y + 2), i.e. the row
// becomes column Y of the ψ input t; ψ gives column Y of the round output.
template <int Y>
inline void theta_pi_psi(const std::uint64_t *b, const std::uint64_t *e, const std::uint64_t *f,
                         Column &out) {
  std::uint64_t t[5];
  constexpr unsigned shift = 26 + kThetaT[Y];
  t[(0 + 3 * Y + 2) % 5] = b[0 + 5 * Y] ^ e[0] ^ rotr<shift>(f[0]);
  t[(2 + 3 * Y + 2) % 5] = b[1 + 5 * Y] ^ e[1] ^ rotr<shift>(f[1]);
  t[(4 + 3 * Y + 2) % 5] = b[2 + 5 * Y] ^ e[2] ^ rotr<shift>(f[2]);
  t[(6 + 3 * Y + 2) % 5] = b[3 + 5 * Y] ^ e[3] ^ rotr<shift>(f[3]);
  t[(8 + 3 * Y + 2) % 5] = b[4 + 5 * Y] ^ e[4] ^ rotr<shift>(f[4]);
  // ψ: out[j] = t[j+3] ^ (~t[j+4] & (~t[j+1] & t[j+2])).
  for (int j = 0; j < 5; ++j)
    out[j] = t[(j + 3) % 5] ^ (~t[(j + 4) % 5] & (~t[(j + 1) % 5] & t[(j + 2) % 5]));
}

// Rest of a round (θ, π, ψ) fused with the start of the next one (ι, ρ,
// parities): reads b_cur, writes b_next.
template <int Y>
inline void round_column(const std::uint64_t *b_cur, const std::uint64_t *e, const std::uint64_t *f,
                         std::uint64_t next_rc, std::uint64_t *b_next, std::uint64_t *p,
                         std::uint64_t *q) {
  Column a;
  theta_pi_psi<Y>(b_cur, e, f, a);
  if constexpr (Y == 0) a[0] ^= next_rc;
  rho_parities<Y>(a, b_next, p, q);
}

template <int... Y>
inline void round_fused(const std::uint64_t *b_cur, std::uint64_t *e, std::uint64_t *f,
                        std::uint64_t next_rc, std::uint64_t *b_next,
                        std::integer_sequence<int, Y...>) {
  std::uint64_t p[5], q[5];
  (round_column<Y>(b_cur, e, f, next_rc, b_next, p, q), ...);
  theta_terms(p, q, e, f);
}

template <int... X>
inline void first_half_round(State &s, std::uint64_t *b, std::uint64_t *e, std::uint64_t *f,
                             std::integer_sequence<int, X...>) {
  std::uint64_t p[5], q[5];
  s[0] ^= kRoundConstants[0];
  ((rho_parities<X>({s[X], s[X + 5], s[X + 10], s[X + 15], s[X + 20]}, b, p, q)), ...);
  theta_terms(p, q, e, f);
}

template <int... Y>
inline void last_half_round(const std::uint64_t *b, const std::uint64_t *e, const std::uint64_t *f,
                            State &s, std::integer_sequence<int, Y...>) {
  Column out[5];
  (theta_pi_psi<Y>(b, e, f, out[Y]), ...);
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) s[x + 5 * y] = out[x][y];
}

}  // namespace

void permute_avx2(State &state) {
  constexpr auto five = std::make_integer_sequence<int, 5>();
  std::uint64_t b[2][kLanes], e[5], f[5];
  first_half_round(state, b[0], e, f, five);
#pragma GCC unroll 1
  for (int i = 1; i < 12; ++i) round_fused(b[(i - 1) & 1], e, f, kRoundConstants[i], b[i & 1], five);
  last_half_round(b[1], e, f, state, five);
}

}  // namespace ngcc::thunder
