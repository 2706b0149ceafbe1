// Thunder (NGCC hash-33): a feed-forward sponge over the 1600-bit, 12-round
// permutation Thunder-p. Specification: shared/research/hash-33-thunder.md
// (section numbers below refer to it).
//
// Reading order: parameters of every instance, then the mode (absorb, pad,
// squeeze). The permutation itself lives in permutation.cpp (portable) and
// permutation_avx2.cpp (x86-64-v3); both implement `Permutation`.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"

namespace ngcc::thunder {

constexpr int kLanes = 25;  // 5x5 lanes of 64 bits, lane k = x + 5y (§2)
using State = std::array<std::uint64_t, kLanes>;

// ---------------------------------------------------------------------------
// Parameters (§1 table, IVs §7 in lane order: iv[j] goes into lane j).
// The capacity is the low lanes 0..capacity_lanes-1, the rate the high lanes;
// the output is read from the low lanes.
struct Params {
  const char *name;    // also the KAT ALGORITHM_INSTANCE
  int rate_bytes;      // r/8
  int capacity_lanes;  // n_c
  int output_lanes;    // n_w: lanes emitted per output block (W = 64 n_w bits)
  bool is_xof;         // XOFs squeeze further blocks; fixed-width emit one
  std::array<std::uint64_t, 17> iv;

