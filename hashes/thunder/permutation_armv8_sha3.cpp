// Thunder-p and the block absorption for ARMv8.2-A AdvSIMD with SHA3: same
// results as permutation_portable.cpp. Section numbers (§) refer to
// docs/specs/hash-33-thunder.md.
//
// Layout: one lane per 128-bit register, in its low half (the high half is
// never read back). Why not two lanes a register: every rotation of a round
// differs per lane (ρ), or per row (θ's T[y]), and π sends the lanes of a row
// to one column, so pairs would need a lane move or a two-amount rotation
// for nearly every lane. Why AdvSIMD at all: LLVM 19's oryon-1 model issues
// 4 AdvSIMD logical ops a cycle (EOR3, BCAX and XAR included) against 1.5
// register-form scalar EOR / BIC / ORR, the bound of the scalar
// permutation_armv8.cpp (175 ops a round, rotations free).
//
// Rotations are not free here, so the round is arranged to need few:
// - The registers hold b = ρ(A) at the start of a round: ψ's last step of the
//   previous round is followed by one XAR against zero (ρ of the next round,
//   with ι folded in for lane 0, XAR against the round constant instead).
// - θ (§3.2, the E / F form): P[x] is two EOR3 of the held lanes. Q[x] =
//   XOR_y ROTR(b[x, y], T[y]) is a Horner chain of XAR in increasing T order:
//   one rotation, three XAR, one EOR, leaving Q[x] held as ROTL(Q[x], T[2]).
//   ROTR(E[x], u) = XAR(P[x], ROTR(P[x-1], 1), u). For ROTR(F[x], u + T[y])
//   one XAR gives the y = 0 term and four rotations of it the others.
//   Then each lane is one EOR3: b ^ ROTR(E, u) ^ ROTR(F, u + T[y]).
// - ψ∘π: output lane (x, y) = t3 ^ (t2 & ~(t1 | t4)) (the §3.2 form with
//   ¬t1 & ¬t4 = ¬(t1 | t4)): ORR then BCAX; no rotation, since every lane of
//   the round keeps the plain frame.
// A round: 10 EOR3 (P) + 25 (Q) + 10 (E) + 30 (F) + 25 EOR3 + 50 (ψ) + 24
// XAR (ρ; lane 12 has RHO 0) = 174 instructions, all at 4 a cycle in the
// oryon-1 model (0.35 x ref with the guide's flags, docs/estimates.md).
// On neoverse-v2 LLVM 19 issues EOR3, BCAX and XAR on one vector pipe only
// (144 of the 174), so there this is 4.4 x slower than the scalar opt; no
// mix of plain AdvSIMD instructions gets within 2.5 x of it there (SHL + SRI
// for the plain rotations: 1.4 x slower on oryon-1, 1.7 x faster on
// neoverse-v2), so the instructions here are the oryon-1 optimum.
#include <arm_neon.h>

#include <utility>

#include "common/lanes.hpp"
#include "thunder/thunder.hpp"

static_assert(ngcc::kCompiledFeatures & ngcc::kSha3, "compiled with +sha3");
static_assert(__BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__, "REV64 turns a loaded big-endian word into the lane");

namespace ngcc::thunder {
namespace {

using V = uint64x2_t;  // lane value in the low half
using Registers = std::array<V, kLanes>;

// ROTR(x ^ y, r), one XAR (r = 0: one EOR).
template <unsigned r>
NGCC_ALWAYS_INLINE V xar(V x, V y) {
  if constexpr (r % 64 == 0)
    return veorq_u64(x, y);
  else
    return vxarq_u64(x, y, r % 64);
}
template <unsigned r>
NGCC_ALWAYS_INLINE V rotr(V x) {
  if constexpr (r % 64 == 0)
    return x;
  else
    return vxarq_u64(x, vdupq_n_u64(0), r % 64);
}

constexpr unsigned mod64(int n) { return static_cast<unsigned>(((n % 64) + 64) % 64); }

// π (§3.2) moves lane (x, y) to (y, 2x + 3y + 2): lane (X, Y) comes from
// (3(Y - 3X - 2), X), 3 being the inverse of 2 mod 5.
constexpr int pi_source(int k) { return lane(3 * (k / 5 - 3 * (k % 5) - 2), k % 5); }

constexpr unsigned kT0 = kThetaT[0], kT1 = kThetaT[1], kT2 = kThetaT[2], kT3 = kThetaT[3], kT4 = kThetaT[4];
// The Horner order of Q below needs T[2] < T[3] < T[4] < T[0] < T[1].
static_assert(kT2 < kT3 && kT3 < kT4 && kT4 < kT0 && kT0 < kT1, "T order of §3.1");

// One round on b = ρ(A) held in s (ι of this round already applied); leaves
// ψ(π(θ(b))) in s, plain.
NGCC_ALWAYS_INLINE void theta_pi_psi(Registers &s) {
  V p[5], q[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    const V *b = &s[x];  // b[5 * y] = lane (x, y)
    p[x] = veor3q_u64(veor3q_u64(b[0], b[5], b[10]), b[15], b[20]);
    // ROTR(Q, T[2]) = b2 ^ ROTR(b3 ^ ROTR(b4 ^ ROTR(b0 ^ ROTR(b1, ..), ..), ..), ..):
    // q[x] holds ROTL(Q[x], T[2]).
    V h = rotr<kT1 - kT0>(b[5]);
    h = xar<kT0 - kT4>(b[0], h);
    h = xar<kT4 - kT3>(b[20], h);
    h = xar<kT3 - kT2>(b[15], h);
    q[x] = veorq_u64(b[10], h);
  }
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    // ROTR(E[x], u), E[x] = P[x] ^ ROTR(P[x-1], 1).
    const V e = xar<kThetaU>(p[x], rotr<1>(p[mod5(x - 1)]));
    // ROTR(F[x], u + T[y]), F[x] = Q[x+1] ^ ROTR(Q[x-2], s) = ROTR(q[x+1] ^ ROTR(q[x-2], s), T[2]).
    V f[5];
    f[0] = xar<kThetaU + kT2 + kT0>(q[mod5(x + 1)], rotr<kThetaS>(q[mod5(x - 2)]));
    f[1] = rotr<mod64(kT1 - kT0)>(f[0]);
    f[2] = rotr<mod64(kT2 - kT0)>(f[0]);
    f[3] = rotr<mod64(kT3 - kT0)>(f[0]);
    f[4] = rotr<mod64(kT4 - kT0)>(f[0]);
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) s[lane(x, y)] = veor3q_u64(s[lane(x, y)], e, f[y]);
  }
  // π then ψ: lane (x, y) = t3 ^ (t2 & ~(t1 | t4)), t_j = lane π source of (x, y + j).
  const Registers u = s;
#pragma GCC unroll 25
  for (int k = 0; k < kLanes; ++k) {
    const int x = k % 5, y = k / 5;
    const V t1 = u[pi_source(lane(x, y + 1))], t2 = u[pi_source(lane(x, y + 2))];
    const V t3 = u[pi_source(lane(x, y + 3))], t4 = u[pi_source(lane(x, y + 4))];
    s[k] = vbcaxq_u64(t3, t2, vorrq_u64(t1, t4));
  }
}

