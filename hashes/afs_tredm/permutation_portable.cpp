// AFS-p-S6[1600] rounds and block absorption, portable reference (§4, §5.1 of
// docs/specs/hash-01-afs-tredm.md): the steps of permutation.hpp in the order
// of the specification; no intrinsics, no table look-ups indexed by data.
#include "afs_tredm/afs_tredm.hpp"

namespace ngcc::afs_tredm {

void linear_layer(State &a, int t) {
  const int d = kDirection[t % 6];
  if (d >= 0) move_lanes(a, [d](int x, int y) { return tau_destination(d, x, y); });
  mix_columns(a.data());
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x)
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) a[lane(x, y)] = rotr64(a[lane(x, y)], kRho[x][y]);
  move_lanes(a, pi_destination);
  for (std::uint64_t &v : a) v ^= rotr64(v, 17) ^ rotr64(v, 32);  // mu
  if (d >= 0) move_lanes(a, [d](int x, int y) { return tau_inverse_destination(d, x, y); });
}

namespace {

// The state as it is (common/block_loop.hpp).
struct Portable : block_loop::AsIs<State> {
  // Rounds first .. last-1.
  static void permute(State &a, int first, int last) {
    for (int t = first; t < last; ++t) {
      for (int i = 0; i < kLanes; ++i) a[i] = sbox(a[i], kRoundConstants.rc[t][i]);
      linear_layer(a, t);
    }
  }

  // §5.1.
  template <const Params &P>
  static void absorb_block(State &a, const std::uint8_t *block) {
    constexpr int r = P.rate_lanes;
    for (int i = 0; i < r; ++i) a[i] ^= load_be64(block + 8 * i);
    const State before_g = a;  // only the capacity, lanes r..24, is used
    permute(a, 0, P.half_rounds);
    for (int i = r; i < kLanes; ++i) a[i] ^= before_g[i];
    permute(a, P.half_rounds, 2 * P.half_rounds);
  }
};

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures,
                               block_loop::absorb_blocks<Portable, BlockShapes>,
                               block_loop::permute<Portable>};

}  // namespace ngcc::afs_tredm
