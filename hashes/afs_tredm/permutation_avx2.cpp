// AVX2 AFS-p-S6[1600] rounds: same interface and output as permutation.cpp.
//
// A round is split where each unit is strongest (spec §9.3 lists the
// submitters' hybrid; here more of the round is vectorised). The state
// stays in 8 ymm registers (32 lanes, 25..31 unused) between rounds:
//  - S-box on 4 groups of 8 lanes, de-interleaved into 32-bit halves;
//  - the XOR network of the fused linear layer (spec §4.4) in scalar
//    registers: straight-line code generated at compile time from the
//    derived masks, one variant per phase;
//  - its per-lane rotation and mu back in ymm registers.
// Only the S-box output goes through memory (a vector store read by scalar
// loads, which store-to-load forwarding serves).
#include <immintrin.h>

#include <utility>

#include "afs_tredm/afs_tredm.hpp"

namespace ngcc::afs_tredm::avx2 {
namespace {

constexpr int kPadded = 32;  // 4 groups of 8 lanes; lanes 25..31 are zero/ignored

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

template <int K>
inline __m256i rotr32(__m256i v) {
  if constexpr (K == 16) {
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9, 14, 15,
                                                   12, 13, 2, 3, 0, 1, 6, 7, 4, 5, 10, 11, 8, 9,
                                                   14, 15, 12, 13));
  } else if constexpr (K == 24) {
    return _mm256_shuffle_epi8(v, _mm256_setr_epi8(3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10, 15, 12,
                                                   13, 14, 3, 0, 1, 2, 7, 4, 5, 6, 11, 8, 9, 10,
                                                   15, 12, 13, 14));
  } else {
    return _mm256_or_si256(_mm256_srli_epi32(v, K), _mm256_slli_epi32(v, 32 - K));
  }
}

// S-box F (spec §4.2) on 8 lanes: x = high halves, y = low halves.
inline void sbox8(__m256i &x, __m256i &y, __m256i c) {
  x = _mm256_xor_si256(_mm256_add_epi32(x, rotr32<17>(y)), c);
  y = _mm256_xor_si256(_mm256_add_epi32(y, rotr32<24>(x)), c);
  x = _mm256_xor_si256(x, rotr32<1>(y));
  y = _mm256_xor_si256(y, rotr32<1>(x));
  x = _mm256_xor_si256(x, rotr32<16>(y));
  y = _mm256_xor_si256(y, rotr32<31>(x));
  x = _mm256_xor_si256(_mm256_add_epi32(x, rotr32<24>(y)), c);
  y = _mm256_xor_si256(_mm256_add_epi32(y, x), c);
}

// mu(rotr64(v, k)) on 4 lanes with per-lane k (the end of the fused L_t).
inline __m256i rotate_mu(__m256i v, const std::uint64_t *right, const std::uint64_t *left) {
  const __m256i w =
      _mm256_or_si256(_mm256_srlv_epi64(v, _mm256_load_si256(reinterpret_cast<const __m256i *>(right))),
                      _mm256_sllv_epi64(v, _mm256_load_si256(reinterpret_cast<const __m256i *>(left))));
  const __m256i w17 = _mm256_or_si256(_mm256_srli_epi64(w, 17), _mm256_slli_epi64(w, 47));
  return _mm256_xor_si256(_mm256_xor_si256(w, w17), _mm256_shuffle_epi32(w, 0xB1));
}

// The state between rounds: 32 lanes (8 vectors of 4), lanes 25..31 unused.
struct Lanes {
  __m256i v[8];
};

// Vector pass of round t: the S-box on every lane, written to `out` for
// the scalar pass.
inline void sbox_pass(const Lanes &s, std::uint64_t *out, int t) {
  for (int g = 0; g < 4; ++g) {
    const __m256i lo = s.v[2 * g], hi = s.v[2 * g + 1];
    __m256i y = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0x88));
    __m256i x = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0xDD));
    sbox8(x, y, _mm256_load_si256(reinterpret_cast<const __m256i *>(kTables.rc[t] + 8 * g)));
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + 8 * g), _mm256_unpacklo_epi32(y, x));
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + 8 * g + 4), _mm256_unpackhi_epi32(y, x));
  }
}

// Scalar pass of phase P: lane q = XOR of in[j] over the mask of (P, q),
// assembled into vectors in registers, then rotated and mu-mixed. (A
// balanced XOR tree was measured slower than this chain of memory-operand
// XORs: more registers live.)
template <std::uint32_t Mask, std::size_t... J>
inline std::uint64_t xor_of(const std::uint64_t *in, std::index_sequence<J...>) {
  return (((Mask >> J) & 1 ? in[J] : std::uint64_t{0}) ^ ...);
}
template <int P, int Q>
inline std::uint64_t fused_xor(const std::uint64_t *in) {
  constexpr std::uint32_t mask = Q < kLanes ? kFused[P][Q].mask : 0;
  return xor_of<mask>(in, std::make_index_sequence<kLanes>{});
}
template <int P, std::size_t... G>
inline void linear_pass(const std::uint64_t *in, Lanes &s, std::index_sequence<G...>) {
  ((s.v[G] = rotate_mu(_mm256_set_epi64x(static_cast<long long>(fused_xor<P, 4 * G + 3>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G + 2>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G + 1>(in)),
                                         static_cast<long long>(fused_xor<P, 4 * G>(in))),
                       kTables.rot_right[P] + 4 * G, kTables.rot_left[P] + 4 * G)),
   ...);
}

template <int P>
inline void round(Lanes &s, int t) {
  alignas(32) std::uint64_t after_sbox[kPadded];
  sbox_pass(s, after_sbox, t);
  linear_pass<P>(after_sbox, s, std::make_index_sequence<7>{});  // lanes 0..27
}

}  // namespace

void rounds(State &state, int first, int last) {
  alignas(32) std::uint64_t lanes[kPadded] = {};
  for (int i = 0; i < kLanes; ++i) lanes[i] = state[i];
  Lanes s;
  for (int g = 0; g < 8; ++g)
    s.v[g] = _mm256_load_si256(reinterpret_cast<const __m256i *>(lanes + 4 * g));
  for (int t = first; t < last; ++t) {
    switch (t % 6) {
      case 0: round<0>(s, t); break;
      case 1: round<1>(s, t); break;
      case 2: round<2>(s, t); break;
      case 3: round<3>(s, t); break;
      case 4: round<4>(s, t); break;
      default: round<5>(s, t); break;
    }
  }
  for (int g = 0; g < 7; ++g)
    _mm256_store_si256(reinterpret_cast<__m256i *>(lanes + 4 * g), s.v[g]);
  for (int i = 0; i < kLanes; ++i) state[i] = lanes[i];
}

}  // namespace ngcc::afs_tredm::avx2
