// AVX2 AFS-p-S6[1600] rounds: same interface and output as permutation.cpp.
//
// A round is split where each unit is strongest (spec §9.3 lists the
// submitters' hybrid; here more of the round is vectorised):
//  - vector pass over 4 groups of 8 lanes (the state padded to 32 lanes):
//    the tail of the previous linear layer (the per-lane rotation and mu of
//    the fused form, spec §4.4), then the S-box on 32-bit halves;
//  - scalar pass: the XOR network of the fused linear layer, straight-line
//    code generated at compile time from the derived masks, one per phase.
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

// Vector pass: optionally finish L_{t-1} (phase `prev`), then the S-box of
// round t. Reads `in`, writes `out` (32 lanes each).
template <bool Finish>
inline void vector_pass(const std::uint64_t *in, std::uint64_t *out, int prev, int t) {
  for (int g = 0; g < 4; ++g) {
    __m256i lo = _mm256_load_si256(reinterpret_cast<const __m256i *>(in + 8 * g));
    __m256i hi = _mm256_load_si256(reinterpret_cast<const __m256i *>(in + 8 * g + 4));
    if constexpr (Finish) {
      lo = rotate_mu(lo, kTables.rot_right[prev] + 8 * g, kTables.rot_left[prev] + 8 * g);
      hi = rotate_mu(hi, kTables.rot_right[prev] + 8 * g + 4, kTables.rot_left[prev] + 8 * g + 4);
    }
    __m256i y = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0x88));
    __m256i x = _mm256_castps_si256(
        _mm256_shuffle_ps(_mm256_castsi256_ps(lo), _mm256_castsi256_ps(hi), 0xDD));
    sbox8(x, y, _mm256_load_si256(reinterpret_cast<const __m256i *>(kTables.rc[t] + 8 * g)));
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + 8 * g), _mm256_unpacklo_epi32(y, x));
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + 8 * g + 4), _mm256_unpackhi_epi32(y, x));
  }
}

inline void finish_pass(const std::uint64_t *in, std::uint64_t *out, int prev) {
  for (int q = 0; q < kPadded; q += 4) {
    const __m256i v = _mm256_load_si256(reinterpret_cast<const __m256i *>(in + q));
    _mm256_store_si256(reinterpret_cast<__m256i *>(out + q),
                       rotate_mu(v, kTables.rot_right[prev] + q, kTables.rot_left[prev] + q));
  }
}

// Scalar pass: out[q] = XOR of in[j] over the mask of (phase P, lane q).
template <int P, int Q, std::size_t... J>
inline std::uint64_t fused_xor(const std::uint64_t *in, std::index_sequence<J...>) {
  constexpr std::uint32_t mask = kFused[P][Q].mask;
  return (((mask >> J) & 1 ? in[J] : std::uint64_t{0}) ^ ...);
}
template <int P, std::size_t... Q>
inline void xor_network(const std::uint64_t *in, std::uint64_t *out, std::index_sequence<Q...>) {
  ((out[Q] = fused_xor<P, Q>(in, std::make_index_sequence<kLanes>{})), ...);
}
template <int P>
void xor_network(const std::uint64_t *in, std::uint64_t *out) {
  xor_network<P>(in, out, std::make_index_sequence<kLanes>{});
}
using XorNetwork = void (*)(const std::uint64_t *, std::uint64_t *);
constexpr XorNetwork kXorNetwork[6] = {xor_network<0>, xor_network<1>, xor_network<2>,
                                       xor_network<3>, xor_network<4>, xor_network<5>};

}  // namespace

void rounds(State &state, int first, int last) {
  if (first >= last) return;
  alignas(32) std::uint64_t a[kPadded] = {};  // after the S-box
  alignas(32) std::uint64_t b[kPadded] = {};  // after the XOR network
  for (int i = 0; i < kLanes; ++i) b[i] = state[i];
  vector_pass<false>(b, a, 0, first);
  kXorNetwork[first % 6](a, b);
  for (int t = first + 1; t < last; ++t) {
    vector_pass<true>(b, a, (t - 1) % 6, t);
    kXorNetwork[t % 6](a, b);
  }
  finish_pass(b, a, (last - 1) % 6);
  for (int i = 0; i < kLanes; ++i) state[i] = a[i];
}

}  // namespace ngcc::afs_tredm::avx2
