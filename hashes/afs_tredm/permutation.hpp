// The AFS-p-S6[1600, 2n] permutation (§3, §4 of docs/specs/hash-01-afs-tredm.md)
// and the block absorption built on it: the state, the constants, the S-box
// and the linear layer as specified, the fused form of the linear layer, and
// the table of implementations, each with the same operations.
//
// Lanes are 64-bit words A[0..24], lane (x, y) = A[x + 5y]. Every rotation in
// the algorithm is to the right.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <type_traits>

#include "common/bits.hpp"
#include "common/cpu_features.hpp"
#include "common/lanes.hpp"

namespace ngcc::afs_tredm {

constexpr int kLanes = 25;
using State = std::array<std::uint64_t, kLanes>;

// ---------------------------------------------------------------- §3.1, §3.3
constexpr std::uint64_t kGamma = 0x9E3779B97F4A7C15ULL;

constexpr std::uint64_t mix64(std::uint64_t z) {  // SplitMix64 finaliser
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// RC32(t, i) for the global round index t and lane i (§3.3).
constexpr std::uint32_t round_constant(int t, int i) {
  const std::uint64_t z = mix64(0xB4C5F1D62E1738A9ULL + std::uint64_t(25 * t + i + 1) * kGamma);
  return static_cast<std::uint32_t>(z ^ (z >> 32));
}

constexpr int kMaxRounds = 24;  // AFS-TrEDM-1024

// The one table of round constants, generated at compile time by the rule of
// §3.3 (the unit tests check it against the values printed there).
struct RoundConstants {
  std::uint32_t rc[kMaxRounds][kLanes];
};
constexpr RoundConstants make_round_constants() {
  RoundConstants t{};
  for (int r = 0; r < kMaxRounds; ++r)
    for (int i = 0; i < kLanes; ++i) t.rc[r][i] = round_constant(r, i);
  return t;
}
inline constexpr RoundConstants kRoundConstants = make_round_constants();

// ---------------------------------------------------------------- §4.2
// S-box AFS64_t5_k2: x = high half, y = low half; the eight half-steps use
// rotations (17, 24, 1, 1, 16, 31, 24, 0), "add, then XOR c" where the
// structure word 11000011 has a 1. On one lane or on a vector of lanes:
// Words supplies add, xor_of and rotr<N> on 32-bit words of type W.
template <class Words, class W>
NGCC_ALWAYS_INLINE constexpr void sbox_halves(W &x, W &y, W c) {
  x = Words::xor_of(Words::add(x, Words::template rotr<17>(y)), c);
  y = Words::xor_of(Words::add(y, Words::template rotr<24>(x)), c);
  x = Words::xor_of(x, Words::template rotr<1>(y));
  y = Words::xor_of(y, Words::template rotr<1>(x));
  x = Words::xor_of(x, Words::template rotr<16>(y));
  y = Words::xor_of(y, Words::template rotr<31>(x));
  x = Words::xor_of(Words::add(x, Words::template rotr<24>(y)), c);
  y = Words::xor_of(Words::add(y, x), c);
}
struct ScalarWords {
  static constexpr std::uint32_t add(std::uint32_t a, std::uint32_t b) { return a + b; }
  static constexpr std::uint32_t xor_of(std::uint32_t a, std::uint32_t b) { return a ^ b; }
  template <int N>
  static constexpr std::uint32_t rotr(std::uint32_t a) {
    return rotr32(a, N);
  }
};
constexpr std::uint64_t sbox(std::uint64_t w, std::uint32_t c) {
  std::uint32_t x = static_cast<std::uint32_t>(w >> 32);
  std::uint32_t y = static_cast<std::uint32_t>(w);
  sbox_halves<ScalarWords>(x, y, c);
  return std::uint64_t(x) << 32 | y;
}

// ---------------------------------------------------------------- §3.4, §4.3
// GF(2^5) = F2[a]/(a^5 + a^2 + 1); C[output column][input column].
inline constexpr std::uint8_t kCauchy[5][5] = {
    {0x11, 0x13, 0x02, 0x01, 0x05},
    {0x10, 0x06, 0x01, 0x02, 0x09},
    {0x13, 0x11, 0x05, 0x09, 0x02},
    {0x06, 0x10, 0x09, 0x05, 0x01},
    {0x01, 0x09, 0x10, 0x11, 0x06},
};
// Right rotation of lane x + 5y, indexed [x][y].
inline constexpr std::uint8_t kRho[5][5] = {
    {0, 1, 3, 7, 19},
    {5, 9, 23, 11, 24},
    {14, 6, 25, 8, 21},
    {10, 15, 29, 37, 34},
    {28, 33, 39, 43, 27},
};
// Direction d of the conjugating permutation tau_d for phase t mod 6;
// -1 stands for "none".
inline constexpr int kDirection[6] = {-1, 0, 1, 2, 3, 4};

// Destinations of the lane permutations ("the lane at (x, y) moves to ...").
constexpr int tau_destination(int d, int x, int y) { return lane(y - d * x, x); }
constexpr int tau_inverse_destination(int d, int x, int y) { return lane(y, x + d * y); }
constexpr int pi_destination(int x, int y) { return lane(x + y, 3 * x); }

// Bitsliced multiplication of a column symbol by a (s0..s4 = a^0..a^4
// coefficient lanes): (s0, s1, s2, s3, s4) -> (s4, s0, s1 ^ s4, s2, s3).
// Generic in the slice type so the fused form below can reuse it on masks.
template <typename Slice>
constexpr void multiply_by_alpha(Slice s[5]) {
  const Slice s4 = s[4];
  s[4] = s[3];
  s[3] = s[2];
  s[2] = s[1] ^ s4;
  s[1] = s[0];
  s[0] = s4;
}

// M_col: V_i = sum_j C[i][j] * U_j, column x held in lanes x + 5k (k = slice).
// The loops are unrolled so that, with C known, the tests on its bits fold
// away and a straight-line XOR sequence remains; always inlined, because
// GCC -O2 otherwise calls it out of line from the portable linear layer
// (about 5% slower on Zen 5).
template <typename Slice>
NGCC_ALWAYS_INLINE constexpr void mix_columns(Slice a[kLanes]) {
  Slice out[kLanes]{};
#pragma GCC unroll 5
  for (int j = 0; j < 5; ++j) {
    Slice power[5]{};  // a^m * U_j, m = 0, 1, ...
#pragma GCC unroll 5
    for (int k = 0; k < 5; ++k) power[k] = a[lane(j, k)];
#pragma GCC unroll 5
    for (int m = 0; m < 5; ++m) {
#pragma GCC unroll 5
      for (int i = 0; i < 5; ++i)
        if ((kCauchy[i][j] >> m) & 1)
#pragma GCC unroll 5
          for (int k = 0; k < 5; ++k) out[lane(i, k)] ^= power[k];
      multiply_by_alpha(power);
    }
  }
  for (int i = 0; i < kLanes; ++i) a[i] = out[i];
}

// Moves every lane: out[destination(x, y)] = a[x + 5y] (a permutation, so
// every lane of `out` is written; left uninitialised, as zeroing it first
// costs a rep stos per move).
template <typename Destination>
inline void move_lanes(State &a, Destination destination) {
  State out;
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) out[destination(x, y)] = a[lane(x, y)];
  a = out;
}

// L_t, AFS-LMDS-1600-S6, step by step (§4.3); permutation_portable.cpp.
void linear_layer(State &a, int t);

// ---------------------------------------------------------------- §4.4
// Fused linear layer: L_t(A)[q] = mu(rotr64(XOR_{j in mask} A[j], rot)).
// Derived here from the step-by-step definition (no transcribed table); the
// unit tests compare it with Appendix A.
struct FusedLane {
  std::uint32_t mask;  // bit j: input lane j
  int rot;
};
using FusedPhase = std::array<FusedLane, kLanes>;

constexpr FusedPhase make_fused_phase(int phase) {
  const int d = kDirection[phase];
  std::uint32_t m[kLanes]{};
  for (int i = 0; i < kLanes; ++i) m[i] = 1u << i;
  std::uint32_t t[kLanes]{};
  if (d >= 0) {
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) t[tau_destination(d, x, y)] = m[lane(x, y)];
    for (int i = 0; i < kLanes; ++i) m[i] = t[i];
  }
  mix_columns(m);
  // rho attaches a rotation to each lane; pi and tau^-1 move (mask, rot)
  // pairs; mu is lane-wise and commutes with the moves.
  FusedLane moved[kLanes]{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) moved[pi_destination(x, y)] = FusedLane{m[lane(x, y)], kRho[x][y]};
  FusedPhase out{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y)
      out[d >= 0 ? tau_inverse_destination(d, x, y) : lane(x, y)] = moved[lane(x, y)];
  return out;
}
inline constexpr std::array<FusedPhase, 6> kFused = {
    make_fused_phase(0), make_fused_phase(1), make_fused_phase(2),
    make_fused_phase(3), make_fused_phase(4), make_fused_phase(5)};

