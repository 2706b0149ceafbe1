// AFS-TrEDM (NGCC hash-01, variant S6): parameters, constants and the mode.
// Specification: shared/research/hash-01-afs-tredm.md (cited as "spec §n").
//
// Reads top-down: constant generators (§3) -> instance table (§1, §3.2) ->
// linear-layer constants (§3.4) and their fused form (§4.4) -> the
// permutation interface (§4) -> the mode: absorb, framing, digest (§5).
//
// Lanes are 64-bit words A[0..24], lane index x + 5y. Bytes map to lanes
// big-endian (§2). Every rotation in the algorithm is to the right.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"

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

constexpr std::uint64_t fnv1a64(const char *s) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (; *s != '\0'; ++s) h = (h ^ static_cast<std::uint8_t>(*s)) * 0x00000100000001B3ULL;
  return h;
}

// RC32(t, i) for the global round index t and lane i (spec §3.3).
constexpr std::uint32_t round_constant(int t, int i) {
  const std::uint64_t z = mix64(0xB4C5F1D62E1738A9ULL +
                                std::uint64_t(25 * t + i + 1) * kGamma);
  return static_cast<std::uint32_t>(z ^ (z >> 32));
}

constexpr int kMaxRounds = 24;  // AFS-TrEDM-1024

// Precomputed once at compile time (the submitted reference re-derives each
// constant when used; the values are the same).
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

// ---------------------------------------------------------------- §1, §3.2
struct Instance {
  int digest_bits;       // d
  int rate_lanes;        // R = r / 64
  int half_rounds;       // n: g = rounds 0..n-1, h = rounds n..2n-1
  const char *domain;    // IV domain string (spec §3.2)

  constexpr int rate_bits() const { return 64 * rate_lanes; }
  constexpr int rate_bytes() const { return 8 * rate_lanes; }
  constexpr int capacity_bits() const { return 1600 - rate_bits(); }
  constexpr int digest_lanes() const { return digest_bits / 64; }
  // Lane R-1 of the last frame block: d || r || c || version 2 (16 bits each).
  constexpr std::uint64_t suffix_lane() const {
    return std::uint64_t(digest_bits) << 48 | std::uint64_t(rate_bits()) << 32 |
           std::uint64_t(capacity_bits()) << 16 | 2u;
  }
};

