// AFS-TrEDM (NGCC Round 1 candidate hash-01, variant S6): the parameters of
// its instances and the mode (aligned TrEDM absorption, framing, digest).
// The permutation: permutation.hpp. Section numbers (§) refer to
// docs/specs/hash-01-afs-tredm.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "afs_tredm/permutation.hpp"
#include "common/bits.hpp"
#include "common/block_loop.hpp"

namespace ngcc::afs_tredm {

// ---------------------------------------------------------------- §1, §3.2
// One parameter set.
struct Params {
  int digest_bits;     // d
  int rate_lanes;      // R = r / 64
  int half_rounds;     // n: g = rounds 0..n-1, h = rounds n..2n-1
  const char *domain;  // IV domain string

  constexpr int rate_bits() const { return 64 * rate_lanes; }
  constexpr int rate_bytes() const { return 8 * rate_lanes; }
  constexpr int capacity_bits() const { return 1600 - rate_bits(); }
  constexpr int digest_lanes() const { return digest_bits / 64; }
  // Lane R-1 of the last frame block: d || r || c || version 2 (16 bits each).
  constexpr std::uint64_t suffix_lane() const {
    return std::uint64_t(digest_bits) << 48 | std::uint64_t(rate_bits()) << 32 |
           std::uint64_t(capacity_bits()) << 16 | 2u;
  }
};

inline constexpr Params kAfsTrEdm512{
    512, 16, 6,
    "AFS-TrEDM-v2|d=512|r=1024|c=576|b=1600|nr=12|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};
inline constexpr Params kAfsTrEdm768{
    768, 12, 10,
    "AFS-TrEDM-v2|d=768|r=768|c=832|b=1600|nr=20|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};
inline constexpr Params kAfsTrEdm1024{
    1024, 8, 12,
    "AFS-TrEDM-v2|d=1024|r=512|c=1088|b=1600|nr=24|sbox=AFS64_t5_k2|linear=AFS-LMDS-1600-S6"};

// The three rates (common/block_loop.hpp).
constexpr std::size_t block_bytes(const Params &p) { return static_cast<std::size_t>(p.rate_bytes()); }
using BlockShapes = block_loop::Shapes<kAfsTrEdm512, kAfsTrEdm768, kAfsTrEdm1024>;

constexpr int kMaxRateBytes = 128;  // AFS-TrEDM-512

constexpr std::uint64_t fnv1a64(const char *s) {
  std::uint64_t h = 0xCBF29CE484222325ULL;
  for (; *s != '\0'; ++s) h = (h ^ static_cast<std::uint8_t>(*s)) * 0x00000100000001B3ULL;
  return h;
}

// The IV fills all 25 lanes (§3.2).
constexpr State initial_value(const Params &p) {
  State iv{};
  std::uint64_t x = fnv1a64(p.domain);
  for (int i = 0; i < kLanes; ++i) {
    x += kGamma;
    iv[i] = mix64(x);
  }
  return iv;
}

// ---------------------------------------------------------------- §5.2
// The frame F = T || 1 || 0* || L (64 bits) || suffix lane, one or two rate
// blocks, written to `frame`; returns the number of blocks. Built without
// looking at message bits (finding hash-01-1): the tail is copied with its
// unused low bits cleared and the padding bit is OR-ed in at a position that
// depends only on the length.
constexpr std::size_t kMaxFrameBytes = 2 * kMaxRateBytes;
inline int build_frame(const Params &p, const std::uint8_t *tail, std::uint64_t tail_bits,
                       std::uint64_t msg_bits, std::uint8_t frame[kMaxFrameBytes]) {
  for (std::size_t i = 0; i < kMaxFrameBytes; ++i) frame[i] = 0;
  copy_message_bits_then_one(frame, tail, tail_bits);
  // |T| + 1 + 128 bits fit in one block iff |T| <= r - 129.
  const int blocks = tail_bits + 129 <= static_cast<std::uint64_t>(p.rate_bits()) ? 1 : 2;
  std::uint8_t *end = frame + blocks * p.rate_bytes();
  store_be64(end - 16, msg_bits);
  store_be64(end - 8, p.suffix_lane());
  return blocks;
}

// Hash_d(M, L) of §5.2: every complete block straight from the message, then
// the frame. out_bytes is always d/8 (the module accepts no other width).
template <const Params &P>
void hash(const Implementation &impl, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out, std::size_t /*out_bytes*/) {
  static constexpr State kIv = initial_value(P);
  const std::uint64_t full_blocks = msg_bits / P.rate_bits();
  State a = kIv;
  impl.absorb_blocks(a, msg, static_cast<std::size_t>(full_blocks), P);

  std::uint8_t frame[kMaxFrameBytes];
  const int blocks = build_frame(P, msg + full_blocks * P.rate_bytes(),
                                 msg_bits - full_blocks * P.rate_bits(), msg_bits, frame);
  impl.absorb_blocks(a, frame, static_cast<std::size_t>(blocks), P);

  // The digest is the first d/64 capacity lanes, big-endian (§5.2).
  for (int i = 0; i < P.digest_lanes(); ++i) store_be64(out + 8 * i, a[P.rate_lanes + i]);
}

}  // namespace ngcc::afs_tredm
