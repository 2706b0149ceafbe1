// Bit and byte helpers shared by every family (written once, here only).
// Message bit convention: see ngcc/crypthash.h (MSB-first, partial last byte
// holds its message bits in the high positions).
#pragma once

// For the small helpers of the vector implementations, whose state must stay
// in registers: GCC otherwise keeps some calls out of line.
#define NGCC_ALWAYS_INLINE inline __attribute__((always_inline))

#include <cstddef>
#include <cstdint>
#include <cstring>

namespace ngcc {

constexpr std::uint16_t rotr16(std::uint16_t x, unsigned n) {
  return n == 0 ? x : static_cast<std::uint16_t>((x >> n) | (x << (16 - n)));
}
constexpr std::uint32_t rotr32(std::uint32_t x, unsigned n) {
  return n == 0 ? x : (x >> n) | (x << (32 - n));
}
constexpr std::uint64_t rotl64(std::uint64_t x, unsigned n) {
  return n == 0 ? x : (x << n) | (x >> (64 - n));
}
constexpr std::uint64_t rotr64(std::uint64_t x, unsigned n) {
  return n == 0 ? x : (x >> n) | (x << (64 - n));
}

// Loads and stores of fixed byte order, independent of the host's order.
inline std::uint16_t load_le16(const std::uint8_t *p) {
  return static_cast<std::uint16_t>(p[0] | (p[1] << 8));
}
inline std::uint32_t load_le32(const std::uint8_t *p) {
  return std::uint32_t(p[0]) | std::uint32_t(p[1]) << 8 |
         std::uint32_t(p[2]) << 16 | std::uint32_t(p[3]) << 24;
}
inline std::uint64_t load_le64(const std::uint8_t *p) {
  return std::uint64_t(load_le32(p)) | std::uint64_t(load_le32(p + 4)) << 32;
}
inline std::uint32_t load_be32(const std::uint8_t *p) {
  return std::uint32_t(p[0]) << 24 | std::uint32_t(p[1]) << 16 |
         std::uint32_t(p[2]) << 8 | std::uint32_t(p[3]);
}
inline std::uint64_t load_be64(const std::uint8_t *p) {
  return std::uint64_t(load_be32(p)) << 32 | load_be32(p + 4);
}
inline void store_le16(std::uint8_t *p, std::uint16_t v) {
  p[0] = std::uint8_t(v);
  p[1] = std::uint8_t(v >> 8);
}
inline void store_le64(std::uint8_t *p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = std::uint8_t(v >> (8 * i));
}
inline void store_be64(std::uint8_t *p, std::uint64_t v) {
  for (int i = 0; i < 8; ++i) p[i] = std::uint8_t(v >> (56 - 8 * i));
}

// Number of bytes holding an n-bit message.
constexpr std::uint64_t bytes_for_bits(std::uint64_t n_bits) { return (n_bits + 7) / 8; }

// Mask keeping the `used` (1..8) most significant bits of a byte; used = 0
// means the whole byte (a whole-byte message).
constexpr std::uint8_t high_bits_mask(unsigned used) {
  return used == 0 ? 0xFF : static_cast<std::uint8_t>(0xFF00u >> used);
}

// Copies the ceil(n_bits/8) bytes of an n_bits-bit message tail into dst and
// clears the unused low bits of a partial last byte, so padding can be OR-ed
// in without looking at message content (no data-dependent branch).
inline void copy_message_bits(std::uint8_t *dst, const std::uint8_t *src,
                              std::uint64_t n_bits) {
  const std::size_t n = static_cast<std::size_t>(bytes_for_bits(n_bits));
  if (n == 0) return;
  std::memcpy(dst, src, n);
  dst[n - 1] &= high_bits_mask(static_cast<unsigned>(n_bits % 8));
}

// copy_message_bits, then the 1 bit that starts every family's padding, right
// after the last message bit. dst is zero from byte floor(n_bits/8) on.
inline void copy_message_bits_then_one(std::uint8_t *dst, const std::uint8_t *src,
                                       std::uint64_t n_bits) {
  copy_message_bits(dst, src, n_bits);
  dst[n_bits / 8] |= static_cast<std::uint8_t>(0x80u >> (n_bits % 8));
}

}  // namespace ngcc
