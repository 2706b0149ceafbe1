// AFS-p-S6[1600] rounds and block absorption for x86-64-v3 (AVX2); same
// results as permutation_portable.cpp.
//
// A round is split where each unit is strongest (§9.3 lists the submitters'
// hybrid; here more of the round is vectorised). The state stays in 8 ymm
// registers (32 lanes, 25..31 unused) between rounds and between blocks:
//  - S-box on 4 groups of 8 lanes, de-interleaved into 32-bit halves;
//  - the XOR network of the fused linear layer (§4.4) in scalar registers:
//    straight-line code generated at compile time from the derived masks,
//    one variant per phase;
//  - its per-lane rotation and mu back in ymm registers.
// Only the S-box output goes through memory (a vector store read by scalar
// loads, which store-to-load forwarding serves).
#include <utility>

#include "afs_tredm/afs_tredm.hpp"
#include "common/simd_avx2.hpp"

namespace ngcc::afs_tredm {
namespace {

using avx2::V;

constexpr int kPadded = 32;  // 4 groups of 8 lanes; lanes 25..31 are zero/ignored
constexpr int kVectors = kPadded / 4;
constexpr int kStateVectors = 7;  // lanes 0..27 hold the state

// Order of the lanes of a group inside the de-interleaved halves: shuffle_ps
// of lanes {0,1,2,3} and {4,5,6,7} yields {0,1,4,5 | 2,3,6,7} per half.
constexpr int kSplitOrder[8] = {0, 1, 4, 5, 2, 3, 6, 7};

struct Tables {
  alignas(32) std::uint32_t rc[kMaxRounds][kPadded];  // in split order
  alignas(32) std::uint64_t rot_right[6][kPadded];    // k(p, q)
  alignas(32) std::uint64_t rot_left[6][kPadded];     // 64 - k(p, q)
};
constexpr Tables make_tables() {
  Tables t{};
  for (int r = 0; r < kMaxRounds; ++r)
    for (int g = 0; g < 4; ++g)
      for (int s = 0; s < 8; ++s) {
        const int l = 8 * g + kSplitOrder[s];
        t.rc[r][8 * g + s] = l < kLanes ? kRoundConstants.rc[r][l] : 0;
      }
  for (int p = 0; p < 6; ++p)
    for (int q = 0; q < kPadded; ++q) {
      const int k = q < kLanes ? kFused[p][q].rot : 0;
      t.rot_right[p][q] = static_cast<std::uint64_t>(k);
      t.rot_left[p][q] = static_cast<std::uint64_t>(64 - k);  // 64 shifts to 0
    }
  return t;
}
alignas(64) constexpr Tables kTables = make_tables();

// The word operations of the S-box (§4.2) on 8 lanes.
struct Words {
  NGCC_ALWAYS_INLINE static V add(V a, V b) { return _mm256_add_epi32(a, b); }
  NGCC_ALWAYS_INLINE static V xor_of(V a, V b) { return _mm256_xor_si256(a, b); }
  template <int N>
  NGCC_ALWAYS_INLINE static V rotr(V v) {
    return avx2::rotr32<N>(v);
  }
};

// mu(rotr64(v, k)) on 4 lanes with per-lane k (the end of the fused L_t).
NGCC_ALWAYS_INLINE V rotate_mu(V v, const std::uint64_t *right, const std::uint64_t *left) {
  const V w = _mm256_or_si256(_mm256_srlv_epi64(v, avx2::load(right)),
                              _mm256_sllv_epi64(v, avx2::load(left)));
  return avx2::xor3(w, avx2::rotr64<17>(w), avx2::rotr64<32>(w));
}

// The state: 32 lanes (8 vectors of 4), lanes 25..31 unused.
struct Lanes {
  V v[kVectors];
};

// Vector pass of round t: the S-box on every lane, written to `out` for
// the scalar pass.
NGCC_ALWAYS_INLINE void sbox_pass(const Lanes &s, std::uint64_t *out, int t) {
  for (int g = 0; g < 4; ++g) {
    const V lo = s.v[2 * g], hi = s.v[2 * g + 1];
    V y = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0x88));
    V x = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0xDD));
    sbox_halves<Words>(x, y, avx2::load(kTables.rc[t] + 8 * g));
    avx2::store(out + 8 * g, _mm256_unpacklo_epi32(y, x));
    avx2::store(out + 8 * g + 4, _mm256_unpackhi_epi32(y, x));
  }
}

