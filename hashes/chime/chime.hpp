// CHIME (NGCC Round 1 candidate hash-26): the parameters of its instances and
// the mode (padding, absorbing, digest). The permutation: permutation.hpp.
// Section numbers (§) refer to docs/specs/hash-26-chime.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "chime/permutation.hpp"
#include "common/bits.hpp"
#include "common/block_loop.hpp"

namespace ngcc::chime {

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

// The two rates (common/block_loop.hpp).
constexpr std::size_t block_bytes(const Params &p) { return p.rate_bytes; }
using BlockShapes = block_loop::Shapes<kChime512, kChime1024>;

constexpr unsigned kMaxRateBytes = 64;
// §11: the last-block flag is bit 0 of C1[0].
constexpr unsigned kLastBlockFlagWord = 20;

// State word receiving block word j (§10, §11): the rate ends at A1[3], so
// CHIME-1024 (7 words) leaves A1[0] = word 4 in the capacity.
constexpr unsigned rate_word(const Params &p, unsigned j) {
  return j < 4 ? j : j + 8 - p.rate_bytes / 8;
}

// The whole hash (§9-§12). Complete blocks are absorbed straight from the
// message: every one is followed by at least the padded tail, which is built
// in a local buffer (pad10*1, at most 2 blocks). Branches depend on the
// length only, never on message content. out_bytes is always digest_bytes.
template <const Params &P>
void hash(const Implementation &impl, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out, std::size_t /*out_bytes*/) {
  State state{};
  const std::uint64_t rate_bits = 8u * P.rate_bytes;
  const std::uint64_t full_blocks = msg_bits / rate_bits;
  impl.absorb_blocks(state, msg, static_cast<std::size_t>(full_blocks), P);

  const unsigned q = static_cast<unsigned>(msg_bits % rate_bits);
  std::uint8_t tail[2 * kMaxRateBytes] = {};
  copy_message_bits_then_one(tail, msg + full_blocks * P.rate_bytes, q);
  // q = r-1: the pad bit takes the last bit, the closing 1 needs a new block.
  const unsigned tail_blocks = q == rate_bits - 1 ? 2 : 1;
  tail[tail_blocks * P.rate_bytes - 1] |= 0x01;
  const std::uint8_t *last = tail + (tail_blocks - 1) * P.rate_bytes;
  if (tail_blocks == 2) impl.absorb_blocks(state, tail, 1, P);
  if (P.feed_forward) state[kLastBlockFlagWord] ^= 1;  // before the snapshot
  impl.absorb_blocks(state, last, 1, P);

  for (unsigned i = 0; i < P.digest_bytes / 8; ++i)
    store_le64(out + 8 * i, state[P.digest_word + i]);
}

}  // namespace ngcc::chime
