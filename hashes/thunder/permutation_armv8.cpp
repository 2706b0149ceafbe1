// Thunder-p and the block absorption for ARMv8.0-A in 64-bit scalar code:
// same results as permutation_portable.cpp.
//
// Every rotation of the round (ρ, θ's T[y], u, s and the derived amounts,
// §3.1-3.2) is folded into a logical instruction: AArch64's EOR, ORR and BIC
// rotate their second operand for free. For that, lane k is held as a word
// w with value ROTR(w, frame[k]); an operation on two held words rotates one
// into the other's frame, and its result keeps that frame. The frames are
// compile-time constants that change from round to round (the 12 rounds are
// unrolled), so a round costs its 175 logical operations and no rotation.
// Why scalar: a round has no operation that pairs lanes the same way twice
// (π moves every lane, θ's rotations differ per lane), so 2-lane AdvSIMD
// would add lane moves and two-instruction rotations to the same count.
#include <utility>

#include "common/lanes.hpp"
#include "thunder/thunder.hpp"

namespace ngcc::thunder {
namespace {

// Frame of every lane: held word w means lane value ROTR(w, f[k]).
struct Frames {
  unsigned f[kLanes];
};

constexpr unsigned mod64(unsigned n) { return n % 64; }

// π (§3.2) moves lane (x, y) to (y, 2x + 3y + 2): lane (X, Y) comes from
// (3(Y - 3X - 2), X), 3 being the inverse of 2 mod 5.
constexpr int pi_source(int k) { return lane(3 * (k / 5 - 3 * (k % 5) - 2), k % 5); }

// The frames of the intermediate values of one round whose lanes enter in
// frames `in` (§3.2 with b = ρ(ι(A)), P, Q, E, F as in permutation_portable.cpp):
// b[k] is the held word of lane k read in frame in[k] + RHO[k]; P[x], Q[x]
// keep the frame of their first term (y = 0), E[x] that of P[x], F[x] that
// of Q[x+1]; u[x, y] = θ(b)[x, y] keeps the frame of b[x, y].
struct RoundFrames {
  unsigned b[kLanes];
  unsigned p[5], q[5];
  unsigned out[kLanes];  // of the round's output lanes
};
constexpr RoundFrames round_frames(const Frames &in) {
  RoundFrames r{};
  for (int k = 0; k < kLanes; ++k) r.b[k] = mod64(in.f[k] + kRho[k]);
  for (int x = 0; x < 5; ++x) {
    r.p[x] = r.b[lane(x, 0)];
    r.q[x] = mod64(r.b[lane(x, 0)] + kThetaT[0]);
  }
  // ψ∘π: output lane (x, y) = t3 ^ (t2 & ~(t1 | t4)), t_j = u at π's source of
  // lane (x, y + j); it keeps the frame of t3.
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) r.out[lane(x, y)] = r.b[pi_source(lane(x, y + 3))];
  return r;
}

struct Plan {
  Frames in[kRounds + 1];  // in[i]: frames entering round i; in[kRounds]: of the result
  RoundFrames round[kRounds];
};
constexpr Plan make_plan() {
  Plan p{};  // round 0 starts from the plain lanes (all frames 0)
  for (int i = 0; i < kRounds; ++i) {
    p.round[i] = round_frames(p.in[i]);
    for (int k = 0; k < kLanes; ++k) p.in[i + 1].f[k] = p.round[i].out[k];
  }
  return p;
}
constexpr Plan kPlan = make_plan();

// The held word w of frame `from` as a word of frame `to` (one rotation,
// which the compiler folds into the instruction that uses it).
NGCC_ALWAYS_INLINE std::uint64_t in_frame(std::uint64_t w, unsigned from, unsigned to) {
  return rotr64(w, mod64(from + 64 - to));
}

// w, hidden from the optimizer: GCC re-associates chains of XORs into trees
// and moves rotations through ORs, which would pair two rotated terms and
// need a separate rotation.
NGCC_ALWAYS_INLINE std::uint64_t kept(std::uint64_t w) {
  asm("" : "+r"(w));
  return w;
}

// Round i on the held lanes a (§3.2).
template <int i>
NGCC_ALWAYS_INLINE void round(State &a) {
  constexpr const Frames &in = kPlan.in[i];
  constexpr const RoundFrames &f = kPlan.round[i];
  a[0] ^= rotl64(kRoundConstants[i], in.f[0]);  // ι

  // θ's parities of b = ρ(ι(A)): P[x] = XOR_y b[x, y], Q[x] = XOR_y ROTR(b[x, y], T[y]).
  std::uint64_t p[5], q[5];
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    p[x] = q[x] = a[lane(x, 0)];
#pragma GCC unroll 4
    for (int y = 1; y < 5; ++y) {
      const int k = lane(x, y);
      p[x] = kept(p[x] ^ in_frame(a[k], f.b[k], f.p[x]));
      q[x] = kept(q[x] ^ in_frame(a[k], mod64(f.b[k] + kThetaT[y]), f.q[x]));
    }
  }
  // E[x] = P[x] ^ ROTR(P[x-1], 1), F[x] = Q[x+1] ^ ROTR(Q[x-2], s);
  // u[x, y] = b[x, y] ^ ROTR(E[x], u) ^ ROTR(F[x], u + T[y]).
  State u;
#pragma GCC unroll 5
  for (int x = 0; x < 5; ++x) {
    const std::uint64_t e = p[x] ^ in_frame(p[mod5(x - 1)], mod64(f.p[mod5(x - 1)] + 1), f.p[x]);
    const std::uint64_t fx = q[mod5(x + 1)] ^ in_frame(q[mod5(x - 2)], mod64(f.q[mod5(x - 2)] + kThetaS), f.q[mod5(x + 1)]);
#pragma GCC unroll 5
    for (int y = 0; y < 5; ++y) {
      const int k = lane(x, y);
      u[k] = kept(a[k] ^ in_frame(e, mod64(f.p[x] + kThetaU), f.b[k])) ^
             in_frame(fx, mod64(f.q[mod5(x + 1)] + kThetaU + kThetaT[y]), f.b[k]);
    }
  }
  // π then ψ: lane (x, y) = t3 ^ (t2 & ~(t1 | t4)), t_j = u[π source of (x, y + j)].
#pragma GCC unroll 25
  for (int k = 0; k < kLanes; ++k) {
    const int x = k % 5, y = k / 5;
    int src[5] = {};
    for (int j = 1; j < 5; ++j) src[j] = pi_source(lane(x, y + j));
    const std::uint64_t w = kept(u[src[1]] | in_frame(u[src[4]], f.b[src[4]], f.b[src[1]]));
    const std::uint64_t z = kept(u[src[2]] & ~in_frame(w, f.b[src[1]], f.b[src[2]]));
    a[k] = u[src[3]] ^ in_frame(z, f.b[src[2]], f.b[src[3]]);
  }
}

