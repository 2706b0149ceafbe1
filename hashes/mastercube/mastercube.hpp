// MasterCube (NGCC hash-17): instance parameters and the sponge mode.
// Specification: shared/research/hash-17-mastercube.md (cited as §n).
// The KATs follow the submitted code where it departs from the written
// specification; the three such points used here are marked "as implemented".
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"

namespace ngcc::mastercube {

// §2.1: 1536-bit state, 12 rows x 8 columns of 16-bit cells; cell k is
// row[k / 8][k % 8]. Rows 0-5 are the upper half, rows 6-11 the lower half.
constexpr int kRows = 12;
constexpr int kCols = 8;
constexpr int kHalfRows = 6;
constexpr std::size_t kStateBytes = 192;

struct State {
  std::uint16_t row[kRows][kCols];
};

// §4.7 AddConstant: row 0 ^= K ^ k in round k. K is frac(pi), written in the
// spec as 243F 6A88 85A3 08D3 1319 8A2E 0370 7344; as implemented (and in the
// KATs) the word written at position j lands in cell 7 - j.
constexpr std::uint16_t kRoundConstantRow[kCols] = {0x7344, 0x0370, 0x8A2E, 0x1319,
                                                    0x08D3, 0x85A3, 0x6A88, 0x243F};

// §1: the instances differ only in the rate and the digest length.
struct Params {
  const char *name;
  std::size_t rate_bytes;    // R = r / 8; always 32q + 24 (see permutation_avx2.cpp)
  std::size_t digest_bytes;  // d / 8
};
constexpr Params kMasterCube512{"MasterCube-512", 120, 64};
constexpr Params kMasterCube768{"MasterCube-768", 88, 96};
constexpr Params kMasterCube1024{"MasterCube-1024", 56, 128};

// The primitive behind the mode; the portable and the AVX2 variants both
// provide it. Cube-f (§7) is a transformation, not a permutation.
struct Primitive {
  // For each of n_blocks consecutive rate_bytes-byte blocks: XOR the block
  // into cells 0 .. rate_bytes/2 - 1 as little-endian words (§2.2), then
  // apply Cube-f.
  void (*absorb)(State &state, const std::uint8_t *blocks, std::size_t n_blocks,
                 std::size_t rate_bytes);
  void (*cube_f)(State &state);
};

const Primitive &portable_primitive();  // permutation.cpp
const Primitive &avx2_primitive();      // permutation_avx2.cpp (x86-64-v3 only)

// §8.1 final block, as implemented: pad10*1 with both padding bits OR-ed
// into one R-byte block. When t = r - 1 the two bits coincide (the padding
// defect of finding hash-17-1) and no extra block is produced.
inline void pad_final_block(std::uint8_t *block, std::size_t rate_bytes,
                            const std::uint8_t *tail, std::uint64_t tail_bits) {
  for (std::size_t i = 0; i < rate_bytes; ++i) block[i] = 0;
  copy_message_bits(block, tail, tail_bits);
  block[tail_bits / 8] |= static_cast<std::uint8_t>(0x80u >> (tail_bits % 8));
  block[rate_bytes - 1] |= 0x01;
}

// §8: absorb floor(L/r) full blocks and one padded block, then squeeze
// ceil(d/r) rate blocks. The superfluous Cube-f after the last output block
// (§8.2) is skipped; it cannot change the digest.
inline void hash(const Primitive &primitive, const Params &params,
                 const std::uint8_t *msg, std::uint64_t msg_bits,
                 std::uint8_t *out) {
  const std::size_t rate = params.rate_bytes;
  const std::uint64_t rate_bits = 8 * std::uint64_t(rate);
  const std::uint64_t full_blocks = msg_bits / rate_bits;

  State state{};
  primitive.absorb(state, msg, static_cast<std::size_t>(full_blocks), rate);

  std::uint8_t last[128];  // >= every rate_bytes
  pad_final_block(last, rate, msg + full_blocks * rate, msg_bits % rate_bits);
  primitive.absorb(state, last, 1, rate);

  std::size_t done = 0;
  for (;;) {
    for (std::size_t i = 0; i < rate && done < params.digest_bytes; i += 2, done += 2) {
      store_le16(out + done, state.row[i / 16][(i / 2) % kCols]);
    }
    if (done == params.digest_bytes) break;
    primitive.cube_f(state);
  }
}

}  // namespace ngcc::mastercube
