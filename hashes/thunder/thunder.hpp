// Thunder (NGCC Round 1 candidate hash-33): the parameters of its instances and
// the mode, a feed-forward sponge (padding, absorbing, squeezing). The
// permutation: permutation.hpp. Section numbers (§) refer to
// docs/specs/hash-33-thunder.md.
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"
#include "common/block_loop.hpp"
#include "thunder/permutation.hpp"

namespace ngcc::thunder {

// One parameter set (§1 table; IVs §7 in lane order: iv[j] goes into lane j).
// The capacity is the low lanes 0..capacity_lanes()-1, the rate the high
// lanes (c + r = 1600 bits); the output is read from the low lanes.
struct Params {
  int rate_bytes;    // r/8
  int output_lanes;  // n_w: lanes per output block (W = 64 n_w bits); XOFs squeeze more blocks
  std::uint64_t iv[17];

  constexpr int rate_lanes() const { return rate_bytes / 8; }
  constexpr int capacity_lanes() const { return kLanes - rate_lanes(); }
};

inline constexpr Params kThunder512{
    128, 8,
    {0xBF6F0F35E3B4B690, 0x8E265B9343C855BE, 0x246B722CBB56513A, 0xBC2F395FD06923B4,
     0xDD524527A77295D2, 0x41E818D4F5A362FC, 0x694AD1341F066571, 0x9B04C99DC477B767,
     0x385EC0E6C2C9262C}};
inline constexpr Params kThunder768{
    96, 12,
    {0x1EE2C8609716E1FD, 0x9C67610B0EF5484C, 0x1E6D7FF8F050881C, 0xCC3FA3279D6371F6,
     0xDB34E00BB8122876, 0xB9839A4AF0CAE3D5, 0xDCFA816272A35C8C, 0x55FBD3148A3A352A,
     0x900E93CA9A4A9953, 0x9CCCEF7ACDC19758, 0xA7A16EAC10689E8C, 0x676B3791EBA6281C,
     0xE1F7C9010E8EC178}};
inline constexpr Params kThunder1024{
    64, 16,
    {0xF40BA520BF2176AF, 0x6CA062C126D8F82F, 0xDE0AF08D84B563FD, 0x9DE9EBB8E116C786,
     0x0E88F98C2AFD6C77, 0xCC6BB54C5AB31102, 0x92814BCC238CCEBA, 0x6AF2AB07A720737F,
     0x95D75D8EE27A1149, 0x9F76C65C5E81FEAD, 0xF201204809F567F0, 0x717EF7874FDF8324,
     0x1E74332499E4122A, 0xF8935180A66B22D6, 0x948CDBECC8BAE9D8, 0x2C44DD200F6D93DE,
     0x24503F60BF3CA4C8}};
inline constexpr Params kThunderXof256{
    128, 20,
    {0x9E812DA2738FE002, 0x219B7C0760B0E94D, 0x52156057D367DA1E, 0x00A5215DFFDE8879,
     0xA7883EF829CC1A87, 0x4A515E2B8E01C2FF, 0x5C0AE2159E01FC77, 0x729855614D7F148C,
     0x4980F7D439055835}};
inline constexpr Params kThunderXof384{
    96, 18,
    {0xF45C092FAC272ECD, 0x6663F2D34B981CE9, 0x3F8ADB0DCF6E3C57, 0xF4E8D96C8C2AA889,
     0xF63C53A3C826DD36, 0x6322E49D1D66FD68, 0xA69B502F299DF9E8, 0x37F1F11B1F666C79,
     0x93B2116B09264243, 0x103353E2853DC514, 0x03BF159A8C56AEEA, 0x63A3C93B73413AB0,
     0x12213C610D4668BF}};
inline constexpr Params kThunderXof512{
    64, 16,
    {0xC2884D525C702B64, 0x66A72645A0F40A18, 0xBAB84A614A2350C9, 0xF081647F0AD178DD,
     0x7B767D98DA24EC2C, 0x3B3C04DD07203847, 0xFA818BD5EB11B50C, 0xD5E7B03035AB65EF,
     0x3E1620F081AF14FA, 0x621BC66649423A58, 0x9DE98219698CF8DD, 0x01C0349676559785,
     0x0CB97494B14EA9E1, 0x9A48816B41176EB4, 0x7EECDF54AA725D35, 0xFFF86452843778BC,
     0x9AEEEF2B632AA55E}};

// The three rates of §1 (common/block_loop.hpp).
constexpr std::size_t block_bytes(const Params &p) { return static_cast<std::size_t>(p.rate_bytes); }
using BlockShapes = block_loop::Shapes<kThunder512, kThunder768, kThunder1024>;

constexpr int kMaxRateBytes = 128;
// §4.4: a squeeze step is the absorb of an all-zero block (no input, no
// domain bit, the same feed-forward).
inline constexpr std::uint8_t kZeroBlock[kMaxRateBytes] = {};

// Writes the first out_bytes (at most one block) of the output block (§4.4):
// lanes n_w-1 down to 0, each big-endian.
template <const Params &P>
void emit_block(const State &state, std::uint8_t *out, std::size_t out_bytes) {
  std::uint8_t block[8 * P.output_lanes];
  for (int i = 0; i < P.output_lanes; ++i) store_be64(block + 8 * i, state[P.output_lanes - 1 - i]);
  for (std::size_t i = 0; i < out_bytes; ++i) out[i] = block[i];
}

// Thunder(M, L) with out_bytes output bytes (§4.5). Complete blocks are
// absorbed straight from the message, the padded tail from a local buffer.
// Branches depend on the lengths only, never on message content. Fixed-width
// instances are only called with out_bytes = one output block.
template <const Params &P>
void hash(const Implementation &impl, const std::uint8_t *msg, std::uint64_t msg_bits,
          std::uint8_t *out, std::size_t out_bytes) {
  State state{};
  for (int j = 0; j < P.capacity_lanes(); ++j) state[j] = P.iv[j];

  const std::uint64_t rate_bits = 8u * P.rate_bytes;
  const std::uint64_t full_blocks = msg_bits / rate_bits;
  impl.absorb_blocks(state, msg, static_cast<std::size_t>(full_blocks), P);

  // §4.3: the remaining rem < r bits, a 1 bit, zeros. For rem = r - 1 the pad
  // bit fills the block and the domain bit moves to an extra all-zero block.
  const std::uint64_t rem = msg_bits % rate_bits;
  std::uint8_t tail[2 * P.rate_bytes] = {};
  copy_message_bits_then_one(tail, msg + full_blocks * P.rate_bytes, rem);
  const int tail_blocks = rem == rate_bits - 1 ? 2 : 1;
  if (tail_blocks == 2) impl.absorb_blocks(state, tail, 1, P);
  state[0] ^= 1;  // §4.2: the domain bit of the last block, before its snapshot
  impl.absorb_blocks(state, tail + (tail_blocks - 1) * P.rate_bytes, 1, P);

  // §4.4: one output block per permutation call; a shorter output is a
  // prefix of a longer one.
  constexpr std::size_t block_bytes = 8 * P.output_lanes;
  for (;;) {
    const std::size_t n = out_bytes < block_bytes ? out_bytes : block_bytes;
    emit_block<P>(state, out, n);
    out += n;
    out_bytes -= n;
    if (out_bytes == 0) break;
    impl.absorb_blocks(state, kZeroBlock, 1, P);
  }
}

}  // namespace ngcc::thunder
