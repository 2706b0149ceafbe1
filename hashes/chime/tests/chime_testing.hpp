// Shared by the CHIME unit and findings tests: the messages of the vectors
// (docs/specs/hash-26-chime.md §15, §17).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "chime/chime.hpp"
#include "test_support.hpp"

namespace ngcc::chime::test {

// Lower-case hex, as the specification prints digests.
inline std::string lower_hex(const std::uint8_t *data, std::size_t size) {
  return ngcc::to_lower_hex(data, size);
}
inline std::string lower_hex(const std::vector<std::uint8_t> &v) { return lower_hex(v.data(), v.size()); }

// Byte i = i mod 256 (the "sequence" rows of §15.1/§15.2).
inline std::vector<std::uint8_t> sequence(std::size_t n) {
  std::vector<std::uint8_t> m(n);
  for (std::size_t i = 0; i < n; ++i) m[i] = static_cast<std::uint8_t>(i);
  return m;
}

inline std::string repeat(const std::string &s, int n) {
  std::string r;
  for (int i = 0; i < n; ++i) r += s;
  return r;
}

// §17 / ngcc-harness hash-26/reproduce.py: the 126-byte invariant-subspace
// witness (every block keeps the state in the (x,x,x,x) form).
inline std::vector<std::uint8_t> witness126() {
  return ngcc::test::from_hex(repeat("0000000000000001", 4) + repeat("0000000000000002", 4) +
                              repeat("0000000000000003", 4) + repeat("0000000000008001", 3) +
                              "000000000000");
}

// §17 / reproduce.py: two 63-byte messages whose CHIME-512 digests share the
// first 256 bits (partial collision inside the invariant subspace).
inline std::vector<std::uint8_t> partial_collision_1() {
  return ngcc::test::from_hex(repeat("5194027f143fc830", 4) + repeat("0700ed5eeeffc081", 3) +
                              "0700ed5eeeffc0");
}
inline std::vector<std::uint8_t> partial_collision_2() {
  return ngcc::test::from_hex(repeat("b0da6a248be280ad", 4) + repeat("0700ed5eeeffc081", 3) +
                              "0700ed5eeeffc0");
}

}  // namespace ngcc::chime::test
