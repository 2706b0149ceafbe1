// CHIME (NGCC Round 1 candidate hash-26): instance parameters and the mode
// (padding, absorbing, digest). The permutation lives in permutation*.cpp.
// Section numbers (§) refer to research/hash-26-chime.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"

namespace ngcc::chime {

// §2/§3: the state is six branches A0, A1, B0, B1, C0, C1 of four 64-bit
// words, in that order; word n is branch n/4, index n%4.
constexpr unsigned kBranchWords = 4;
constexpr unsigned kStateWords = 24;

// §6: one 64-bit constant per round, XORed into all four words of A0.
// Transcribed from the table of §6 (rule: ((i+1)*0x9E3779B97F4A7C15) ^
// (0xDEADBEEF00000000 | i); the unit tests check both).
inline constexpr std::uint64_t kRoundConstants[20] = {
    0x409AC7567F4A7C15, 0xE2C34D9DFE94F82B, 0x040BD3C37DDF743D, 0xA670580AFD29F057,
    0xC9B8DE707C746C6D, 0x6BE164B7FBBEE87B, 0x8D29EAFD7B096495, 0x2F167324FA53E0AF,
    0x515EF96A799E5CB5, 0xF0877FD1F8E8D8DB, 0x12CF8417783354ED, 0xB4340A5EF77DD0F7,
    0xD67C908476C84D1D, 0x79A516CBF612C92B, 0x9BED9F31755D4535, 0x3DDA2578F4A7C15F,
    0x5F02ABBE73F23D75, 0xC14B31E5F33CB96B, 0x60B3B62B7287359D, 0x82F83C92F1D1B1B7,
};

// One parameter set (§2, §10, §11).
struct Params {
  unsigned rate_bytes;     // 64 (A0, A1) or 56 (A0, A1[1..3])
  unsigned rounds;         // P15 or P20
  bool feed_forward;       // CHIME-1024: last-block flag + capacity feed-forward
  unsigned digest_word;    // first state word of the digest
  unsigned digest_bytes;
};
inline constexpr Params kChime512{64, 15, false, 0, 64};
inline constexpr Params kChime1024{56, 20, true, 8, 128};

constexpr unsigned kMaxRateBytes = 64;
// §11: the last-block flag is bit 0 of C1[0].
constexpr unsigned kLastBlockFlagWord = 20;

// State word receiving block word j (§10, §11): the rate ends at A1[3], so
// CHIME-1024 (7 words) leaves A1[0] = word 4 in the capacity.
constexpr unsigned rate_word(const Params &p, unsigned j) {
  return j < 4 ? j : j + 8 - p.rate_bytes / 8;
}

// The permutation P_rounds (§8), in place.
void permute_portable(std::uint64_t *state, unsigned rounds);

// Absorbs nblocks consecutive rate-sized blocks: per block, XOR it into the
// rate, apply P, and for CHIME-1024 XOR the pre-permutation capacity back
// into the capacity (§10, §11). Every variant implements exactly this.
using AbsorbFunction = void (*)(std::uint64_t *state, const std::uint8_t *blocks,
                                std::size_t nblocks, const Params &p);

// x86-64-v3 (AVX2) versions of permute_portable and absorb_portable
// (permutation_avx2.cpp); same results.
void permute_avx2(std::uint64_t *state, unsigned rounds);
void absorb_avx2(std::uint64_t *state, const std::uint8_t *blocks, std::size_t nblocks,
                 const Params &p);

inline void absorb_portable(std::uint64_t *state, const std::uint8_t *blocks,
                            std::size_t nblocks, const Params &p) {
  const unsigned rate_words = p.rate_bytes / 8;
  for (std::size_t b = 0; b < nblocks; ++b, blocks += p.rate_bytes) {
    std::uint64_t before[kStateWords];
    for (unsigned i = 0; i < kStateWords; ++i) before[i] = state[i];
    for (unsigned j = 0; j < rate_words; ++j)
      state[rate_word(p, j)] ^= load_le64(blocks + 8 * j);
    permute_portable(state, p.rounds);
    if (p.feed_forward) {
      // Only the capacity is fed forward; the rate words were overwritten.
      for (unsigned j = 0; j < rate_words; ++j) before[rate_word(p, j)] = 0;
      for (unsigned i = 0; i < kStateWords; ++i) state[i] ^= before[i];
    }
  }
}

// The whole hash (§9-§12) over any absorb implementation. Complete blocks are
// absorbed straight from the message: every one is followed by at least the
// padded tail, which is built in a local buffer (pad10*1, at most 2 blocks).
// Branches depend on the length only, never on message content.
template <AbsorbFunction absorb>
void hash(const Params &p, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out) {
  std::uint64_t state[kStateWords] = {};
  const std::uint64_t rate_bits = 8u * p.rate_bytes;
  const std::uint64_t full_blocks = msg_bits / rate_bits;
  absorb(state, msg, static_cast<std::size_t>(full_blocks), p);

  const unsigned q = static_cast<unsigned>(msg_bits % rate_bits);
  std::uint8_t tail[2 * kMaxRateBytes] = {};
  copy_message_bits(tail, msg + full_blocks * p.rate_bytes, q);
  tail[q / 8] |= static_cast<std::uint8_t>(0x80u >> (q % 8));
  // q = r-1: the pad bit takes the last bit, the closing 1 needs a new block.
  const unsigned tail_blocks = q == rate_bits - 1 ? 2 : 1;
  tail[tail_blocks * p.rate_bytes - 1] |= 0x01;
  const std::uint8_t *last = tail + (tail_blocks - 1) * p.rate_bytes;
  if (tail_blocks == 2) absorb(state, tail, 1, p);
  if (p.feed_forward) state[kLastBlockFlagWord] ^= 1;  // before the snapshot
  absorb(state, last, 1, p);

  for (unsigned i = 0; i < p.digest_bytes / 8; ++i)
    store_le64(out + 8 * i, state[p.digest_word + i]);
}

}  // namespace ngcc::chime