// Scalar pass of phase P: lane q = XOR of in[j] over the mask of (P, q),
// assembled into vectors in registers, then rotated and mu-mixed. (A
// balanced XOR tree was measured slower than this chain of memory-operand
// XORs: more registers live.)
template <std::uint32_t Mask, std::size_t... J>
NGCC_ALWAYS_INLINE std::uint64_t xor_of(const std::uint64_t *in, std::index_sequence<J...>) {
  return (((Mask >> J) & 1 ? in[J] : std::uint64_t{0}) ^ ...);
}
template <int P, int Q>
NGCC_ALWAYS_INLINE std::uint64_t fused_xor(const std::uint64_t *in) {
  constexpr std::uint32_t mask = Q < kLanes ? kFused[P][Q].mask : 0;
  return xor_of<mask>(in, std::make_index_sequence<kLanes>{});
}
template <int P, std::size_t... G>
NGCC_ALWAYS_INLINE void linear_pass(const std::uint64_t *in, Lanes &s, std::index_sequence<G...>) {
  ((s.v[G] = rotate_mu(_mm256_set_epi64x(static_cast<long long>(fused_xor<P, 4 * G + 3>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G + 2>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G + 1>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G>(in))),
                       kTables.rot_right[P] + 4 * G, kTables.rot_left[P] + 4 * G)),
   ...);
}

template <int P>
NGCC_ALWAYS_INLINE void round(Lanes &s, int t) {
  alignas(32) std::uint64_t after_sbox[kPadded];
  sbox_pass(s, after_sbox, t);
  linear_pass<P>(after_sbox, s, std::make_index_sequence<kStateVectors>{});
}

// Four big-endian block lanes (§2).
NGCC_ALWAYS_INLINE V load_be_lanes(const std::uint8_t *p) {
  const V reverse_bytes = _mm256_setr_epi8(7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8,
                                           7, 6, 5, 4, 3, 2, 1, 0, 15, 14, 13, 12, 11, 10, 9, 8);
  return _mm256_shuffle_epi8(avx2::load(p), reverse_bytes);
}

// The state in this implementation's form (common/block_loop.hpp).
struct Avx2 {
  using Registers = Lanes;

  // Rounds first .. last-1. Out of line: one copy of the six round variants
  // serves g and h of every block (inlined twice, the hot code outgrows the
  // instruction cache).
  __attribute__((noinline)) static void permute(Lanes &state, int first, int last) {
    Lanes s = state;
    for_each_round(first, last, [&s](auto phase, int t) __attribute__((always_inline)) {
      round<decltype(phase)::value>(s, t);
    });
    state = s;
  }

  static Lanes load(const State &state) {
    alignas(32) std::uint64_t lanes[kPadded] = {};
    for (int i = 0; i < kLanes; ++i) lanes[i] = state[i];
    Lanes s;
    for (int g = 0; g < kVectors; ++g) s.v[g] = avx2::load(lanes + 4 * g);
    return s;
  }

  static void store(State &state, const Lanes &s) {
    alignas(32) std::uint64_t lanes[kPadded];
    for (int g = 0; g < kVectors; ++g) avx2::store(lanes + 4 * g, s.v[g]);
    for (int i = 0; i < kLanes; ++i) state[i] = lanes[i];
  }

  // §5.1; the rate, a multiple of 4 lanes, ends at a vector boundary.
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Lanes &s, const std::uint8_t *block) {
    constexpr int rate_vectors = P.rate_lanes / 4;
    static_assert(P.rate_lanes % 4 == 0);
    for (int g = 0; g < rate_vectors; ++g)
      s.v[g] = _mm256_xor_si256(s.v[g], load_be_lanes(block + 32 * g));
    V before_g[kStateVectors - rate_vectors];
    for (int g = rate_vectors; g < kStateVectors; ++g) before_g[g - rate_vectors] = s.v[g];
    permute(s, 0, P.half_rounds);
    for (int g = rate_vectors; g < kStateVectors; ++g)
      s.v[g] = _mm256_xor_si256(s.v[g], before_g[g - rate_vectors]);
    permute(s, P.half_rounds, 2 * P.half_rounds);
  }
};

}  // namespace

const Implementation kAvx2{"avx2", kCompiledFeatures,
                           block_loop::absorb_blocks<Avx2, BlockShapes>, block_loop::permute<Avx2>};

}  // namespace ngcc::afs_tredm
