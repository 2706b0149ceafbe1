// Thunder-p and the block absorption, portable reference (§3, §4.2 of
// docs/specs/hash-33-thunder.md), written to be read against the
// specification: one loop per step, lane k = x + 5y. The loops are unrolled
// (#pragma GCC unroll), so every lane index is a constant and the compiler
// keeps the lanes in registers: π and ψ's copies of the state then cost
// nothing (2.2x faster at -O2 on Zen 5).
#include "common/lanes.hpp"
#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {

// Lane indices of π and ψ, derived at compile time from their definitions
// so the loops below do no index arithmetic.
struct LaneTables {
  int pi_source[kLanes];    // π: new lane k is old lane pi_source[k]
  int psi_inputs[kLanes][4];  // ψ: lanes (x, y+1), (x, y+2), (x, y+3), (x, y+4) of k = (x, y)
};
constexpr LaneTables make_lane_tables() {
  LaneTables t{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) {
      t.pi_source[lane(y, 2 * x + 3 * y + 2)] = lane(x, y);  // (x, y) moves to (y, 2x + 3y + 2)
      for (int j = 0; j < 4; ++j) t.psi_inputs[lane(x, y)][j] = lane(x, y + 1 + j);
    }
  return t;
}
constexpr LaneTables kLaneTables = make_lane_tables();

}  // namespace

namespace steps {

void iota(State &a, int round) { a[0] ^= kRoundConstants[round]; }

void rho(State &a) {
#pragma GCC unroll 25
  for (int k = 0; k < kLanes; ++k) a[k] = rotr64(a[k], kRho[k]);
}

// The specification's form with E and F (§3.2 notes):
// P = column parity, Q = parity of the lanes rotated by T[y],
// E[x] = P[x] ^ ROTR(P[x-1], 1), F[x] = Q[x+1] ^ ROTR(Q[x-2], s),
// A[x,y] ^= ROTR(E[x], u) ^ ROTR(F[x], u + T[y]).
void theta(State &a) {
  std::uint64_t p[5], q[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    p[x] = q[x] = 0;
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) {
      p[x] ^= a[lane(x, y)];
      q[x] ^= rotr64(a[lane(x, y)], kThetaT[y]);
    }
  }
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    const std::uint64_t e = p[x] ^ rotr64(p[mod5(x - 1)], 1);
    const std::uint64_t f = q[mod5(x + 1)] ^ rotr64(q[mod5(x - 2)], kThetaS);
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y)
      a[lane(x, y)] ^= rotr64(e, kThetaU) ^ rotr64(f, (kThetaU + kThetaT[y]) % 64);
  }
}

// Lane (x, y) moves to (y, 2x + 3y + 2).
void pi(State &a) {
  const State b = a;
#pragma GCC unroll 25
  for (int k = 0; k < kLanes; ++k) a[k] = b[kLaneTables.pi_source[k]];
}

// Per column: A[x,y] = t[y+3] ^ (~t[y+1] & t[y+2] & ~t[y+4]), t = column x.
void psi(State &a) {
  const State b = a;
#pragma GCC unroll 25
  for (int k = 0; k < kLanes; ++k) {
    const int *t = kLaneTables.psi_inputs[k];  // t[j] = lane (x, y + 1 + j)
    a[k] = b[t[2]] ^ (~b[t[0]] & b[t[1]] & ~b[t[3]]);
  }
}

}  // namespace steps

namespace {

// Round i = ψ ∘ π ∘ θ ∘ ρ ∘ ι (§3).
void permute(State &state) {
  for (int i = 0; i < kRounds; ++i) {
    steps::iota(state, i);
    steps::rho(state);
    steps::theta(state);
    steps::pi(state);
    steps::psi(state);
  }
}

// The state as it is (common/block_loop.hpp).
struct Portable : block_loop::AsIs<State> {
  static void permute(State &s) { thunder::permute(s); }
  // §4.2; the rate lanes are not fed forward.
  template <const Params &P>
  static void absorb_block(State &state, const std::uint8_t *block) {
    for (int i = 0; i < P.rate_lanes(); ++i) state[kLanes - 1 - i] ^= load_be64(block + 8 * i);
    std::uint64_t capacity[kLanes];
    for (int j = 0; j < P.capacity_lanes(); ++j) capacity[j] = state[j];
    permute(state);
    for (int j = 0; j < P.capacity_lanes(); ++j) state[j] ^= capacity[j];
  }
};

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures,
                               block_loop::absorb_blocks<Portable, BlockShapes>,
                               block_loop::permute<Portable>};

}  // namespace ngcc::thunder
