// Findings: no attack on Thunder is published (§14 of
// docs/specs/hash-33-thunder.md), so these are the two mode properties that
// are easy to get wrong:
//  1. XOF outputs of different lengths are prefixes of each other (§4.4),
//     across many squeeze blocks, and squeezing costs one permutation call
//     per further output block;
//  2. the extra-padding-block rule: a remainder of exactly r - 1 bits fills
//     the padded block, which is absorbed without the domain bit, and an
//     extra all-zero block carries it (§4.3).
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "test_support.hpp"
#include "thunder/thunder.hpp"

namespace ngcc::thunder::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

class ThunderFinding : public ngcc::test::ImplementationTest<Implementation> {};
class ThunderXofFinding : public ngcc::test::ModuleTest {};

std::vector<std::string> xof_targets() {
  std::vector<std::string> targets;
  for (const char *name : {"Thunder-XOF-256", "Thunder-XOF-384", "Thunder-XOF-512"})
    for (const std::string &t : ngcc::test::instance_targets(name)) targets.push_back(t);
  return targets;
}

// ---------------------------------------------------------------------------
// 1. XOF prefix property at the module boundary.

TEST_P(ThunderXofFinding, ShorterOutputIsPrefixOfLonger) {
  std::mt19937_64 rng(2026);
  for (std::uint64_t msg_bits : {0u, 7u, 511u, 1023u, 1024u, 3001u}) {
    const Bytes msg = ngcc::test::random_bytes(rng, (msg_bits + 7) / 8);
    const Bytes longest = ngcc::test::digest(module(), msg, msg_bits, NGCC_XOF_MAX_DIGEST_BITS);
    // Every byte length across the first blocks, then a sparse sweep.
    for (int bits = 8; bits <= NGCC_XOF_MAX_DIGEST_BITS; bits += bits < 4096 ? 8 : 1000) {
      const Bytes out = ngcc::test::digest(module(), msg, msg_bits, bits);
      ASSERT_TRUE(std::equal(out.begin(), out.end(), longest.begin()))
          << "msg_bits " << msg_bits << " out bits " << bits;
    }
  }
}

// The portable implementation, counting the permutation calls of the mode.
int g_permutation_calls = 0;
void counting_absorb(State &s, const std::uint8_t *blocks, std::size_t nblocks, const Params &p) {
  g_permutation_calls += static_cast<int>(nblocks);
  kPortable.absorb_blocks(s, blocks, nblocks, p);
}
void counting_permute(State &s) {
  ++g_permutation_calls;
  kPortable.permute(s);
}
const Implementation kCounting{"counting", 0, counting_absorb, counting_permute};

template <const Params &P>
int permutation_calls(std::uint64_t msg_bits, std::size_t out_bytes) {
  const Bytes msg((msg_bits + 7) / 8, 0xA5);
  Bytes out(out_bytes);
  g_permutation_calls = 0;
  hash<P>(kCounting, msg.data(), msg_bits, out.data(), out.size());
  return g_permutation_calls;
}

// None for an output of at most one block (§4.4).
TEST(ThunderMode, XofSqueezeCallsOnlyWhenMoreOutputIsNeeded) {
  constexpr std::size_t block = 8 * kThunderXof384.output_lanes;  // 144 bytes
  EXPECT_EQ(permutation_calls<kThunderXof384>(0, 1), 1);
  EXPECT_EQ(permutation_calls<kThunderXof384>(0, block), 1);
  EXPECT_EQ(permutation_calls<kThunderXof384>(0, block + 1), 2);
  EXPECT_EQ(permutation_calls<kThunderXof384>(0, 3 * block), 3);
  EXPECT_EQ(permutation_calls<kThunderXof384>(0, 8192), 57);  // ceil(8192 / 144)
}

// ---------------------------------------------------------------------------
// 2. The extra-padding-block rule.

// Number of absorbed blocks is floor(L/r) + 1 + [L mod r = r - 1] (§4.3).
template <const Params &P>
void expect_block_counts() {
  const std::uint64_t r = 8u * P.rate_bytes;
  for (std::uint64_t msg_bits : {r - 9, r - 8, r - 2, r - 1, r, r + 1, 2 * r - 2, 2 * r - 1, 2 * r}) {
    const int expected = static_cast<int>(msg_bits / r + 1 + (msg_bits % r == r - 1 ? 1 : 0));
    EXPECT_EQ(permutation_calls<P>(msg_bits, P.output_lanes * 8), expected)
        << "rate " << P.rate_bytes << " msg_bits " << msg_bits;
  }
}

TEST(ThunderMode, ExtraBlockExactlyWhenRemainderIsRateMinusOne) {
  expect_block_counts<kThunder512>();
  expect_block_counts<kThunder768>();
  expect_block_counts<kThunder1024>();
  expect_block_counts<kThunderXof256>();
  expect_block_counts<kThunderXof384>();
  expect_block_counts<kThunderXof512>();
}

// The r-1 bit digest equals, computed by hand from the implementation's
// absorb: the padded block (last byte (m & FE) | 01) without the domain bit,
// then an all-zero block with it. Moving the domain bit to the padded block
// (and dropping the extra block) gives a different digest.
template <const Params &P>
void expect_extra_block_rule(const Implementation &impl, std::mt19937_64 &rng) {
  const std::uint64_t msg_bits = 8u * P.rate_bytes - 1;
  const Bytes msg = ngcc::test::random_bytes(rng, P.rate_bytes);
  Bytes digest(8 * P.output_lanes);
  hash<P>(impl, msg.data(), msg_bits, digest.data(), digest.size());

  Bytes padded = msg;
  padded.back() = static_cast<std::uint8_t>((padded.back() & 0xFE) | 0x01);
  const Bytes zero(P.rate_bytes, 0);
  State iv{};
  for (int j = 0; j < P.capacity_lanes(); ++j) iv[j] = P.iv[j];

  State s = iv;
  impl.absorb_blocks(s, padded.data(), 1, P);
  s[0] ^= 1;
  impl.absorb_blocks(s, zero.data(), 1, P);
  Bytes by_hand(digest.size());
  emit_block<P>(s, by_hand.data(), by_hand.size());
  EXPECT_EQ(ngcc::test::to_hex(digest), ngcc::test::to_hex(by_hand)) << "rate " << P.rate_bytes;

  State single = iv;
  single[0] ^= 1;
  impl.absorb_blocks(single, padded.data(), 1, P);
  Bytes without_extra(digest.size());
  emit_block<P>(single, without_extra.data(), without_extra.size());
  EXPECT_NE(ngcc::test::to_hex(digest), ngcc::test::to_hex(without_extra)) << "rate " << P.rate_bytes;
}

TEST_P(ThunderFinding, RemainderRateMinusOneAbsorbsAnExtraZeroBlock) {
  std::mt19937_64 rng(33);
  expect_extra_block_rule<kThunder512>(impl(), rng);
  expect_extra_block_rule<kThunder768>(impl(), rng);
  expect_extra_block_rule<kThunder1024>(impl(), rng);
  expect_extra_block_rule<kThunderXof256>(impl(), rng);
  expect_extra_block_rule<kThunderXof384>(impl(), rng);
  expect_extra_block_rule<kThunderXof512>(impl(), rng);
}

// The spec's r - 1 and 2r - 1 bit vectors (SEQ, first n bits) pin the rule
// to the submitted implementation; they run in the unit suite (§12 rows).

INSTANTIATE_TEST_SUITE_P(Implementations, ThunderFinding, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, ThunderXofFinding, ::testing::ValuesIn(xof_targets()),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::thunder::test
