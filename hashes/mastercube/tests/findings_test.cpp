// Finding hash-17-1 (spec §8.1, §11.2, §14.1): the padding defect gives a
// zero-work collision between bit lengths r-1 and r-2 (mod r): appending a 1
// bit to a message of length L = r-2 (mod r) leaves the digest unchanged.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "spec_vectors.hpp"
#include "test_support.hpp"

namespace {

namespace v = mastercube_vectors;

class MasterCube512Finding : public ngcc::test::ModuleTest {};
class MasterCubeFinding : public ngcc::test::ModuleTest {};

// The published collision (finding report hash-17-1, spec §11.2): 958 and 959
// one-bits under MasterCube-512.
TEST_P(MasterCube512Finding, PublishedCollision) {
  const char *expected =
      "847A067D6EB9078D5C3CE3E3F08FBFD3A1488EB6E89909144DB1A76D5FCB9A09"
      "7FEF21B4927BB6FE0A1BB2769EF0F249734550C1E8ACFA0023A1281D12131BF6";
  const std::vector<std::uint8_t> ones(120, 0xFF);
  EXPECT_EQ(expected, ngcc::test::to_hex(ngcc::test::digest(module(), ones, 959)));
  EXPECT_EQ(expected, ngcc::test::to_hex(ngcc::test::digest(module(), ones, 958)));
}

// Every instance: for messages of k full blocks plus r-2 random bits, the
// message with a 1 bit appended collides with it; a 0 bit appended does not.
TEST_P(MasterCubeFinding, ZeroWorkCollision) {
  std::mt19937_64 rng(1701);
  const std::uint64_t r = 8 * v::kParams[v::instance_index(info().digest_bits)]->rate_bytes;
  for (std::uint64_t k = 0; k < 4; ++k) {
    const std::uint64_t L = k * r + r - 2;
    std::vector<std::uint8_t> msg((L + 1 + 7) / 8);
    for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
    // Message bit L is bit 1 of the last byte (L = 6 mod 8 since r = 0 mod 8).
    msg.back() = static_cast<std::uint8_t>(msg.back() | 0x02);
    const auto short_digest = ngcc::test::digest(module(), msg, L);
    EXPECT_EQ(short_digest, ngcc::test::digest(module(), msg, L + 1))
        << "L=" << L << " and L+1 with a 1 bit appended must collide";
    msg.back() = static_cast<std::uint8_t>(msg.back() & ~0x02);
    EXPECT_NE(short_digest, ngcc::test::digest(module(), msg, L + 1))
        << "L=" << L << ": a 0 bit appended must not collide";
  }
}

INSTANTIATE_TEST_SUITE_P(Modules, MasterCube512Finding,
                         ::testing::ValuesIn(ngcc::test::instance_targets("MasterCube-512")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, MasterCubeFinding,
                         ::testing::ValuesIn(ngcc::test::family_targets("mastercube")),
                         ngcc::test::ParamName());

}  // namespace
