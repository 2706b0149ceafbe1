// The official KAT message generator: NIST SP 800-90A Hash_DRBG with SM3,
// seedlen 440 bits, no nonce / personalisation / reseed (docs/kat-procedure.md §4).
// All integers big-endian.
#pragma once

#include <array>
#include <cstdint>
#include <string>
#include <vector>

namespace ngcc::kat {

class Sm3HashDrbg {
 public:
  static constexpr std::size_t kSeedLen = 55;  // 440 bits
  static constexpr std::size_t kOutLen = 32;   // SM3 digest
  using Number = std::array<std::uint8_t, kSeedLen>;

  explicit Sm3HashDrbg(const std::vector<std::uint8_t> &seed);  // Instantiate (§4.3)

  // Generate(n_bits) (§4.4) into out[0 .. ceil(n/8)); unused low bits of a
  // partial last byte are cleared. Always updates the state, even for n = 0.
  // Blocks are counter-mode, so large draws are split across `threads`.
  void generate(std::uint8_t *out, std::uint64_t n_bits, unsigned threads = 1);

  const Number &v() const { return v_; }
  const Number &c() const { return c_; }

  // The seed of a KAT file: its 8-character tag written 8 times (§4.5).
  static std::vector<std::uint8_t> kat_seed(const std::string &tag);

 private:
  Number v_{}, c_{}, reseed_counter_{};
};

// SM3 of a byte string (OpenSSL EVP_sm3).
std::array<std::uint8_t, 32> sm3(const std::uint8_t *data, std::size_t size);

}  // namespace ngcc::kat