// For implementations specialised per phase: round(phase, t) for t = first
// .. last-1, the phase t mod 6 as a std::integral_constant. A vector
// implementation passes a lambda marked __attribute__((always_inline)):
// called out of line, it would take its state from memory every round.
template <typename Round>
NGCC_ALWAYS_INLINE void for_each_round(int first, int last, Round round) {
  for (int t = first; t < last; ++t) {
    switch (t % 6) {
      case 0: round(std::integral_constant<int, 0>{}, t); break;
      case 1: round(std::integral_constant<int, 1>{}, t); break;
      case 2: round(std::integral_constant<int, 2>{}, t); break;
      case 3: round(std::integral_constant<int, 3>{}, t); break;
      case 4: round(std::integral_constant<int, 4>{}, t); break;
      default: round(std::integral_constant<int, 5>{}, t); break;
    }
  }
}

// ---------------------------------------------------------------- the table
struct Params;  // afs_tredm.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // For each of nblocks consecutive rate blocks (R big-endian lanes, §2):
  // XOR it into the rate, g, XOR the capacity as it was before g back into
  // the capacity, h (§5.1).
  void (*absorb_blocks)(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p);
  // Rounds first .. last-1 of the permutation (global round indices, §4.1),
  // in place.
  void (*permute)(State &state, int first, int last);
};

// The implementations, one per permutation_<implementation>.cpp that this
// build compiles (the object each defines is its row's in
// hashes/variants.json), and their table kImplementations: declared in
// afs_tredm/implementations.hpp, which cmake/NgccFamily.cmake writes.

}  // namespace ngcc::afs_tredm

#include "afs_tredm/implementations.hpp"
