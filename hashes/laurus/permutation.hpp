// The Laurus permutation P (§3 of docs/specs/hash-14-laurus.md) and the
// absorption built on it (§4.3): the state, the constants, and the table of
// implementations, each with the same operations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"
#include "common/block_loop.hpp"
#include "common/cpu_features.hpp"

namespace ngcc::laurus {

// §2: the state is 25 words W[0..24]; row i is W[5i .. 5i+4], column j is
// W[j], W[5+j], ..., W[20+j], so word (column j, row i) is lane(j, i).
constexpr unsigned kStateWords = 25;
constexpr unsigned kChainWords = 24;  // the chaining value S, 1536 bits (§1)
constexpr unsigned kRounds = 16;
using State = std::array<std::uint64_t, kStateWords>;
using Chain = std::array<std::uint64_t, kChainWords>;
// What absorption carries from block to block (§4.3): S and the counter of
// the next block.
struct Chaining {
  Chain s;
  std::uint64_t counter;
};

// §3.1, table; RC[k+1] = RC[k] * x in GF(2^64) mod
// x^64 + x^63 + x^62 + x^54 + x^40 + x^35 + x^15 + x + 1 (checked by a unit test).
inline constexpr std::uint64_t kRoundConstants[kRounds] = {
    0xb7e151628aed2a6a, 0xaf82a3cd15dad4d7, 0x9f4546922bb529ad, 0xfeca8c2c576ad359,
    0x3dd51950aed526b1, 0x7baa32a15daa4d62, 0xf7546542bb549ac4, 0x2ee8cb8d76a9b58b,
    0x5dd1971aed536b16, 0xbba32e35daa6d62c, 0xb7065d63b54d2c5b, 0xae4cbbcf6a9ad8b5,
    0x9cd97696d5353169, 0xf9f2ec25aa6ae2d1, 0x33a5d94354d545a1, 0x674bb286a9aa8b42,
};

// §3.3: rotation amounts of θ, T[row][column].
inline constexpr unsigned kThetaRotations[5][5] = {
    {31, 1, 4, 21, 22},  {19, 12, 15, 34, 13}, {28, 35, 58, 9, 23},
    {55, 18, 5, 27, 44}, {14, 43, 53, 20, 25},
};

// §3.4: π, W'[dest] = W[kPiSource[dest]]; for dest = lane(j, i) the source
// is lane(3i + 3j, i + 2j).
inline constexpr unsigned kPiSource[kStateWords] = {
    0, 13, 21, 9, 17, 8, 16, 4, 12, 20, 11, 24, 7, 15, 3, 19, 2, 10, 23, 6, 22, 5, 18, 1, 14,
};

struct Params;  // laurus.hpp
constexpr unsigned block_words(const Params &p);  // laurus.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // §4.3 for nblocks consecutive r-bit blocks (r = 1536 - c), the first with
  // counter word c.counter, the next with c.counter + 1, ...: S carried from
  // block to block, c.counter advanced past the last block.
  void (*absorb_blocks)(Chaining &c, const std::uint8_t *blocks, std::size_t nblocks, const Params &p);
  // P (§3.5), in place.
  void (*permute)(State &w);
};

// The absorption of the implementations whose P works on a State in memory
// (common/block_loop.hpp): §4.3, W = [k] || X[0..23] with X = B_k || S, then
// S'[j] = P(W)[j+1] ^ X[(j+24) mod n], n = nr + 24: the feed-forward word is
// the old S[24 - nr + j] for j < nr and W[1 + j - nr] otherwise.
template <void (*Permute)(State &)>
struct OnState : block_loop::AsIs<Chaining> {
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Chaining &c, const std::uint8_t *block) {
    constexpr unsigned kBlockWords = block_words(P);
    Chain &s = c.s;
    State w;
    w[0] = c.counter++;
#pragma GCC unroll 24
    for (unsigned j = 0; j < kBlockWords; ++j) w[1 + j] = load_be64(block + 8 * j);
#pragma GCC unroll 24
    for (unsigned j = kBlockWords; j < kChainWords; ++j) w[1 + j] = s[j - kBlockWords];
    Chain feed_forward;
#pragma GCC unroll 24
    for (unsigned j = 0; j < kChainWords; ++j)
      feed_forward[j] = j < kBlockWords ? s[kChainWords - kBlockWords + j] : w[1 + j - kBlockWords];
    Permute(w);
#pragma GCC unroll 24
    for (unsigned j = 0; j < kChainWords; ++j) s[j] = w[j + 1] ^ feed_forward[j];
  }
};

// The implementations, one per permutation_<implementation>.cpp that this
// build compiles (the object each defines is its row's in
// hashes/variants.json), and their table kImplementations: declared in
// laurus/implementations.hpp, which cmake/NgccFamily.cmake writes.

// The first `rounds` rounds of P, portable (for the round check values of §9.4).
void permute_portable_rounds(State &w, unsigned rounds);

}  // namespace ngcc::laurus

#include "laurus/implementations.hpp"
