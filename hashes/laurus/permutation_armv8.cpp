// Laurus permutation for ARMv8.0-A (compiled with -O3 -march=armv8-a) on the
// 64-bit integer registers, and the absorption of §4.3 on it; same function
// as the portable P (§3.5).
//
// Scalar, not AdvSIMD: the 25 θ rotation amounts of §3.3 are all different,
// so a two-lane register needs two shifts and an OR per rotation, while an
// AArch64 logical instruction rotates its second operand for nothing
// (EOR Xd, Xn, Xm, ROR #k). χ is then 50 logical instructions a round, θ 18
// a row and ι one; π is register renaming. The 16 rounds are unrolled (π has
// order 24, so no shorter unrolling returns the words to their registers),
// which keeps the state in registers.
#include "common/bits.hpp"
#include "common/lanes.hpp"
#include "laurus/laurus.hpp"

namespace ngcc::laurus {
namespace {

using Words = std::uint64_t[kStateWords];

// §3.2, 5-AND form, on column j.
NGCC_ALWAYS_INLINE void chi_column(Words &w, int j) {
  const std::uint64_t a0 = w[lane(j, 0)], a1 = w[lane(j, 1)], a2 = w[lane(j, 2)],
                      a3 = w[lane(j, 3)], a4 = w[lane(j, 4)];
  const std::uint64_t b4 = a0 ^ (a3 & a4);
  const std::uint64_t b3 = a4 ^ (a2 & a3);
  w[lane(j, 2)] = a3 ^ (a1 & a2);
  w[lane(j, 1)] = a2 ^ (a1 & b4);
  w[lane(j, 0)] = a1 ^ (b3 & b4);
  w[lane(j, 3)] = b3;
  w[lane(j, 4)] = b4;
}

// §3.3 on row i, with every rotation the free operand rotation of an EOR:
// F = rotl(G, t0), G = XOR of rotl(Xj, tj - t0), is never formed, as
// Xj ^ rotr(E, tj) ^ F = Xj ^ rotr(E ^ rotl(G, t0 + tj), tj). G is nested
// (Horner) so that no EOR has two rotated operands.
template <int i>
NGCC_ALWAYS_INLINE void theta_row(Words &w) {
  constexpr const unsigned *t = kThetaRotations[i];
  // rotl by t[a] - t[b], mod 64 (unsigned wrap-around keeps it exact).
  constexpr auto by = [](int a, int b) { return (t[a] - t[b]) % 64; };
  const std::uint64_t x0 = w[lane(0, i)], x1 = w[lane(1, i)], x2 = w[lane(2, i)],
                      x3 = w[lane(3, i)], x4 = w[lane(4, i)];
  const std::uint64_t e = x0 ^ x1 ^ x2 ^ x3 ^ x4;
  const std::uint64_t g =
      x0 ^ rotl64(x1 ^ rotl64(x2 ^ rotl64(x3 ^ rotl64(x4, by(4, 3)), by(3, 2)), by(2, 1)), by(1, 0));
#pragma GCC unroll 5
  for (int j = 0; j < 5; ++j) w[lane(j, i)] ^= rotr64(e ^ rotl64(g, (t[0] + t[j]) % 64), t[j]);
}

NGCC_ALWAYS_INLINE void round(Words &w, std::uint64_t rc) {
  w[0] ^= rc;
#pragma GCC unroll 5
  for (int j = 0; j < 5; ++j) chi_column(w, j);
  theta_row<0>(w);
  theta_row<1>(w);
  theta_row<2>(w);
  theta_row<3>(w);
  theta_row<4>(w);
  Words source;
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) source[p] = w[p];
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) w[p] = source[kPiSource[p]];
}

void permute(State &state) {
  Words w;
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) w[p] = state[p];
#pragma GCC unroll 16
  for (unsigned k = 0; k < kRounds; ++k) round(w, kRoundConstants[k]);
#pragma GCC unroll 25
  for (unsigned p = 0; p < kStateWords; ++p) state[p] = w[p];
}

}  // namespace

const Implementation kArmv8{"armv8 (scalar)", kCompiledFeatures,
                            block_loop::absorb_blocks<OnState<permute>, BlockShapes>, permute};

}  // namespace ngcc::laurus
