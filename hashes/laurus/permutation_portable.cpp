// Portable reference of the Laurus permutation (§3.5 of
// docs/specs/hash-14-laurus.md): ι, χ, θ, π per round, each step written as
// the digest states it, and the absorption of §4.3 on it.
#include "common/bits.hpp"
#include "common/lanes.hpp"
#include "laurus/laurus.hpp"

namespace ngcc::laurus {
namespace {

// §3.2, 5-AND form, on column j: a0..a4 are its rows 0..4.
void chi_column(State &w, int j) {
  const std::uint64_t a0 = w[lane(j, 0)], a1 = w[lane(j, 1)], a2 = w[lane(j, 2)],
                      a3 = w[lane(j, 3)], a4 = w[lane(j, 4)];
  const std::uint64_t b4 = a0 ^ (a3 & a4);
  const std::uint64_t b3 = a4 ^ (a2 & a3);
  const std::uint64_t b2 = a3 ^ (a1 & a2);
  const std::uint64_t b1 = a2 ^ (a1 & b4);
  const std::uint64_t b0 = a1 ^ (b3 & b4);
  w[lane(j, 0)] = b0;
  w[lane(j, 1)] = b1;
  w[lane(j, 2)] = b2;
  w[lane(j, 3)] = b3;
  w[lane(j, 4)] = b4;
}

// §3.3 on row i: Xj <- Xj ^ rotr(E, tj) ^ F, E = XOR of the row, F = XOR of rotl(Xk, tk).
void theta_row(State &w, int i) {
  const unsigned *t = kThetaRotations[i];
  std::uint64_t e = 0, f = 0;
#pragma GCC unroll 5
  for (int j = 0; j < 5; ++j) {
    e ^= w[lane(j, i)];
    f ^= rotl64(w[lane(j, i)], t[j]);
  }
#pragma GCC unroll 5
  for (int j = 0; j < 5; ++j) w[lane(j, i)] ^= rotr64(e, t[j]) ^ f;
}

void pi(State &w) {
  const State source = w;
  for (unsigned k = 0; k < kStateWords; ++k) w[k] = source[kPiSource[k]];
}

void permute(State &w) { permute_portable_rounds(w, kRounds); }

}  // namespace

void permute_portable_rounds(State &w, unsigned rounds) {
  for (unsigned k = 0; k < rounds; ++k) {
    w[0] ^= kRoundConstants[k];
#pragma GCC unroll 5
    for (int j = 0; j < 5; ++j) chi_column(w, j);
#pragma GCC unroll 5
    for (int i = 0; i < 5; ++i) theta_row(w, i);
    pi(w);
  }
}

const Implementation kPortable{"portable", kCompiledFeatures,
                               block_loop::absorb_blocks<OnState<permute>, BlockShapes>, permute};

}  // namespace ngcc::laurus
