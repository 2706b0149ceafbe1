// Finding hash-17-1 (spec §8.1, §11.2, §14.1): the padding defect gives a
// zero-work collision between bit lengths r-1 and r-2 (mod r): appending a 1
// bit to a message of length L = r-2 (mod r) leaves the digest unchanged.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"

namespace {

struct Instance {
  const char *name;
  std::size_t rate_bytes;
};
constexpr Instance kInstances[] = {
    {"MasterCube-512", 120}, {"MasterCube-768", 88}, {"MasterCube-1024", 56}};

// The published collision (finding report hash-17-1, spec §11.2): 958 and 959
// one-bits under MasterCube-512.
TEST(MasterCubeFinding_hash_17_1, PublishedCollision512) {
  const char *expected =
      "847A067D6EB9078D5C3CE3E3F08FBFD3A1488EB6E89909144DB1A76D5FCB9A09"
      "7FEF21B4927BB6FE0A1BB2769EF0F249734550C1E8ACFA0023A1281D12131BF6";
  const std::vector<std::uint8_t> ones(120, 0xFF);
  for (const auto &variant : ngcc::test::built_variants()) {
    const auto m = ngcc::test::load(std::string("MasterCube-512-") + variant);
    EXPECT_EQ(expected, ngcc::test::to_hex(ngcc::test::digest(m, ones, 959)));
    EXPECT_EQ(expected, ngcc::test::to_hex(ngcc::test::digest(m, ones, 958)));
  }
}

// Every instance: for messages of k full blocks plus r-2 random bits, the
// message with a 1 bit appended collides with it; a 0 bit appended does not.
TEST(MasterCubeFinding_hash_17_1, ZeroWorkCollisionEveryInstance) {
  std::mt19937_64 rng(1701);
  for (const auto &variant : ngcc::test::built_variants()) {
    for (const Instance &inst : kInstances) {
      const auto m = ngcc::test::load(std::string(inst.name) + "-" + variant);
      const std::uint64_t r = 8 * inst.rate_bytes;
      for (std::uint64_t k = 0; k < 4; ++k) {
        const std::uint64_t L = k * r + r - 2;
        std::vector<std::uint8_t> msg((L + 1 + 7) / 8);
        for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
        // Message bit L is bit 1 of the last byte (L = 6 mod 8 since r = 0 mod 8).
        msg.back() = static_cast<std::uint8_t>(msg.back() | 0x02);
        const auto short_digest = ngcc::test::digest(m, msg, L);
        EXPECT_EQ(short_digest, ngcc::test::digest(m, msg, L + 1))
            << m.path() << ": L=" << L << " and L+1 with a 1 bit appended must collide";
        msg.back() = static_cast<std::uint8_t>(msg.back() & ~0x02);
        EXPECT_NE(short_digest, ngcc::test::digest(m, msg, L + 1))
            << m.path() << ": a 0 bit appended must not collide";
      }
    }
  }
}

}  // namespace
