// Each baseline module computes the digest its name promises: the published
// "abc" test vectors (FIPS 180-4 / FIPS 202 examples, RFC 7693, GB/T 32905),
// at the width the bench uses; a partial last byte is hashed with its unused
// low bits cleared.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

using ngcc::test::digest;
using ngcc::test::load;
using ngcc::test::to_hex;

const std::vector<std::uint8_t> kAbc = {'a', 'b', 'c'};

std::string lower(std::string s) {
  for (char &c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return s;
}

// The digest of "abc" per EVP algorithm (for SHAKE256 a prefix of every width).
struct Vector {
  const char *evp;
  const char *abc;
};

const Vector kVectors[] = {
    {"SHA2-256", "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"},
    {"SHA2-512",
     "ddaf35a193617abacc417349ae20413112e6fa4e89a97ea20a9eeee64b55d39a2192992a274fc1a836ba3c23a3feebbd"
     "454d4423643ce80e2a9ac94fa54ca49f"},
    {"SHA3-512",
     "b751850b1a57168a5693cd924b6b096e08f621827444f70d884f5d0240d2712e10e116e9192af3c91a7ec57647e39340"
     "57340b4cf408d5a56592f8274eec53f0"},
    {"SM3", "66c7f0f462eeedd9d1f2d46bdc10e4e24167c4875cf2f7a2297da02b8f4ba8e0"},
    {"BLAKE2B-512",
     "ba80a53f981c4d0d6a2797b69f12f6e94c212f14685ac4b74b12bb6fdbffa2d17d87c5392aab792dc252d5de4533cc95"
     "18d38aa8dbf1925ab92386edd4009923"},
    {"SHAKE256", "483366601360a8771c6863080cc4114d8db44530f8f1e1ee4f94ea37e78b5739"},
};

// Every OpenSSL baseline module built, at the width its name gives
// (SHAKE256-<bits>) or its algorithm's. The ICCS helpers (variant iccs) have
// their own tests (iccs_helpers_test.cpp, iccs_helpers_check.py).
TEST(Baselines, AbcVectorsAtTheBenchWidth) {
  int checked = 0;
  for (const auto &built : ngcc::test::built_modules()) {
    if (built.kind != "baseline" || built.variant == "iccs") continue;
    SCOPED_TRACE(built.target);
    const auto m = load(built.target);
    ASSERT_NE(m.info(), nullptr);
    EXPECT_STREQ(m.info()->candidate_id, "baseline");
    EXPECT_STREQ(m.info()->variant, "openssl");
    const std::string name = m.info()->name;
    const std::size_t dash = name.rfind('-');
    if (name.rfind("SHAKE", 0) == 0) {
      EXPECT_EQ(std::to_string(m.info()->digest_bits), name.substr(dash + 1));
    }
    const Vector *v = nullptr;
    for (const Vector &x : kVectors)
      if (std::string(x.evp) == m.info()->kat_name) v = &x;
    ASSERT_NE(v, nullptr) << "no test vector for " << m.info()->kat_name;
    const std::string got = lower(to_hex(digest(m, kAbc)));
    EXPECT_EQ(got.size(), static_cast<std::size_t>(m.info()->digest_bits / 4));
    EXPECT_EQ(got.substr(0, std::string(v->abc).size()), v->abc);
    ++checked;
  }
  EXPECT_GE(checked, 5);
}

TEST(Baselines, PartialLastByteIsHashedWithLowBitsCleared) {
  const auto m = load("SHA-256-openssl");
  // 20 bits of "abc" = "ab" + the high nibble of 'c' (0x60).
  const std::vector<std::uint8_t> masked = {'a', 'b', 0x60};
  EXPECT_EQ(lower(to_hex(digest(m, kAbc, 20))),
            "d08a220141189491ae1fec0f5bbc97d64954bae684bc0e783b7543e0d7c29b4e");
  EXPECT_EQ(digest(m, kAbc, 20), digest(m, masked, 24));
}

}  // namespace
