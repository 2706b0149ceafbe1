// The buffers of the timed calls. The message is the published one
// (docs/method.md "What is measured"): byte i of an L-byte message is (i*131 + L) mod 256.
// It is read-only and ends at a guard page, and the digest ends at another
// (guarded_call.hpp), so a library that reads past its message, writes into
// it or writes past its digest faults instead of passing unnoticed.
#pragma once

#include <algorithm>
#include <cstdint>

#include "guarded_call.hpp"

namespace ngcc::bench {

class MeasuringBuffers {
 public:
  MeasuringBuffers(std::uint64_t bytes, int digest_bits)
      : bytes_(bytes),
        message_(static_cast<std::size_t>(std::max<std::uint64_t>(bytes, 1))),
        digest_(static_cast<std::size_t>(std::max(digest_bits / 8, 1))) {
    std::uint8_t *m = message_.end() - bytes;
    for (std::uint64_t i = 0; i < bytes; ++i) m[i] = static_cast<std::uint8_t>((i * 131 + bytes) % 256);
    message_.make_read_only();
  }

  const std::uint8_t *message() const { return message_.end() - bytes_; }
  std::uint8_t *digest() const { return digest_.data(); }

 private:
  std::uint64_t bytes_;
  ngcc::GuardedBuffer message_, digest_;
};

}  // namespace ngcc::bench
