// Laurus unit tests: every test vector and intermediate value of
// docs/specs/hash-14-laurus.md §9, through every implementation of the table
// (§9.4 permutation values, §9.5 absorb and squeeze traces) and through every
// module (§9.1, §9.2 digests).
#include <gtest/gtest.h>

#include <cctype>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "common/lanes.hpp"
#include "laurus/laurus.hpp"
#include "test_support.hpp"

namespace ngcc::laurus::test {
namespace {

#include "spec_intermediates.inc"
#include "spec_vectors.inc"

using ngcc::test::from_hex;
using ngcc::test::to_hex;
using Bytes = std::vector<std::uint8_t>;

// Over the implementation table, and over the modules of one or all instances.
class LaurusImplementation : public ngcc::test::ImplementationTest<Implementation> {};
class LaurusModule : public ngcc::test::ModuleTest {};
class LaurusXofModule : public ngcc::test::ModuleTest {};

State permuted(const Implementation &impl, State w) {
  impl.permute(w);
  return w;
}

// "seq:N" = the N-byte message with byte i = i mod 256; otherwise hex.
Bytes message(const char *spec) {
  if (std::strncmp(spec, "seq:", 4) == 0) {
    Bytes m(std::stoul(spec + 4));
    for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<std::uint8_t>(i);
    return m;
  }
  return from_hex(spec);
}

std::string upper(std::string s) {
  for (char &c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  return s;
}

// ---- §3 constants -------------------------------------------------------------

TEST(LaurusConstants, RoundConstantsFollowTheGenerationRule) {
  // §3.1: RC[k+1] = RC[k] * x mod the degree-64 polynomial.
  std::uint64_t rc = 0xb7e151628aed2a6a;
  for (unsigned k = 0; k < kRounds; ++k) {
    EXPECT_EQ(kRoundConstants[k], rc) << "k = " << k;
    rc = (rc << 1) ^ ((rc >> 63) ? 0xc040010800008003 : 0);
  }
}

TEST(LaurusConstants, PiTableMatchesItsFormula) {
  for (int i = 0; i < 5; ++i)
    for (int j = 0; j < 5; ++j)
      EXPECT_EQ(static_cast<int>(kPiSource[lane(j, i)]), lane(3 * i + 3 * j, i + 2 * j));
}

// ---- §9.4 permutation check values ----------------------------------------------

TEST(LaurusPermutation, OneRoundOfTheZeroState) {
  State w{};
  permute_portable_rounds(w, 1);
  EXPECT_EQ(w, kOneRoundOfZero);
}

TEST_P(LaurusImplementation, ZeroStateAndItsImage) {
  EXPECT_EQ(permuted(impl(), State{}), kPermutedZero);
  EXPECT_EQ(permuted(impl(), kPermutedZero), kPermutedTwiceZero);
}

TEST_P(LaurusImplementation, SqueezeCallsOfTheTraces) {
  EXPECT_EQ(permuted(impl(), kEmpty512SqueezeIn), kEmpty512SqueezeOut);
  EXPECT_EQ(permuted(impl(), k768SqueezeIn), k768SqueezeOut);
  EXPECT_EQ(permuted(impl(), k1024SqueezeIn), k1024SqueezeOut);
}

TEST_P(LaurusImplementation, PermuteAgreesWithPortableOnRandomStates) {
  std::mt19937_64 rng(14);
  for (int n = 0; n < 2000; ++n) {
    State w;
    for (auto &x : w) x = rng();
    ASSERT_EQ(permuted(impl(), w), permuted(kPortable, w)) << "state " << n;
  }
}

// Multi-block absorb from random chaining values and counters, every block
// size (exercises the counter, the block layout and the feed-forward).
TEST_P(LaurusImplementation, AbsorbAgreesWithPortableOnRandomChainsAndBlocks) {
  std::mt19937_64 rng(1536);
  for (const Params *p : {&kLaurus512, &kLaurus768, &kLaurus1024}) {
    for (std::size_t nblocks = 0; nblocks <= 5; ++nblocks) {
      Chain s;
      for (auto &x : s) x = rng();
      const std::uint64_t counter = nblocks == 3 ? ~std::uint64_t(0) - 1 : rng() >> 8;
      const Bytes blocks = ngcc::test::random_bytes(rng, nblocks * 8 * block_words(*p));
      Chaining expected{s, counter}, c{s, counter};
      kPortable.absorb_blocks(expected, blocks.data(), nblocks, *p);
      impl().absorb_blocks(c, blocks.data(), nblocks, *p);
      EXPECT_EQ(c.s, expected.s) << "c = " << p->capacity_bits << ", " << nblocks << " blocks";
      EXPECT_EQ(c.counter, counter + nblocks);
      EXPECT_EQ(expected.counter, counter + nblocks);
    }
  }
}

// ---- §9.4 / §9.5 mode traces ------------------------------------------------------

// §9.4: the empty-message digest of Laurus-512 is words 8..15 of that output.
TEST(LaurusMode, Empty512DigestIsTheSqueezeOutput) {
  std::uint64_t y[kChainWords + kFinalWords] = {};
  y[23] = 512;
  y[24] = 0x8000000000000000;  // F = 1 || 0^511
  State expected_in;
  expected_in[0] = 0x8000000000000000;
  for (unsigned j = 1; j < kStateWords; ++j) expected_in[j] = y[7 + j];
  EXPECT_EQ(expected_in, kEmpty512SqueezeIn);
  std::uint8_t digest[64];
  for (unsigned j = 0; j < 8; ++j) store_be64(digest + 8 * j, kEmpty512SqueezeOut[8 + j]);
  EXPECT_EQ(to_hex(digest, 64), upper(kDigestVectors[0].digest_hex));
}

// §9.5: one absorb call and one squeeze call, step by step.
template <const Params &P>
void check_trace(const Implementation &impl, const Bytes &msg, const Bytes &absorbed_block,
                 bool unpadded, const State &absorb_in, const Chain &s_after,
                 const std::uint64_t *f, const State &squeeze_in, const char *instance) {
  constexpr unsigned nr = block_words(P);
  Chain s{};
  s[23] = P.capacity_bits;
  // Permutation input: counter 0, the block's words, then S.
  State w;
  w[0] = 0;
  for (unsigned j = 0; j < nr; ++j) w[1 + j] = load_be64(absorbed_block.data() + 8 * j);
  for (unsigned j = 1 + nr; j < kStateWords; ++j) w[j] = s[j - 1 - nr];
  EXPECT_EQ(w, absorb_in);

  std::uint8_t f_bytes[64];
  for (unsigned j = 0; j < 8; ++j) store_be64(f_bytes + 8 * j, f[j]);
  State expected_squeeze_in;
  expected_squeeze_in[0] = 0x8000000000000000 | (std::uint64_t(unpadded) << 62);
  for (unsigned j = 1; j < 17; ++j) expected_squeeze_in[j] = s_after[7 + j];
  for (unsigned j = 17; j < kStateWords; ++j) expected_squeeze_in[j] = f[j - 17];
  EXPECT_EQ(expected_squeeze_in, squeeze_in);

  Bytes digest;
  for (const auto &v : kDigestVectors)
    if (v.instance == std::string(instance) && v.msg_bits == msg.size() * 8)
      digest = from_hex(v.digest_hex);
  ASSERT_EQ(digest.size(), P.capacity_bits / 8);
  Chaining run{s, 0};
  impl.absorb_blocks(run, absorbed_block.data(), 1, P);
  EXPECT_EQ(run.s, s_after);
  Bytes out(digest.size());
  squeeze(impl, run.s, f_bytes, unpadded, out.data(), out.size());
  EXPECT_EQ(to_hex(out), to_hex(digest));
  Bytes whole(digest.size());
  hash<P>(impl, msg.data(), msg.size() * 8, whole.data(), whole.size());
  EXPECT_EQ(to_hex(whole), to_hex(digest));
}

TEST_P(LaurusImplementation, AbsorbTrace768PaddedExtraBlock) {
  const Bytes msg = message("seq:65");
  Bytes block(96, 0);  // 520 message bits || 1 || 0 up to r = 768 bits; F = 0
  std::memcpy(block.data(), msg.data(), msg.size());
  block[65] = 0x80;
  check_trace<kLaurus768>(impl(), msg, block, false, k768AbsorbIn, k768S, k768F, k768SqueezeIn,
                          "Laurus-768");
}

TEST_P(LaurusImplementation, AbsorbTrace1024Unpadded) {
  const Bytes msg = message("seq:128");
  const Bytes block(msg.begin(), msg.begin() + 64);  // d = 1: F = the last 512 bits
  check_trace<kLaurus1024>(impl(), msg, block, true, k1024AbsorbIn, k1024S, k1024F,
                           k1024SqueezeIn, "Laurus-1024");
}

// ---- §9.1 / §9.2 digests through the modules --------------------------------------

TEST_P(LaurusModule, SpecDigestTables) {
  int rows = 0;
  for (const auto &v : kDigestVectors) {
    if (v.instance != std::string(info().name)) continue;
    ++rows;
    EXPECT_EQ(to_hex(ngcc::test::digest(module(), message(v.msg), v.msg_bits)), upper(v.digest_hex))
        << "L = " << v.msg_bits << " msg " << v.msg;
  }
  EXPECT_GE(rows, 20);
}

// §9.2 explicit XOF lengths. CryptHash takes whole bytes, so a length that is
// not a multiple of 8 is checked as the masked prefix of the next whole byte.
TEST_P(LaurusXofModule, ExplicitOutputLengths) {
  for (const auto &v : kXofVectors) {
    const int bytes = static_cast<int>((v.out_bits + 7) / 8);
    Bytes out = ngcc::test::digest(module(), message(v.msg), v.msg_bits, 8 * bytes);
    out.back() &= high_bits_mask(v.out_bits % 8);
    EXPECT_EQ(to_hex(out), upper(v.out_hex)) << "L = " << v.msg_bits << " out_bits " << v.out_bits;
  }
}

// §4.4: squeeze blocks are independent counter-mode calls, so every output
// length is a prefix of every longer one, up to NGCC_XOF_MAX_DIGEST_BITS.
TEST_P(LaurusXofModule, OutputsArePrefixesOfLongerOutputs) {
  std::mt19937_64 rng(1537);
  for (std::uint64_t bits : {0ull, 7ull, 512ull, 1600ull, 5000ull}) {
    const Bytes msg = ngcc::test::random_bytes(rng, (bits + 7) / 8);
    const Bytes longest = ngcc::test::digest(module(), msg, bits, NGCC_XOF_MAX_DIGEST_BITS);
    for (int out_bits = 8; out_bits <= 4 * 1088 + 64; out_bits += 8) {
      const Bytes out = ngcc::test::digest(module(), msg, bits, out_bits);
      ASSERT_EQ(to_hex(out), to_hex(longest.data(), out.size()))
          << "L = " << bits << " out_bits " << out_bits;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Implementations, LaurusImplementation,
                         ::testing::ValuesIn(kImplementations), ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, LaurusModule,
                         ::testing::ValuesIn(ngcc::test::family_targets("laurus")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, LaurusXofModule,
                         ::testing::ValuesIn(ngcc::test::instance_targets("Laurus-XOF")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::laurus::test