  constexpr int rate_lanes() const { return rate_bytes / 8; }
  constexpr int digest_bits() const { return 64 * output_lanes; }  // KAT width
};

inline constexpr Params kThunder512{
    "Thunder-512", 128, 9, 8, false,
    {0xBF6F0F35E3B4B690, 0x8E265B9343C855BE, 0x246B722CBB56513A, 0xBC2F395FD06923B4,
     0xDD524527A77295D2, 0x41E818D4F5A362FC, 0x694AD1341F066571, 0x9B04C99DC477B767,
     0x385EC0E6C2C9262C}};
inline constexpr Params kThunder768{
    "Thunder-768", 96, 13, 12, false,
    {0x1EE2C8609716E1FD, 0x9C67610B0EF5484C, 0x1E6D7FF8F050881C, 0xCC3FA3279D6371F6,
     0xDB34E00BB8122876, 0xB9839A4AF0CAE3D5, 0xDCFA816272A35C8C, 0x55FBD3148A3A352A,
     0x900E93CA9A4A9953, 0x9CCCEF7ACDC19758, 0xA7A16EAC10689E8C, 0x676B3791EBA6281C,
     0xE1F7C9010E8EC178}};
inline constexpr Params kThunder1024{
    "Thunder-1024", 64, 17, 16, false,
    {0xF40BA520BF2176AF, 0x6CA062C126D8F82F, 0xDE0AF08D84B563FD, 0x9DE9EBB8E116C786,
     0x0E88F98C2AFD6C77, 0xCC6BB54C5AB31102, 0x92814BCC238CCEBA, 0x6AF2AB07A720737F,
     0x95D75D8EE27A1149, 0x9F76C65C5E81FEAD, 0xF201204809F567F0, 0x717EF7874FDF8324,
     0x1E74332499E4122A, 0xF8935180A66B22D6, 0x948CDBECC8BAE9D8, 0x2C44DD200F6D93DE,
     0x24503F60BF3CA4C8}};
inline constexpr Params kThunderXof256{
    "Thunder-XOF-256", 128, 9, 20, true,
    {0x9E812DA2738FE002, 0x219B7C0760B0E94D, 0x52156057D367DA1E, 0x00A5215DFFDE8879,
     0xA7883EF829CC1A87, 0x4A515E2B8E01C2FF, 0x5C0AE2159E01FC77, 0x729855614D7F148C,
     0x4980F7D439055835}};
inline constexpr Params kThunderXof384{
    "Thunder-XOF-384", 96, 13, 18, true,
    {0xF45C092FAC272ECD, 0x6663F2D34B981CE9, 0x3F8ADB0DCF6E3C57, 0xF4E8D96C8C2AA889,
     0xF63C53A3C826DD36, 0x6322E49D1D66FD68, 0xA69B502F299DF9E8, 0x37F1F11B1F666C79,
     0x93B2116B09264243, 0x103353E2853DC514, 0x03BF159A8C56AEEA, 0x63A3C93B73413AB0,
     0x12213C610D4668BF}};
inline constexpr Params kThunderXof512{
    "Thunder-XOF-512", 64, 17, 16, true,
    {0xC2884D525C702B64, 0x66A72645A0F40A18, 0xBAB84A614A2350C9, 0xF081647F0AD178DD,
     0x7B767D98DA24EC2C, 0x3B3C04DD07203847, 0xFA818BD5EB11B50C, 0xD5E7B03035AB65EF,
     0x3E1620F081AF14FA, 0x621BC66649423A58, 0x9DE98219698CF8DD, 0x01C0349676559785,
     0x0CB97494B14EA9E1, 0x9A48816B41176EB4, 0x7EECDF54AA725D35, 0xFFF86452843778BC,
     0x9AEEEF2B632AA55E}};

// ---------------------------------------------------------------------------
// Constants of the permutation (§3.1), used by both implementations.
// §3.1, round constants RC[i] (XORed into lane 0 by iota).
constexpr std::uint64_t kRoundConstants[12] = {0x0001, 0x0003, 0x000A, 0x0088, 0x8081, 0x8002,
                                               0x0009, 0x0083, 0x800A, 0x0089, 0x8083, 0x800B};
// §3.1, rho: right-rotation amount of lane k.
constexpr unsigned kRho[kLanes] = {45, 33, 13, 1,  27, 40, 52, 19, 47, 9,  34, 5, 0,
                                   2,  37, 48, 30, 61, 8,  38, 6,  18, 49, 17, 43};
// §3.1, theta: T[y], u and s.
constexpr unsigned kThetaT[5] = {41, 50, 6, 10, 27};
constexpr unsigned kThetaU = 26;
constexpr unsigned kThetaS = 36;

// ---------------------------------------------------------------------------
// The permutation Thunder-p (§3), in place. Two implementations with the
// same output: permute_portable (permutation.cpp) and permute_avx2
// (permutation_avx2.cpp, x86-64-v3 only).
using Permutation = void (*)(State &state);
void permute_portable(State &state);
void permute_avx2(State &state);

// The five steps of a round of the portable permutation, exposed for the
// unit tests of the round-0 trace (§11).
namespace steps {
void iota(State &state, int round);
void rho(State &state);
void theta(State &state);
void pi(State &state);
void psi(State &state);
}  // namespace steps

// ---------------------------------------------------------------------------
// The mode (§4).

// Thunder-p with feed-forward of the capacity lanes as they were just before
// the call (§4.2); the rate lanes are not fed forward.
template <const Params &P>
inline void permute_with_feed_forward(Permutation permute, State &state) {
  std::uint64_t saved[P.capacity_lanes];
  for (int j = 0; j < P.capacity_lanes; ++j) saved[j] = state[j];
  permute(state);
  for (int j = 0; j < P.capacity_lanes; ++j) state[j] ^= saved[j];
}

// Absorbs one rate_bytes block: bytes 8i..8i+7 (big-endian) go into lane
// 24 - i; the final block also gets the domain bit in lane 0 (§4.2).
template <const Params &P>
inline void absorb(Permutation permute, State &state, const std::uint8_t *block, bool final) {
  for (int i = 0; i < P.rate_lanes(); ++i) state[kLanes - 1 - i] ^= load_be64(block + 8 * i);
  state[0] ^= final ? 1 : 0;
  permute_with_feed_forward<P>(permute, state);
}

// Writes up to one output block (§4.4): lanes n_w-1 down to 0, each big-endian.
template <const Params &P>
inline void emit_block(const State &state, std::uint8_t *out, std::size_t out_bytes) {
  std::uint8_t block[8 * P.output_lanes];
  for (int i = 0; i < P.output_lanes; ++i) store_be64(block + 8 * i, state[P.output_lanes - 1 - i]);
  for (std::size_t i = 0; i < out_bytes; ++i) out[i] = block[i];
}

// Thunder(M, L) with out_bytes output bytes (§4.5). Fixed-width instances are
// only called with out_bytes = digest_bits/8 (argument policy, module.hpp).
template <const Params &P>
void hash(Permutation permute, const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
          std::size_t out_bytes) {
  State state{};
  for (int j = 0; j < P.capacity_lanes; ++j) state[j] = P.iv[j];

  // Full blocks (§4.3).
  const std::uint64_t rate_bits = 8 * static_cast<std::uint64_t>(P.rate_bytes);
  const std::uint64_t full_blocks = msg_bits / rate_bits;
  for (std::uint64_t k = 0; k < full_blocks; ++k) absorb<P>(permute, state, msg + k * P.rate_bytes, false);

  // Last block: the remaining rem < r bits, then one '1' bit, then zeros.
  // If rem = r - 1 the pad bit fills the block and the domain bit moves to an
  // extra all-zero block.
  const std::uint64_t rem = msg_bits - full_blocks * rate_bits;
  std::uint8_t last[P.rate_bytes] = {};
  copy_message_bits(last, msg + full_blocks * P.rate_bytes, rem);
  last[rem / 8] |= static_cast<std::uint8_t>(0x80u >> (rem % 8));
  if (rem == rate_bits - 1) {
    absorb<P>(permute, state, last, false);
    const std::uint8_t zero[P.rate_bytes] = {};
    absorb<P>(permute, state, zero, true);
  } else {
    absorb<P>(permute, state, last, true);
  }

  // Output (§4.4): one block per permutation call; a shorter output is a
  // prefix of a longer one.
  constexpr std::size_t block_bytes = 8 * P.output_lanes;
  for (;;) {
    const std::size_t n = out_bytes < block_bytes ? out_bytes : block_bytes;
    emit_block<P>(state, out, n);
    out += n;
    out_bytes -= n;
    if (out_bytes == 0) break;
    permute_with_feed_forward<P>(permute, state);
  }
}

}  // namespace ngcc::thunder
