// CHIME permutation P15 / P20 and block absorption, portable reference
// (§4-§11 of docs/specs/hash-26-chime.md). Readable first: one function per
// step, each on whole branches. The steps are forced inline and the rounds
// of a group of six unrolled, so the parity choices of §7/§8 and the branch
// rotation are settled at compile time and GCC -O2 works on the 24 words
// themselves, not on Branch objects in memory (1.9 times faster than calls
// on Branch references, GCC 12 on Zen 5).
#include <cstdint>
#include <utility>

#include "chime/chime.hpp"

namespace ngcc::chime {
namespace {

struct Branch {
  std::uint64_t w[kBranchWords];
};

// §4 branch-level building blocks, written out word by word.
template <unsigned k>
NGCC_ALWAYS_INLINE Branch rotl_words(const Branch &x) {
  return {{rotl64(x.w[0], k), rotl64(x.w[1], k), rotl64(x.w[2], k), rotl64(x.w[3], k)}};
}
NGCC_ALWAYS_INLINE Branch shl7(const Branch &x) { return {{x.w[0] << 7, x.w[1] << 7, x.w[2] << 7, x.w[3] << 7}}; }
NGCC_ALWAYS_INLINE Branch shr5(const Branch &x) { return {{x.w[0] >> 5, x.w[1] >> 5, x.w[2] >> 5, x.w[3] >> 5}}; }
NGCC_ALWAYS_INLINE Branch wrot(const Branch &x) { return {{x.w[3], x.w[0], x.w[1], x.w[2]}}; }
NGCC_ALWAYS_INLINE Branch hswap(const Branch &x) { return {{x.w[2], x.w[3], x.w[0], x.w[1]}}; }
NGCC_ALWAYS_INLINE Branch pswap(const Branch &x) { return {{x.w[1], x.w[0], x.w[3], x.w[2]}}; }
// Each 128-bit half (lo, hi) rotated RIGHT by 32 bits.
NGCC_ALWAYS_INLINE Branch hrot(const Branch &x) {
  auto half = [](std::uint64_t lo, std::uint64_t hi, std::uint64_t &out_lo, std::uint64_t &out_hi) {
    out_lo = (lo >> 32) | (hi << 32);
    out_hi = (hi >> 32) | (lo << 32);
  };
  Branch r;
  half(x.w[0], x.w[1], r.w[0], r.w[1]);
  half(x.w[2], x.w[3], r.w[2], r.w[3]);
  return r;
}
NGCC_ALWAYS_INLINE void xor_into(Branch &dst, const Branch &x) {
  dst = {{dst.w[0] ^ x.w[0], dst.w[1] ^ x.w[1], dst.w[2] ^ x.w[2], dst.w[3] ^ x.w[3]}};
}

struct Branches {
  Branch a0, a1, b0, b1, c0, c1;
};

// §5: the 14 updates of L, in order, each on the current values.
NGCC_ALWAYS_INLINE void linear_layer(Branches &s) {
  xor_into(s.b1, hrot(s.c1));
  xor_into(s.b0, s.a1);
  xor_into(s.c0, rotl_words<29>(s.a0));
  xor_into(s.b1, rotl_words<31>(s.a1));
  xor_into(s.c1, rotl_words<13>(s.a0));
  xor_into(s.c0, s.b1);
  s.a0 = wrot(s.a0);
  const Branch t = pswap(s.c0);
  xor_into(s.c1, hrot(s.b1));
  s.a1 = hswap(s.a1);
  xor_into(s.a0, t);
  xor_into(s.a1, hrot(s.b0));
  xor_into(s.b1, shl7(s.a0));
  xor_into(s.c1, shr5(s.a1));
}

// §6: the round constant into every word of A0.
NGCC_ALWAYS_INLINE void add_round_constant(Branch &a0, std::uint64_t rc) { xor_into(a0, {{rc, rc, rc, rc}}); }

// §7: word-wise chi on three branches, from the old values.
NGCC_ALWAYS_INLINE std::uint64_t chi_word(std::uint64_t a, std::uint64_t b, std::uint64_t c) { return a ^ (~b & c); }
NGCC_ALWAYS_INLINE void chi(Branch &x, Branch &y, Branch &z) {
  const Branch a = x, b = y, c = z;
  for (unsigned i = 0; i < kBranchWords; ++i) {
    x.w[i] = chi_word(a.w[i], b.w[i], c.w[i]);
    y.w[i] = chi_word(b.w[i], c.w[i], a.w[i]);
    z.w[i] = chi_word(c.w[i], a.w[i], b.w[i]);
  }
}

// §8: a round, including the branch rotation. Its form repeats every six
// rounds (the parity of r and of r/3), and six rounds rotate the branches
// forward three times and backward three times, back into place: so a round
// is a template on its place i = r mod 6 and P runs in groups of six.
template <unsigned i>
NGCC_ALWAYS_INLINE void round(Branches &s, std::uint64_t rc) {
  linear_layer(s);
  add_round_constant(s.a0, rc);
  chi_and_rotate<i>(s, chi);
}

// The first `count` rounds of a group of six, with constants rc[0..5].
template <unsigned... i>
NGCC_ALWAYS_INLINE void group(Branches &s, const std::uint64_t *rc, unsigned count,
                              std::integer_sequence<unsigned, i...>) {
  ((i < count ? round<i>(s, rc[i]) : void()), ...);
}

Branches load_branches(const State &state) {
  Branches s;
  Branch *const branches[6] = {&s.a0, &s.a1, &s.b0, &s.b1, &s.c0, &s.c1};
  for (unsigned n = 0; n < kStateWords; ++n) branches[n / 4]->w[n % 4] = state[n];
  return s;
}
void store_branches(State &state, const Branches &s) {
  const Branch *const branches[6] = {&s.a0, &s.a1, &s.b0, &s.b1, &s.c0, &s.c1};
  for (unsigned n = 0; n < kStateWords; ++n) state[n] = branches[n / 4]->w[n % 4];
}

// P15 or P20 (§8); any n <= 20 rounds.
void permute(State &state, unsigned n) {
  constexpr auto kSix = std::make_integer_sequence<unsigned, 6>{};
  Branches s = load_branches(state);
  unsigned r = 0;
  for (; r + 6 <= n; r += 6) group(s, kRoundConstants + r, 6, kSix);
  group(s, kRoundConstants + r, n - r, kSix);
  store_branches(state, s);
}

// The state as it is (common/block_loop.hpp).
struct Portable : block_loop::AsIs<State> {
  static void permute(State &state, unsigned n) { chime::permute(state, n); }
  // §10, §11.
  template <const Params &P>
  static void absorb_block(State &state, const std::uint8_t *block) {
    constexpr unsigned rate_words = P.rate_bytes / 8;
    State before = state;
    for (unsigned j = 0; j < rate_words; ++j) state[rate_word(P, j)] ^= load_le64(block + 8 * j);
    permute(state, P.rounds);
    if (P.feed_forward) {
      // Only the capacity is fed forward; the rate words were overwritten.
      for (unsigned j = 0; j < rate_words; ++j) before[rate_word(P, j)] = 0;
      for (unsigned i = 0; i < kStateWords; ++i) state[i] ^= before[i];
    }
  }
};

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures,
                               block_loop::absorb_blocks<Portable, BlockShapes>,
                               block_loop::permute<Portable>};

}  // namespace ngcc::chime
