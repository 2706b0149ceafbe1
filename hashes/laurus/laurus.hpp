// Laurus (NGCC candidate hash-14): parameters of every instance and the mode
// (padding, absorption, counter-mode squeeze). The 1600-bit permutation P lives
// in permutation.cpp (portable) and permutation_avx2.cpp (x86-64-v3); both
// implement `Permutation` below and give identical output.
//
// Source: research/hash-14-laurus.md (spec digest; §n below refers to it).
// Conventions (§2): the message is an MSB-first bit string; every 64 message
// bits form one word, big-endian; output words are written big-endian.
//
// Laurus-XOF honours digest_len_bits (any positive multiple of 8 up to
// NGCC_XOF_MAX_DIGEST_BITS; the submitted wrapper always wrote 2048 bits, the
// KAT width, §5). The output length enters nowhere in the computation (counter
// mode, §4.4), so every output is a prefix of every longer one, at every
// length: there is no exception to the prefix property.
#pragma once

#include <algorithm>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"

namespace laurus {

constexpr unsigned kStateWords = 25;   // permutation state, 25 x 64 bits
constexpr unsigned kChainWords = 24;   // chaining value S, 1536 bits (§1)
constexpr unsigned kFinalWords = 8;    // final block F, always 512 bits (§4.1)
constexpr unsigned kFinalBits = 512;
constexpr unsigned kOutputWords = 17;  // 1088 bits per squeeze call, every instance (§4.4, §6 row 1)
constexpr unsigned kRounds = 16;

// The permutation P (§3), in place on W[0..24].
using Permutation = void (*)(std::uint64_t w[kStateWords]);

// One row per parameter set (§1.1). c is the capacity-like parameter, fid the
// function id; both enter only the initial S[23] (§4.2).
struct Instance {
  const char *name;
  const char *kat_name;
  unsigned capacity_bits;
  unsigned fid;
  unsigned digest_bits;  // KAT width (the XOF's DIGEST_BIT_LENGTH is 2048)
  bool is_xof;
};

inline constexpr Instance kInstances[] = {
    {"Laurus-512", "laurus_512", 512, 0, 512, false},
    {"Laurus-768", "laurus_768", 768, 0, 768, false},
    {"Laurus-1024", "laurus_1024", 1024, 0, 1024, false},
    {"Laurus-XOF", "laurus_xof", 512, 1, 2048, true},
};

// Laurus[c, fid]: the generic function of §4.5, for one capacity c.
template <unsigned CapacityBits>
class Mode {
 public:
  static constexpr unsigned kBlockBits = 1536 - CapacityBits;  // r
  static constexpr unsigned kBlockWords = kBlockBits / 64;      // nr
  static constexpr unsigned kBlockBytes = kBlockBits / 8;
  static_assert(CapacityBits == 512 || CapacityBits == 768 || CapacityBits == 1024);

  // Writes out_bytes bytes of Laurus[c, fid](msg, msg_bits). Every branch
  // depends on msg_bits and out_bytes only, never on message content.
  static void hash(Permutation permute, unsigned fid, const std::uint8_t *msg,
                   std::uint64_t msg_bits, std::uint8_t *out, std::size_t out_bytes) {
    // §4.2: the only domain separation.
    std::uint64_t s[kChainWords] = {};
    s[kChainWords - 1] = (std::uint64_t(fid) << 63) + CapacityBits;

    // §4.1: d = 1 iff L > 0 and (L - 512) is a non-negative multiple of r;
    // then the message is not padded and its last 512 bits are F.
    const bool unpadded =
        msg_bits >= kFinalBits && (msg_bits - kFinalBits) % kBlockBits == 0;
    // Length of the padded string Pm = 512 + l*r bits.
    const std::uint64_t blocks =
        unpadded ? (msg_bits - kFinalBits) / kBlockBits
                 : (msg_bits + 1 <= kFinalBits
                        ? 0
                        : (msg_bits + 1 - kFinalBits + kBlockBits - 1) / kBlockBits);
    // Blocks made of message bits only are absorbed straight from msg; the
    // rest (at most one padded block, then F) is assembled in `tail`.
    const std::uint64_t direct_blocks = unpadded ? blocks : std::min(blocks, msg_bits / kBlockBits);
    std::uint64_t counter = 0;
    for (; counter < direct_blocks; ++counter)
      absorb(permute, s, msg + counter * kBlockBytes, counter);

    std::uint8_t tail[kBlockBytes + kFinalBits / 8] = {};
    const std::uint64_t tail_bits = msg_bits - direct_blocks * kBlockBits;
    ngcc::copy_message_bits(tail, msg + direct_blocks * kBlockBytes, tail_bits);
    if (!unpadded) tail[tail_bits / 8] |= std::uint8_t(0x80u >> (tail_bits % 8));
    const std::uint8_t *final_block = tail;
    if (counter < blocks) {  // the 512 < s < r case: padded block, F = 0
      absorb(permute, s, tail, counter);
      final_block = tail + kBlockBytes;
    }
    squeeze(permute, s, final_block, unpadded, out, out_bytes);
  }

