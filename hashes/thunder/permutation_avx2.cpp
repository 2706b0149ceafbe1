// Thunder-p for x86-64-v3 (compiled with -march=x86-64-v3): same output as
// permutation.cpp. One sponge state admits no parallelism across blocks, and
// a 5-lane row does not fit 4-lane AVX2 registers without a shuffle-heavy π,
// so the state stays in 25 scalar lanes; the round is fused and fully
// unrolled so that π is a renaming of registers, rotations are BMI2 `rorx`
// and the (~a & b) terms of θ and ψ are BMI1 `andn`.
#include <utility>

#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {

// §3.1 (the same tables as permutation.cpp, in the folded form of §3.2).
constexpr std::uint64_t kRoundConstants[12] = {0x0001, 0x0003, 0x000A, 0x0088, 0x8081, 0x8002,
                                               0x0009, 0x0083, 0x800A, 0x0089, 0x8083, 0x800B};
constexpr unsigned kRho[kLanes] = {45, 33, 13, 1,  27, 40, 52, 19, 47, 9,  34, 5, 0,
                                   2,  37, 48, 30, 61, 8,  38, 6,  18, 49, 17, 43};
constexpr unsigned kThetaT[5] = {41, 50, 6, 10, 27};

// Rotation by a compile-time amount: rorx, or nothing for 0.
template <unsigned N>
inline std::uint64_t rotr(std::uint64_t w) {
  if constexpr (N % 64 == 0) return w;
  else return (w >> (N % 64)) | (w << (64 - N % 64));
}

// π moves lane k = (x, y) to (y, 2x + 3y + 2).
constexpr int pi_target(int k) {
  const int x = k % 5, y = k / 5;
  return y + 5 * ((2 * x + 3 * y + 2) % 5);
}

template <int X, int Y>
constexpr int at() { return ((X % 5 + 5) % 5) + 5 * ((Y % 5 + 5) % 5); }

// One round on 25 values held in a local array the compiler keeps in
// registers (every index is a constant after unrolling).
struct Round {
  std::uint64_t a[kLanes];

  template <int K>
  void rho_lane(std::uint64_t *b) const { b[K] = rotr<kRho[K]>(a[K]); }

  template <int... K>
  void rho(std::uint64_t *b, std::integer_sequence<int, K...>) const { (rho_lane<K>(b), ...); }

  template <int X>
  void parities(const std::uint64_t *b, std::uint64_t *p, std::uint64_t *q) const {
    p[X] = b[X] ^ b[X + 5] ^ b[X + 10] ^ b[X + 15] ^ b[X + 20];
    q[X] = rotr<kThetaT[0]>(b[X]) ^ rotr<kThetaT[1]>(b[X + 5]) ^ rotr<kThetaT[2]>(b[X + 10]) ^
           rotr<kThetaT[3]>(b[X + 15]) ^ rotr<kThetaT[4]>(b[X + 20]);
  }

  // A[x,y] ^= ROTR(P[x],26) ^ ROTR(P[x-1],27) ^ ROTR(F[x], 26+T[y]),
  // F[x] = Q[x+1] ^ ROTR(Q[x+3], 36) (§3.2, folded), then π into c.
  template <int X>
  void theta_pi_column(const std::uint64_t *b, const std::uint64_t *p, const std::uint64_t *q,
                       std::uint64_t *c) const {
    const std::uint64_t e = rotr<26>(p[X]) ^ rotr<27>(p[(X + 4) % 5]);
    const std::uint64_t f = q[(X + 1) % 5] ^ rotr<36>(q[(X + 3) % 5]);
    c[pi_target(X + 0)] = b[X + 0] ^ e ^ rotr<26 + kThetaT[0]>(f);
    c[pi_target(X + 5)] = b[X + 5] ^ e ^ rotr<26 + kThetaT[1]>(f);
    c[pi_target(X + 10)] = b[X + 10] ^ e ^ rotr<26 + kThetaT[2]>(f);
    c[pi_target(X + 15)] = b[X + 15] ^ e ^ rotr<26 + kThetaT[3]>(f);
    c[pi_target(X + 20)] = b[X + 20] ^ e ^ rotr<26 + kThetaT[4]>(f);
  }

  // ψ on column x: A[x,y] = t[y+3] ^ (~t[y+4] & (~t[y+1] & t[y+2])).
  template <int X, int Y>
  void psi_lane(const std::uint64_t *c) {
    a[at<X, Y>()] = c[at<X, Y + 3>()] ^ (~c[at<X, Y + 4>()] & (~c[at<X, Y + 1>()] & c[at<X, Y + 2>()]));
  }
  template <int X>
  void psi_column(const std::uint64_t *c) {
    psi_lane<X, 0>(c);
    psi_lane<X, 1>(c);
    psi_lane<X, 2>(c);
    psi_lane<X, 3>(c);
    psi_lane<X, 4>(c);
  }

  void apply(int i) {
    a[0] ^= kRoundConstants[i];
    std::uint64_t b[kLanes], p[5], q[5], c[kLanes];
    rho(b, std::make_integer_sequence<int, kLanes>());
    parities<0>(b, p, q);
    parities<1>(b, p, q);
    parities<2>(b, p, q);
    parities<3>(b, p, q);
    parities<4>(b, p, q);
    theta_pi_column<0>(b, p, q, c);
    theta_pi_column<1>(b, p, q, c);
    theta_pi_column<2>(b, p, q, c);
    theta_pi_column<3>(b, p, q, c);
    theta_pi_column<4>(b, p, q, c);
    psi_column<0>(c);
    psi_column<1>(c);
    psi_column<2>(c);
    psi_column<3>(c);
    psi_column<4>(c);
  }
};

}  // namespace

void permute_avx2(State &state) {
  Round r;
  for (int k = 0; k < kLanes; ++k) r.a[k] = state[k];
#pragma GCC unroll 12
  for (int i = 0; i < 12; ++i) r.apply(i);
  for (int k = 0; k < kLanes; ++k) state[k] = r.a[k];
}

}  // namespace ngcc::thunder
