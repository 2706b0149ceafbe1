// AFS-p-S6[1600] rounds and block absorption for ARMv8.0-A, AdvSIMD and
// scalar code side by side; same results as permutation_portable.cpp.
//
// A round is split where each unit is strongest (all-scalar rounds are
// slower in llvm-mca's models of oryon-1 and neoverse-v2):
//  - the S-box, a chain of 32-bit operations, on 4 lanes per vector;
//  - the linear layer (§4.4) in the integer units: XORs of arbitrary lanes,
//    with terms shared between output lanes, then mu, whose rotations the
//    EOR instruction takes as an operand shift.
// The state crosses between them through memory: LD2 / ST2 split the lanes
// into their halves and join them again on the way.

#include <arm_neon.h>

#include <utility>

#include "afs_tredm/afs_tredm.hpp"

namespace ngcc::afs_tredm {
namespace {

using V = uint32x4_t;

constexpr int kPadded = 28;  // 7 groups of 4 lanes; lanes 25..27 are zero/ignored
constexpr int kGroups = kPadded / 4;

struct Tables {
  alignas(16) std::uint32_t rc[kMaxRounds][kPadded];
};
constexpr Tables make_tables() {
  Tables t{};
  for (int r = 0; r < kMaxRounds; ++r)
    for (int i = 0; i < kLanes; ++i) t.rc[r][i] = kRoundConstants.rc[r][i];
  return t;
}
alignas(16) constexpr Tables kTables = make_tables();

// rotr32 by N: a byte shuffle or a half swap where N allows, else a shift
// and a shift-insert.
template <int N>
NGCC_ALWAYS_INLINE V rotr32(V v) {
  if constexpr (N == 16) {
    return vreinterpretq_u32_u16(vrev32q_u16(vreinterpretq_u16_u32(v)));
  } else if constexpr (N == 24) {
    // Byte i of a result word is byte i - 1 (mod 4) of the input word.
    static constexpr std::uint8_t kOrder[16] = {3, 0, 1, 2, 7, 4, 5, 6,
                                                11, 8, 9, 10, 15, 12, 13, 14};
    return vreinterpretq_u32_u8(vqtbl1q_u8(vreinterpretq_u8_u32(v), vld1q_u8(kOrder)));
  } else {
    return vsriq_n_u32(vshlq_n_u32(v, 32 - N), v, N);
  }
}

// The word operations of the S-box (§4.2) on 4 lanes.
struct Words {
  NGCC_ALWAYS_INLINE static V add(V a, V b) { return vaddq_u32(a, b); }
  NGCC_ALWAYS_INLINE static V xor_of(V a, V b) { return veorq_u32(a, b); }
  template <int N>
  NGCC_ALWAYS_INLINE static V rotr(V v) {
    return rotr32<N>(v);
  }
};

// The S-box on every lane. LD2 puts the low halves of 4 lanes in val[0],
// the high ones in val[1]; ST2 joins them again.
NGCC_ALWAYS_INLINE void sbox_pass(const std::uint64_t *in, std::uint64_t *out, int t) {
  for (int g = 0; g < kGroups; ++g) {
    uint32x4x2_t h = vld2q_u32(reinterpret_cast<const std::uint32_t *>(in + 4 * g));
    sbox_halves<Words>(h.val[1], h.val[0], vld1q_u32(kTables.rc[t] + 4 * g));
    vst2q_u32(reinterpret_cast<std::uint32_t *>(out + 4 * g), h);
  }
}

// ---------------------------------------------------------------- §4.3, §4.4
// The XOR part of L_t with shared terms. Every phase's network is that of
// M_col: tau_d renames its inputs, rho, pi and tau_d^-1 rotate and rename
// its outputs. So one network, derived once from mix_columns by greedy
// pair sharing (the pair of signals most rows contain becomes a new
// signal, until no pair is shared), serves all six phases: 126 XORs
// instead of the 213 of the masks of §4.4.
constexpr int kMaxShared = 48;
constexpr int kMaxSignals = kLanes + kMaxShared;
constexpr int kMaxTerms = 16;

struct XorNetwork {
  int shared = 0;                    // signals kLanes .. kLanes + shared - 1
  std::uint8_t pair[kMaxShared][2]{};  // what each of them is the XOR of
  int terms[kLanes]{};               // output o = XOR of signals term[o][..]
  std::uint8_t term[kLanes][kMaxTerms]{};
};

constexpr XorNetwork make_xor_network() {
  std::uint32_t m[kLanes]{};
  for (int i = 0; i < kLanes; ++i) m[i] = 1u << i;
  mix_columns(m);
  bool row[kLanes][kMaxSignals]{};
  for (int o = 0; o < kLanes; ++o)
    for (int j = 0; j < kLanes; ++j) row[o][j] = (m[o] >> j) & 1;
  XorNetwork n{};
  for (int signals = kLanes; signals < kMaxSignals; ++signals) {
    int count[kMaxSignals][kMaxSignals]{};
    for (int o = 0; o < kLanes; ++o)
      for (int a = 0; a < signals; ++a)
        if (row[o][a])
          for (int b = a + 1; b < signals; ++b) count[a][b] += row[o][b];
    int best_a = 0, best_b = 0, best = 1;
    for (int a = 0; a < signals; ++a)
      for (int b = a + 1; b < signals; ++b)
        if (count[a][b] > best) best = count[a][b], best_a = a, best_b = b;
    if (best < 2) break;
    n.pair[n.shared][0] = static_cast<std::uint8_t>(best_a);
    n.pair[n.shared][1] = static_cast<std::uint8_t>(best_b);
    ++n.shared;
    for (int o = 0; o < kLanes; ++o)
      if (row[o][best_a] && row[o][best_b]) {
        row[o][best_a] = row[o][best_b] = false;
        row[o][signals] = true;
      }
  }
  for (int o = 0; o < kLanes; ++o)
    for (int s = 0; s < kLanes + n.shared; ++s)
      if (row[o][s]) n.term[o][n.terms[o]++] = static_cast<std::uint8_t>(s);
  return n;
}
inline constexpr XorNetwork kXorNetwork = make_xor_network();

// Per phase: M_col input p is lane source[p]; its output o, rotated by
// rot[o], becomes lane target[o] of L_t.
struct PhaseMap {
  int source[kLanes], target[kLanes], rot[kLanes];
};
constexpr PhaseMap make_phase_map(int phase) {
  const int d = kDirection[phase];
  PhaseMap p{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) {
      p.source[d >= 0 ? tau_destination(d, x, y) : lane(x, y)] = lane(x, y);
      const int moved = pi_destination(x, y);
      p.target[lane(x, y)] =
          d >= 0 ? tau_inverse_destination(d, moved % 5, moved / 5) : moved;
      p.rot[lane(x, y)] = kRho[x][y];
    }
  return p;
}
inline constexpr PhaseMap kPhaseMap[6] = {make_phase_map(0), make_phase_map(1), make_phase_map(2),
                                          make_phase_map(3), make_phase_map(4), make_phase_map(5)};

// The network and the maps give back the fused layer of §4.4.
constexpr std::uint32_t signal_mask(int phase, int s) {
  return s < kLanes ? 1u << kPhaseMap[phase].source[s]
                    : signal_mask(phase, kXorNetwork.pair[s - kLanes][0]) ^
                          signal_mask(phase, kXorNetwork.pair[s - kLanes][1]);
}
constexpr bool network_is_fused_layer() {
  for (int p = 0; p < 6; ++p)
    for (int o = 0; o < kLanes; ++o) {
      std::uint32_t mask = 0;
      for (int t = 0; t < kXorNetwork.terms[o]; ++t) mask ^= signal_mask(p, kXorNetwork.term[o][t]);
      const FusedLane &f = kFused[p][kPhaseMap[p].target[o]];
      if (mask != f.mask || kPhaseMap[p].rot[o] != f.rot) return false;
    }
  return true;
}
static_assert(network_is_fused_layer());

// Lane target[o] of L_t for phase P: mu(rotr64(output o of the network, rot[o])).
template <int O, std::size_t... T>
NGCC_ALWAYS_INLINE std::uint64_t network_output(const std::uint64_t *s, std::index_sequence<T...>) {
  return ((T < static_cast<std::size_t>(kXorNetwork.terms[O]) ? s[kXorNetwork.term[O][T]]
                                                             : std::uint64_t{0}) ^
          ...);
}
template <int P, int O>
NGCC_ALWAYS_INLINE void fused_lane(const std::uint64_t *s, std::uint64_t *out) {
  const std::uint64_t v =
      rotr64(network_output<O>(s, std::make_index_sequence<kMaxTerms>{}),
             static_cast<unsigned>(kPhaseMap[P].rot[O]));
  out[kPhaseMap[P].target[O]] = v ^ rotr64(v, 17) ^ rotr64(v, 32);
}
template <int P, std::size_t... I, std::size_t... S, std::size_t... O>
NGCC_ALWAYS_INLINE void linear_pass(const std::uint64_t *in, std::uint64_t *out,
                                    std::index_sequence<I...>, std::index_sequence<S...>,
                                    std::index_sequence<O...>) {
  std::uint64_t s[kLanes + sizeof...(S)];
  ((s[I] = in[kPhaseMap[P].source[I]]), ...);
  ((s[kLanes + S] = s[kXorNetwork.pair[S][0]] ^ s[kXorNetwork.pair[S][1]]), ...);
  (fused_lane<P, O>(s, out), ...);
}
template <int P>
NGCC_ALWAYS_INLINE void linear_pass(const std::uint64_t *in, std::uint64_t *out) {
  constexpr auto lanes = std::make_index_sequence<kLanes>{};
  linear_pass<P>(in, out, lanes, std::make_index_sequence<kXorNetwork.shared>{}, lanes);
}

// The state between rounds: 28 lanes, 25..27 zero.
struct Lanes {
  alignas(16) std::uint64_t v[kPadded];
};

// The state in this implementation's form (common/block_loop.hpp).
struct Armv8 {
  using Registers = Lanes;