  // The two steps, public for the intermediate-value tests of §9.5.
  // §4.3: W = [k] || X[0..23] with X = B || S; S'[j] = P(W)[j+1] ^ X[(j+24) mod n].
  // The feed-forward word X[(j+24) mod n] is the old S[24 - nr + j] for j < nr
  // and W[1 + j - nr] otherwise.
  static void absorb(Permutation permute, std::uint64_t s[kChainWords],
                     const std::uint8_t *block, std::uint64_t counter) {
    std::uint64_t w[kStateWords];
    w[0] = counter;
    // Unrolled so that every index is a constant.
#pragma GCC unroll 24
    for (unsigned j = 0; j < kBlockWords; ++j) w[1 + j] = ngcc::load_be64(block + 8 * j);
#pragma GCC unroll 24
    for (unsigned j = kBlockWords; j < kChainWords; ++j) w[1 + j] = s[j - kBlockWords];
    std::uint64_t feed_forward[kChainWords];
#pragma GCC unroll 24
    for (unsigned j = 0; j < kChainWords; ++j)
      feed_forward[j] = j < kBlockWords ? s[kChainWords - kBlockWords + j] : w[1 + j - kBlockWords];
    permute(w);
#pragma GCC unroll 24
    for (unsigned j = 0; j < kChainWords; ++j) s[j] = w[j + 1] ^ feed_forward[j];
  }

  // §4.4: Y = S || F; output block b = (P([2^63 | d 2^62 | b] || Y[8..31]))[8..24]
  // ^ Y[15..31]. The blocks are independent calls on the same Y, so a shorter
  // output is always a prefix of a longer one.
  static void squeeze(Permutation permute, const std::uint64_t s[kChainWords],
                      const std::uint8_t *final_block, bool unpadded, std::uint8_t *out,
                      std::size_t out_bytes) {
    std::uint64_t y[kChainWords + kFinalWords];
    for (unsigned j = 0; j < kChainWords; ++j) y[j] = s[j];
    for (unsigned j = 0; j < kFinalWords; ++j)
      y[kChainWords + j] = ngcc::load_be64(final_block + 8 * j);
    const std::uint64_t domain = (std::uint64_t(1) << 63) | (std::uint64_t(unpadded) << 62);
    for (std::uint64_t blk = 0; out_bytes > 0; ++blk) {
      std::uint64_t w[kStateWords];
      w[0] = domain | blk;
      for (unsigned j = 1; j < kStateWords; ++j) w[j] = y[7 + j];
      permute(w);
      std::uint8_t block[kOutputWords * 8];
      for (unsigned j = 0; j < kOutputWords; ++j)
        ngcc::store_be64(block + 8 * j, w[8 + j] ^ y[15 + j]);
      const std::size_t n = out_bytes < sizeof block ? out_bytes : sizeof block;
      for (std::size_t i = 0; i < n; ++i) out[i] = block[i];
      out += n;
      out_bytes -= n;
    }
  }
};

}  // namespace laurus
