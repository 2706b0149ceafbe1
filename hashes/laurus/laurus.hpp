// Laurus (NGCC Round 1 candidate hash-14): the parameters of its instances and
// the mode (padding, absorption, counter-mode squeeze). The permutation P and
// the absorb step: permutation.hpp. Section numbers (§) refer to
// docs/specs/hash-14-laurus.md.
//
// Conventions (§2): the message is an MSB-first bit string; every 64 message
// bits form one word, big-endian; output words are written big-endian.
//
// Laurus-XOF honours digest_len_bits (any positive multiple of 8 up to
// NGCC_XOF_MAX_DIGEST_BITS; the submitted wrapper always wrote 2048 bits, the
// KAT width, §5). The output length enters nowhere in the computation (counter
// mode, §4.4), so every output is a prefix of every longer one.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"
#include "common/block_loop.hpp"
#include "laurus/permutation.hpp"

namespace ngcc::laurus {

// One parameter set (§1.1): c and fid enter only the initial S[23] (§4.2)
// and c fixes the block size r = 1536 - c.
struct Params {
  unsigned capacity_bits;  // c: 512, 768 or 1024
  unsigned fid;            // function id: 0 hash, 1 XOF
};
inline constexpr Params kLaurus512{512, 0};
inline constexpr Params kLaurus768{768, 0};
inline constexpr Params kLaurus1024{1024, 0};
inline constexpr Params kLaurusXof{512, 1};

constexpr unsigned block_words(const Params &p) { return (1536 - p.capacity_bits) / 64; }  // nr

// The three block sizes (common/block_loop.hpp).
constexpr std::size_t block_bytes(const Params &p) { return 8 * block_words(p); }
using BlockShapes = block_loop::Shapes<kLaurus512, kLaurus768, kLaurus1024>;

constexpr unsigned kFinalWords = 8;    // the final block F is always 512 bits (§4.1)
constexpr unsigned kFinalBits = 64 * kFinalWords;
constexpr unsigned kOutputWords = 17;  // 1088 bits per squeeze call, every instance (§4.4, §6 row 1)

// §4.4: Y = S || F; output block b is P([2^63 | d 2^62 | b] || Y[8..31])[8..24]
// ^ Y[15..31]. The blocks are independent calls on the same Y, so a shorter
// output is always a prefix of a longer one.
inline void squeeze(const Implementation &impl, const Chain &s, const std::uint8_t *final_block,
                    bool unpadded, std::uint8_t *out, std::size_t out_bytes) {
  std::uint64_t y[kChainWords + kFinalWords];
  for (unsigned j = 0; j < kChainWords; ++j) y[j] = s[j];
  for (unsigned j = 0; j < kFinalWords; ++j) y[kChainWords + j] = load_be64(final_block + 8 * j);
  const std::uint64_t domain = (std::uint64_t(1) << 63) | (std::uint64_t(unpadded) << 62);
  for (std::uint64_t blk = 0; out_bytes > 0; ++blk) {
    State w;
    w[0] = domain | blk;
    for (unsigned j = 1; j < kStateWords; ++j) w[j] = y[7 + j];
    impl.permute(w);
    std::uint8_t block[kOutputWords * 8];
    for (unsigned j = 0; j < kOutputWords; ++j) store_be64(block + 8 * j, w[8 + j] ^ y[15 + j]);
    const std::size_t n = std::min(out_bytes, sizeof block);
    std::copy(block, block + n, out);
    out += n;
    out_bytes -= n;
  }
}

// Laurus[c, fid] (§4.5): out_bytes bytes of the digest of msg_bits message
// bits. Every branch depends on msg_bits and out_bytes only, never on content.
template <const Params &P>
void hash(const Implementation &impl, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out, std::size_t out_bytes) {
  constexpr std::uint64_t r = 64 * block_words(P);
  constexpr std::size_t kBlockBytes = block_bytes(P);
  Chaining c{{}, 0};
  c.s[kChainWords - 1] = (std::uint64_t(P.fid) << 63) + P.capacity_bits;  // §4.2

  // §4.1: d = 1 iff L > 0 and (L - 512) is a non-negative multiple of r;
  // then the message is not padded and its last 512 bits are F. Otherwise
  // Pm = M || 1 || 0^z is 512 + l*r bits long.
  const bool unpadded = msg_bits >= kFinalBits && (msg_bits - kFinalBits) % r == 0;
  const std::uint64_t blocks =
      unpadded ? (msg_bits - kFinalBits) / r
               : (msg_bits + 1 <= kFinalBits ? 0 : (msg_bits + 1 - kFinalBits + r - 1) / r);
  // Blocks of message bits only are absorbed straight from msg; the rest (at
  // most one padded block, then F) is assembled in `tail`.
  const std::uint64_t direct_blocks = unpadded ? blocks : std::min(blocks, msg_bits / r);
  impl.absorb_blocks(c, msg, static_cast<std::size_t>(direct_blocks), P);
  const std::uint8_t *rest = msg + direct_blocks * kBlockBytes;
  if (unpadded) return squeeze(impl, c.s, rest, true, out, out_bytes);

  std::uint8_t tail[kBlockBytes + kFinalBits / 8] = {};
  copy_message_bits_then_one(tail, rest, msg_bits - direct_blocks * r);
  const std::uint8_t *final_block = tail;
  if (direct_blocks < blocks) {  // 512 < s < r: one padded block, then F = 0
    impl.absorb_blocks(c, tail, 1, P);  // block number direct_blocks
    final_block = tail + kBlockBytes;
  }
  squeeze(impl, c.s, final_block, false, out, out_bytes);
}

}  // namespace ngcc::laurus