inline constexpr Instance kAfsTrEdm512{
    512, 16, 6,
    "AFS-TrEDM-v2|d=512|r=1024|c=576|b=1600|nr=12|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};
inline constexpr Instance kAfsTrEdm768{
    768, 12, 10,
    "AFS-TrEDM-v2|d=768|r=768|c=832|b=1600|nr=20|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};
inline constexpr Instance kAfsTrEdm1024{
    1024, 8, 12,
    "AFS-TrEDM-v2|d=1024|r=512|c=1088|b=1600|nr=24|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};

// The IV fills all 25 lanes (spec §3.2).
constexpr State initial_value(const Instance &inst) {
  State iv{};
  std::uint64_t x = fnv1a64(inst.domain);
  for (int i = 0; i < kLanes; ++i) {
    x += kGamma;
    iv[i] = mix64(x);
  }
  return iv;
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

constexpr int lane(int x, int y) { return x + 5 * y; }
constexpr int mod5(int v) { return ((v % 5) + 5) % 5; }

// Destinations of the lane permutations ("the lane at (x, y) moves to ...").
constexpr int tau_destination(int d, int x, int y) { return lane(mod5(y - d * x), x); }
constexpr int tau_inverse_destination(int d, int x, int y) { return lane(y, mod5(x + d * y)); }
constexpr int pi_destination(int x, int y) { return lane(mod5(x + y), mod5(3 * x)); }

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
// away and a straight-line XOR sequence remains.
template <typename Slice>
constexpr void mix_columns(Slice a[kLanes]) {
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

// ---------------------------------------------------------------- §4.4
// Fused linear layer: L_t(A)[q] = mu(rotr64(XOR_{j in mask} A[j], rot)).
// Derived here from the step-by-step definition (no transcribed table); the
// unit tests compare it with spec Appendix A.
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
    for (int y = 0; y < 5; ++y)
      moved[pi_destination(x, y)] = FusedLane{m[lane(x, y)], kRho[x][y]};
  FusedPhase out{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y)
      out[d >= 0 ? tau_inverse_destination(d, x, y) : lane(x, y)] = moved[lane(x, y)];
  return out;
}
inline constexpr std::array<FusedPhase, 6> kFused = {
    make_fused_phase(0), make_fused_phase(1), make_fused_phase(2),
    make_fused_phase(3), make_fused_phase(4), make_fused_phase(5)};

// ---------------------------------------------------------------- §4
// Applies rounds first .. last-1 (global round indices, §4.1) to the state.
// Two implementations with identical output: portable (permutation.cpp) and
// AVX2 (permutation_avx2.cpp).
using RoundsFunction = void (*)(State &state, int first, int last);
namespace portable {
void rounds(State &state, int first, int last);
std::uint64_t sbox(std::uint64_t w, std::uint32_t c);  // F (§4.2)
void linear_layer(State &state, int t);                // L_t (§4.3)
}  // namespace portable
namespace avx2 {
void rounds(State &state, int first, int last);
}

// ---------------------------------------------------------------- §5
// One rate block: XOR into the rate, g, feed the pre-g capacity forward, h.
template <const Instance &Inst, RoundsFunction Rounds>
void absorb(State &a, const std::uint8_t *block) {
  constexpr int r = Inst.rate_lanes;
  for (int i = 0; i < r; ++i) a[i] ^= load_be64(block + 8 * i);
  State saved = a;  // only lanes r..24 (the capacity) are used
  Rounds(a, 0, Inst.half_rounds);
  for (int i = r; i < kLanes; ++i) a[i] ^= saved[i];
  Rounds(a, Inst.half_rounds, 2 * Inst.half_rounds);
}

// The frame F = T || 1 || 0* || L (64 bits) || suffix lane (spec §5.2), one
// or two rate blocks, written to `frame`; returns the number of blocks.
// Built without looking at message bits (finding hash-01-1): the tail is
// copied with its unused low bits cleared and the padding bit is OR-ed in at
// a position that depends only on the length.
constexpr std::size_t kMaxFrameBytes = 2 * 128;
inline int build_frame(const Instance &inst, const std::uint8_t *tail, std::uint64_t tail_bits,
                       std::uint64_t msg_bits, std::uint8_t frame[kMaxFrameBytes]) {
  for (std::size_t i = 0; i < kMaxFrameBytes; ++i) frame[i] = 0;
  copy_message_bits(frame, tail, tail_bits);
  frame[tail_bits / 8] |= static_cast<std::uint8_t>(0x80u >> (tail_bits % 8));
  // |T| + 1 + 128 bits fit in one block iff |T| <= r - 129.
  const int blocks = tail_bits + 129 <= static_cast<std::uint64_t>(inst.rate_bits()) ? 1 : 2;
  std::uint8_t *end = frame + blocks * inst.rate_bytes();
  store_be64(end - 16, msg_bits);
  store_be64(end - 8, inst.suffix_lane());
  return blocks;
}

// Hash_d(M, L) of spec §5.2: every complete block, then the frame.
template <const Instance &Inst, RoundsFunction Rounds>
void hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out) {
  static constexpr State kIv = initial_value(Inst);
  constexpr std::uint64_t rate_bits = Inst.rate_bits();
  State a = kIv;
  const std::uint64_t full_blocks = msg_bits / rate_bits;
  for (std::uint64_t k = 0; k < full_blocks; ++k)
    absorb<Inst, Rounds>(a, msg + k * Inst.rate_bytes());

  std::uint8_t frame[kMaxFrameBytes];
  const int blocks = build_frame(Inst, msg + full_blocks * Inst.rate_bytes(),
                                 msg_bits - full_blocks * rate_bits, msg_bits, frame);
  for (int b = 0; b < blocks; ++b) absorb<Inst, Rounds>(a, frame + b * Inst.rate_bytes());

  // The digest is the first d/64 capacity lanes, big-endian (§5.2).
  for (int i = 0; i < Inst.digest_lanes(); ++i) store_be64(out + 8 * i, a[Inst.rate_lanes + i]);
}

}  // namespace ngcc::afs_tredm