// ι of round i then ρ on the plain lanes: lane 0 is XARed with the round
// constant, lanes 1..24 rotated (lane 12, RHO 0, left as it is).
template <int i, int... k>
NGCC_ALWAYS_INLINE void iota_rho(Registers &s, std::integer_sequence<int, k...>) {
  s[0] = xar<kRho[0]>(s[0], vdupq_n_u64(kRoundConstants[i]));
  ((s[k + 1] = rotr<kRho[k + 1]>(s[k + 1])), ...);
}

template <int... i>
NGCC_ALWAYS_INLINE void rounds(Registers &s, std::integer_sequence<int, i...>) {
  ((iota_rho<i>(s, std::make_integer_sequence<int, kLanes - 1>{}), theta_pi_psi(s)), ...);
}

// Thunder-p (§3) on the plain lanes.
NGCC_ALWAYS_INLINE void permute_registers(Registers &s) { rounds(s, std::make_integer_sequence<int, kRounds>{}); }

// §4.2: block bytes 8i..8i+7, big-endian, into lane 24 - i; two lanes a
// load (the low half of the loaded register is lane 24 - i, the high half
// 23 - i); the capacity as it was before Thunder-p is fed forward.
template <int rate_lanes>
NGCC_ALWAYS_INLINE void absorb_block(Registers &s, const std::uint8_t *block) {
  static_assert(rate_lanes % 2 == 0, "the rates of §1 are even lane counts");
  constexpr int capacity_lanes = kLanes - rate_lanes;
#pragma GCC unroll 8
  for (int i = 0; i < rate_lanes; i += 2) {
    const V w = vreinterpretq_u64_u8(vrev64q_u8(vld1q_u8(block + 8 * i)));
    s[kLanes - 1 - i] = veorq_u64(s[kLanes - 1 - i], w);
    s[kLanes - 2 - i] = veorq_u64(s[kLanes - 2 - i], vextq_u64(w, w, 1));
  }
  V before[capacity_lanes];
#pragma GCC unroll 17
  for (int j = 0; j < capacity_lanes; ++j) before[j] = s[j];
  permute_registers(s);
#pragma GCC unroll 17
  for (int j = 0; j < capacity_lanes; ++j) s[j] = veorq_u64(s[j], before[j]);
}

// The lanes in vector registers (common/block_loop.hpp).
struct Armv8Sha3 {
  using Registers = thunder::Registers;
  static Registers load(const State &a) {
    Registers s;
    for (int k = 0; k < kLanes; ++k) s[k] = vdupq_n_u64(a[k]);
    return s;
  }
  static void store(State &a, const Registers &s) {
    for (int k = 0; k < kLanes; ++k) a[k] = vgetq_lane_u64(s[k], 0);
  }
  static void permute(Registers &s) { permute_registers(s); }
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Registers &s, const std::uint8_t *block) {
    thunder::absorb_block<P.rate_lanes()>(s, block);
  }
};

}  // namespace

const Implementation kArmv8Sha3{"armv8_sha3", kCompiledFeatures,
                                block_loop::absorb_blocks<Armv8Sha3, BlockShapes>,
                                block_loop::permute<Armv8Sha3>};

}  // namespace ngcc::thunder