template <int... i>
NGCC_ALWAYS_INLINE void rounds(State &a, std::integer_sequence<int, i...>) {
  (round<i>(a), ...);
}

// Thunder-p on the plain lanes; the result is left in the frames kPlan.in[kRounds].
NGCC_ALWAYS_INLINE void permute_held(State &a) { rounds(a, std::make_integer_sequence<int, kRounds>{}); }

NGCC_ALWAYS_INLINE std::uint64_t plain(std::uint64_t w, int k) { return rotr64(w, kPlan.in[kRounds].f[k]); }

// §4.2. The feed-forward brings the capacity back to plain lanes for free;
// the rate lanes take one rotation each.
template <int rate_lanes>
NGCC_ALWAYS_INLINE void absorb_block(State &a, const std::uint8_t *block) {
  constexpr int capacity_lanes = kLanes - rate_lanes;
#pragma GCC unroll 16
  for (int i = 0; i < rate_lanes; ++i) a[kLanes - 1 - i] ^= load_be64(block + 8 * i);
  std::uint64_t before[capacity_lanes];
#pragma GCC unroll 17
  for (int j = 0; j < capacity_lanes; ++j) before[j] = a[j];
  permute_held(a);
#pragma GCC unroll 17
  for (int j = 0; j < capacity_lanes; ++j) a[j] = before[j] ^ plain(a[j], j);
#pragma GCC unroll 16
  for (int k = capacity_lanes; k < kLanes; ++k) a[k] = plain(a[k], k);
}

// The plain state in registers (common/block_loop.hpp).
struct Armv8 : block_loop::AsIs<State> {
  static void permute(State &s) {
    permute_held(s);
#pragma GCC unroll 25
    for (int k = 0; k < kLanes; ++k) s[k] = plain(s[k], k);
  }
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(State &s, const std::uint8_t *block) {
    thunder::absorb_block<P.rate_lanes()>(s, block);
  }
};

}  // namespace

const Implementation kArmv8{"armv8 (scalar)", kCompiledFeatures,
                            block_loop::absorb_blocks<Armv8, BlockShapes>, block_loop::permute<Armv8>};

}  // namespace ngcc::thunder
