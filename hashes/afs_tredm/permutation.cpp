// Portable AFS-p-S6[1600] rounds (spec §4), written step by step after the
// specification; no intrinsics, no table look-ups indexed by data.
#include "afs_tredm/afs_tredm.hpp"

namespace ngcc::afs_tredm::portable {

// S-box AFS64_t5_k2 (spec §4.2): x = high half, y = low half; the eight
// half-steps use rotations (17, 24, 1, 1, 16, 31, 24, 0), "add, then XOR c"
// where the structure word 11000011 has a 1.
std::uint64_t sbox(std::uint64_t w, std::uint32_t c) {
  std::uint32_t x = static_cast<std::uint32_t>(w >> 32);
  std::uint32_t y = static_cast<std::uint32_t>(w);
  x = (x + rotr32(y, 17)) ^ c;
  y = (y + rotr32(x, 24)) ^ c;
  x ^= rotr32(y, 1);
  y ^= rotr32(x, 1);
  x ^= rotr32(y, 16);
  y ^= rotr32(x, 31);
  x = (x + rotr32(y, 24)) ^ c;
  y = (y + x) ^ c;
  return std::uint64_t(x) << 32 | y;
}

namespace {

// Moves every lane: out[destination(x, y)] = a[x + 5y] (a permutation, so
// every lane of `out` is written).
template <typename Destination>
void move_lanes(State &a, Destination destination) {
  State out;
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) out[destination(x, y)] = a[lane(x, y)];
  a = out;
}

}  // namespace

// L_t, AFS-LMDS-1600-S6 (spec §4.3).
void linear_layer(State &a, int t) {
  const int d = kDirection[t % 6];
  if (d >= 0) move_lanes(a, [d](int x, int y) { return tau_destination(d, x, y); });
  mix_columns(a.data());
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) a[lane(x, y)] = rotr64(a[lane(x, y)], kRho[x][y]);
  move_lanes(a, [](int x, int y) { return pi_destination(x, y); });
  for (std::uint64_t &v : a) v ^= rotr64(v, 17) ^ rotr64(v, 32);  // mu
  if (d >= 0) move_lanes(a, [d](int x, int y) { return tau_inverse_destination(d, x, y); });
}

void rounds(State &a, int first, int last) {
  for (int t = first; t < last; ++t) {
    for (int i = 0; i < kLanes; ++i) a[i] = sbox(a[i], kRoundConstants.rc[t][i]);
    linear_layer(a, t);
  }
}

}  // namespace ngcc::afs_tredm::portable
