// CHIME permutation P15 / P20 and block absorption, portable reference
// (§4-§11 of research/hash-26-chime.md). Readable first: one function per step.
#include <cstdint>

#include "chime/chime.hpp"

namespace ngcc::chime {
namespace {

struct Branch {
  std::uint64_t w[kBranchWords];
};

// §4 branch-level building blocks.
template <unsigned k>
Branch rotl_words(const Branch &x) {
  return {{rotl64(x.w[0], k), rotl64(x.w[1], k), rotl64(x.w[2], k), rotl64(x.w[3], k)}};
}
Branch shl7(const Branch &x) { return {{x.w[0] << 7, x.w[1] << 7, x.w[2] << 7, x.w[3] << 7}}; }
Branch shr5(const Branch &x) { return {{x.w[0] >> 5, x.w[1] >> 5, x.w[2] >> 5, x.w[3] >> 5}}; }
Branch wrot(const Branch &x) { return {{x.w[3], x.w[0], x.w[1], x.w[2]}}; }
Branch hswap(const Branch &x) { return {{x.w[2], x.w[3], x.w[0], x.w[1]}}; }
Branch pswap(const Branch &x) { return {{x.w[1], x.w[0], x.w[3], x.w[2]}}; }
// Each 128-bit half (lo, hi) rotated RIGHT by 32 bits.
Branch hrot(const Branch &x) {
  auto half = [](std::uint64_t lo, std::uint64_t hi, std::uint64_t &out_lo, std::uint64_t &out_hi) {
    out_lo = (lo >> 32) | (hi << 32);
    out_hi = (hi >> 32) | (lo << 32);
  };
  Branch r;
  half(x.w[0], x.w[1], r.w[0], r.w[1]);
  half(x.w[2], x.w[3], r.w[2], r.w[3]);
  return r;
}
void xor_into(Branch &dst, const Branch &x) {
  for (unsigned i = 0; i < kBranchWords; ++i) dst.w[i] ^= x.w[i];
}

struct Branches {
  Branch a0, a1, b0, b1, c0, c1;
};

// §5: the 14 updates of L, in order, each on the current values.
void linear_layer(Branches &s) {
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

// §7: word-wise chi on three branches, from the old values.
void chi(Branch &x, Branch &y, Branch &z) {
  for (unsigned i = 0; i < kBranchWords; ++i) {
    const std::uint64_t a = x.w[i], b = y.w[i], c = z.w[i];
    x.w[i] = a ^ (~b & c);
    y.w[i] = b ^ (~c & a);
    z.w[i] = c ^ (~a & b);
  }
}

// §8: one round, including the branch rotation.
void round(Branches &s, unsigned r) {
  linear_layer(s);
  for (unsigned i = 0; i < kBranchWords; ++i) s.a0.w[i] ^= kRoundConstants[r];
  if (r % 2 == 0) {
    chi(s.a0, s.b0, s.c0);
    chi(s.a1, s.b1, s.c1);
  } else {
    chi(s.a0, s.b1, s.c1);
    chi(s.a1, s.b0, s.c0);
  }
  if ((r / 3) % 2 == 0)
    s = {s.c1, s.a0, s.a1, s.b0, s.b1, s.c0};  // forward
  else
    s = {s.a1, s.b0, s.b1, s.c0, s.c1, s.a0};  // backward
}

void permute(State &state, unsigned rounds) {
  Branches s;
  Branch *const branches[6] = {&s.a0, &s.a1, &s.b0, &s.b1, &s.c0, &s.c1};
  for (unsigned n = 0; n < kStateWords; ++n) branches[n / 4]->w[n % 4] = state[n];
  for (unsigned r = 0; r < rounds; ++r) round(s, r);
  for (unsigned n = 0; n < kStateWords; ++n) state[n] = branches[n / 4]->w[n % 4];
}

// §10, §11.
void absorb(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p) {
  const unsigned rate_words = p.rate_bytes / 8;
  for (std::size_t b = 0; b < nblocks; ++b, blocks += p.rate_bytes) {
    State before = state;
    for (unsigned j = 0; j < rate_words; ++j)
      state[rate_word(p, j)] ^= load_le64(blocks + 8 * j);
    permute(state, p.rounds);
    if (p.feed_forward) {
      // Only the capacity is fed forward; the rate words were overwritten.
      for (unsigned j = 0; j < rate_words; ++j) before[rate_word(p, j)] = 0;
      for (unsigned i = 0; i < kStateWords; ++i) state[i] ^= before[i];
    }
  }
}

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures, absorb, permute};

}  // namespace ngcc::chime
