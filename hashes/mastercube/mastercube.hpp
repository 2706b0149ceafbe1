// MasterCube (NGCC Round 1 candidate hash-17): the parameters of its
// instances and the sponge mode. The primitive Cube-f: permutation.hpp.
// Section numbers (§) refer to docs/specs/hash-17-mastercube.md. The KATs follow
// the submitted code where it departs from the written specification; such
// points are marked "as implemented".
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"
#include "common/block_loop.hpp"
#include "mastercube/permutation.hpp"

namespace ngcc::mastercube {

// §1: the instances differ only in the rate and the digest length.
struct Params {
  std::size_t rate_bytes;    // R = r / 8; always 32q + 24 (see permutation_vector.hpp)
  std::size_t digest_bytes;  // d / 8
};
inline constexpr Params kMasterCube512{120, 64};
inline constexpr Params kMasterCube768{88, 96};
inline constexpr Params kMasterCube1024{56, 128};

// The three rates (common/block_loop.hpp).
constexpr std::size_t block_bytes(const Params &p) { return p.rate_bytes; }
using BlockShapes = block_loop::Shapes<kMasterCube512, kMasterCube768, kMasterCube1024>;

constexpr std::size_t kMaxRateBytes = 120;

// §8.1 final block, as implemented: the message tail, the first padding bit
// right after it and the last one at the LSB of byte R-1, in one R-byte
// block. When t = r - 1 the two bits coincide (the padding defect, finding
// hash-17-1) and no extra block is produced.
inline void pad_final_block(std::uint8_t *block, std::size_t rate_bytes,
                            const std::uint8_t *tail, std::uint64_t tail_bits) {
  for (std::size_t i = 0; i < rate_bytes; ++i) block[i] = 0;
  copy_message_bits_then_one(block, tail, tail_bits);
  block[rate_bytes - 1] |= 0x01;
}

// §8: absorb floor(L/r) full blocks straight from the message and one padded
// block, then squeeze ceil(d/r) rate blocks. The superfluous Cube-f after
// the last output block (§8.2) is skipped; it cannot change the digest.
// Branches depend on the length only. out_bytes is always digest_bytes.
template <const Params &P>
void hash(const Implementation &impl, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out, std::size_t /*out_bytes*/) {
  static_assert(P.rate_bytes % 8 == 0 && P.digest_bytes % 8 == 0, "whole state words");
  const std::uint64_t rate_bits = 8 * std::uint64_t(P.rate_bytes);
  const std::uint64_t full_blocks = msg_bits / rate_bits;

  State state{};
  impl.absorb_blocks(state, msg, static_cast<std::size_t>(full_blocks), P);

  std::uint8_t last[kMaxRateBytes];
  pad_final_block(last, P.rate_bytes, msg + full_blocks * P.rate_bytes, msg_bits % rate_bits);
  impl.absorb_blocks(state, last, 1, P);

  std::size_t done = 0;
  for (;;) {
    for (std::size_t i = 0; i < P.rate_bytes / 8 && done < P.digest_bytes; ++i, done += 8) {
      store_le64(out + done, state.word[i]);
    }
    if (done == P.digest_bytes) break;
    impl.permute(state);
  }
}

}  // namespace ngcc::mastercube
