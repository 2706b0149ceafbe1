// Defines the exported symbols of one module: CryptHash (with the argument
// policy of ngcc/crypthash.h, applied here once for every family) and
// ngcc_instance(). Include from exactly one translation unit per module.
#pragma once

#include <cstddef>
#include <cstdint>

#include "ngcc/crypthash.h"

namespace ngcc {

// The algorithm proper: msg is never NULL when msg_bits > 0, out has
// out_bytes bytes, and out_bytes*8 is a width the instance accepts.
using HashFunction = void (*)(const std::uint8_t *msg, std::uint64_t msg_bits,
                              std::uint8_t *out, std::size_t out_bytes);

inline int checked_crypthash(const ngcc_instance_info &info, HashFunction hash,
                             int digest_len_bits, const unsigned char *msg,
                             unsigned long long msg_len_bits, unsigned char *digest) {
  if (digest == nullptr) return NGCC_ERR_NULL_DIGEST;
  if (msg == nullptr && msg_len_bits > 0) return NGCC_ERR_NULL_MESSAGE;
  const bool accepted =
      info.is_xof ? (digest_len_bits > 0 && digest_len_bits % 8 == 0 &&
                     digest_len_bits <= info.max_digest_bits)
                  : digest_len_bits == info.digest_bits;
  if (!accepted) return NGCC_ERR_DIGEST_LENGTH;
  static const std::uint8_t empty[1] = {0};
  hash(msg != nullptr ? msg : empty, msg_len_bits, digest,
       static_cast<std::size_t>(digest_len_bits / 8));
  return NGCC_OK;
}

}  // namespace ngcc

// NGCC_VARIANT ("ref"/"opt") is set per module by ngcc_add_module (CMake).
#define NGCC_DEFINE_MODULE(INFO, HASH)                                         \
  extern "C" NGCC_EXPORT const ngcc_instance_info *ngcc_instance(void) {      \
    return &(INFO);                                                            \
  }                                                                            \
  extern "C" NGCC_EXPORT int CryptHash(int digest_len_bits,                   \
                                       const unsigned char *msg,               \
                                       unsigned long long msg_len_bits,        \
                                       unsigned char *digest) {                \
    return ngcc::checked_crypthash((INFO), (HASH), digest_len_bits, msg,       \
                                   msg_len_bits, digest);                      \
  }