  // Rounds first .. last-1. Out of line: one copy of the six round variants
  // serves g and h.
  __attribute__((noinline)) static void permute(Lanes &s, int first, int last) {
    Lanes after_sbox;
    for_each_round(first, last, [&](auto phase, int t) __attribute__((always_inline)) {
      sbox_pass(s.v, after_sbox.v, t);
      linear_pass<decltype(phase)::value>(after_sbox.v, s.v);
    });
  }

  static Lanes load(const State &state) {
    Lanes s{};
    for (int i = 0; i < kLanes; ++i) s.v[i] = state[i];
    return s;
  }

  static void store(State &state, const Lanes &s) {
    for (int i = 0; i < kLanes; ++i) state[i] = s.v[i];
  }

  // §5.1.
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Lanes &s, const std::uint8_t *block) {
    constexpr int R = P.rate_lanes;
    for (int i = 0; i < R; ++i) s.v[i] ^= load_be64(block + 8 * i);
    std::uint64_t before_g[kLanes - R];
    for (int i = R; i < kLanes; ++i) before_g[i - R] = s.v[i];
    permute(s, 0, P.half_rounds);
    for (int i = R; i < kLanes; ++i) s.v[i] ^= before_g[i - R];
    permute(s, P.half_rounds, 2 * P.half_rounds);
  }
};

}  // namespace

const Implementation kArmv8{"armv8 (AdvSIMD + scalar)", kCompiledFeatures,
                            block_loop::absorb_blocks<Armv8, BlockShapes>, block_loop::permute<Armv8>};

}  // namespace ngcc::afs_tredm
