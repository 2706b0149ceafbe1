// Finding hash-26-1 (docs/specs/hash-26-chime.md §17): the invariant subspace of
// repeated-word branches (x,x,x,x), the published CHIME-512 witness and
// partial collision, and the structural steps of the CHIME-1024
// capacity-match argument (the 2^160 search itself is not run).
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

#include "chime_testing.hpp"
#include "test_support.hpp"

namespace ngcc::chime::test {
namespace {

using Words = State;
using Bytes = std::vector<std::uint8_t>;

// Over the implementation table, and over the CHIME-512 modules.
class ChimeFinding : public ngcc::test::ImplementationTest<Implementation> {};
class Chime512Finding : public ngcc::test::ModuleTest {};

// Words first..3 of the branch are all equal.
bool branch_folded(const Words &w, unsigned branch, unsigned first = 0) {
  for (unsigned i = first + 1; i < kBranchWords; ++i)
    if (w[4 * branch + i] != w[4 * branch + first]) return false;
  return true;
}
bool folded(const Words &w) {
  for (unsigned b = 0; b < 6; ++b)
    if (!branch_folded(w, b)) return false;
  return true;
}

TEST_P(ChimeFinding, PermutationKeepsRepeatedWordBranches) {
  std::mt19937_64 rng(17);
  for (int trial = 0; trial < 50; ++trial) {
    Words w;
    for (unsigned n = 0; n < kStateWords; n += 4) w[n] = w[n + 1] = w[n + 2] = w[n + 3] = rng();
    for (unsigned rounds : {15u, 20u}) {
      Words out = w;
      impl().permute(out, rounds);
      EXPECT_TRUE(folded(out)) << " P" << rounds;
    }
  }
}

// reproduce.py: the 126-byte message keeps every CHIME-512 block in the
// subspace; its digest is two 64-bit words, each repeated four times.
TEST_P(Chime512Finding, InvariantWitness) {
  const Bytes msg = witness126();
  ASSERT_EQ(msg.size(), 126u);
  EXPECT_EQ(lower_hex(ngcc::test::digest(module(), msg)),
            repeat("ef3be6a284ddbfa8", 4) + repeat("36f4af87fc2dc4fa", 4));
}

// reproduce.py: two 63-byte messages, first 256 digest bits equal, last 256 not.
TEST_P(Chime512Finding, PartialCollision) {
  const Bytes m1 = partial_collision_1(), m2 = partial_collision_2();
  ASSERT_EQ(m1.size(), 63u);
  ASSERT_EQ(m2.size(), 63u);
  ASSERT_NE(m1, m2);
  Bytes m1_flipped = m1;
  m1_flipped[0] ^= 1;
  const Bytes d1 = ngcc::test::digest(module(), m1), d2 = ngcc::test::digest(module(), m2);
  EXPECT_EQ(lower_hex(d1).substr(0, 64), repeat("5c145b0796a8f1db", 4));
  EXPECT_TRUE(std::equal(d1.begin(), d1.begin() + 32, d2.begin()));
  EXPECT_FALSE(std::equal(d1.begin() + 32, d1.end(), d2.begin() + 32));
  const Bytes d3 = ngcc::test::digest(module(), m1_flipped);
  EXPECT_FALSE(std::equal(d3.begin(), d3.begin() + 32, d2.begin()));
}

// A CHIME-1024 block (7 rate words) as bytes.
Bytes block_bytes(const std::array<std::uint64_t, 7> &words) {
  Bytes b(kChime1024.rate_bytes);
  for (unsigned j = 0; j < 7; ++j) ngcc::store_le64(&b[8 * j], words[j]);
  return b;
}

// reproduce_capacity_match.c, first part: a chosen block with A0 words all
// equal and A1[1..3] set to A1[0] keeps A0, B0, B1, C0, C1 folded and
// A1[1..3] equal through the feed-forward, block after block; the capacity
// then has only five free words (A1[0] and one per B/C branch).
TEST_P(ChimeFinding, Chime1024ControlledBlocksStayRestricted) {
  std::mt19937_64 rng(1088);
  Words s{};
  for (int block = 0; block < 100; ++block) {
    const std::uint64_t x = rng();
    std::array<std::uint64_t, 7> rate{x, x, x, x, 0, 0, 0};
    for (unsigned i = 1; i < 4; ++i) rate[3 + i] = s[4 + i] ^ s[4];
    impl().absorb_blocks(s, block_bytes(rate).data(), 1, kChime1024);
    bool restricted = branch_folded(s, 1, 1);
    for (unsigned br : {0u, 2u, 3u, 4u, 5u}) restricted = restricted && branch_folded(s, br);
    ASSERT_TRUE(restricted) << "block " << block;
  }
}

// Second part: two states with equal capacity (A1[0], B0..C1) and different
// rates become identical after one block chosen to cancel the rate difference,
// because the feed-forward only adds the (equal) old capacity.
TEST_P(ChimeFinding, Chime1024EqualCapacityStatesAlign) {
  std::mt19937_64 rng(160);
  for (int trial = 0; trial < 100; ++trial) {
    Words left;
    for (auto &x : left) x = rng();
    Words right = left;
    for (unsigned j = 0; j < 7; ++j) right[rate_word(kChime1024, j)] ^= rng();
    std::array<std::uint64_t, 7> rate_left, rate_right;
    for (unsigned j = 0; j < 7; ++j) {
      const unsigned n = rate_word(kChime1024, j);
      rate_left[j] = rng();
      rate_right[j] = rate_left[j] ^ left[n] ^ right[n];
    }
    ASSERT_NE(left, right);
    impl().absorb_blocks(left, block_bytes(rate_left).data(), 1, kChime1024);
    impl().absorb_blocks(right, block_bytes(rate_right).data(), 1, kChime1024);
    ASSERT_EQ(left, right) << "trial " << trial;
  }
}

INSTANTIATE_TEST_SUITE_P(Implementations, ChimeFinding, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, Chime512Finding, ::testing::ValuesIn(ngcc::test::instance_targets("CHIME-512")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::chime::test
