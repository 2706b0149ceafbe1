// The published benchmark message (perf-method.md §5): byte i of an L-byte
// message is (i*131 + L) mod 256; buffers carry 64 spare bytes.
#pragma once

#include <cstdint>
#include <vector>

namespace ngcc::bench {

inline std::vector<std::uint8_t> benchmark_message(std::uint64_t bytes) {
  std::vector<std::uint8_t> m(bytes + 64, 0);
  for (std::uint64_t i = 0; i < bytes; ++i) m[i] = static_cast<std::uint8_t>((i * 131 + bytes) % 256);
  return m;
}

}  // namespace ngcc::bench
