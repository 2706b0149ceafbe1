// Unit tests for Laurus (hash-14): every test vector and intermediate value of
// research/hash-14-laurus.md §9, through both module variants where the value
// is observable at the module boundary, and the two permutations directly.
#include <gtest/gtest.h>

#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "laurus/laurus.hpp"
#include "laurus/permutation.hpp"
#include "test_support.hpp"

namespace {

#include "spec_intermediates.inc"
#include "spec_vectors.inc"

using laurus::kStateWords;
using ngcc::test::from_hex;
using ngcc::test::to_hex;
using Bytes = std::vector<std::uint8_t>;
using State = std::vector<std::uint64_t>;

struct NamedPermutation {
  const char *name;
  laurus::Permutation permute;
};
const std::vector<NamedPermutation> &permutations() {
  static const std::vector<NamedPermutation> all = {
      {"portable", laurus::permute_portable},
#if NGCC_HAVE_OPT
      {"avx2", laurus::permute_avx2},
#endif
  };
  return all;
}

State permuted(laurus::Permutation permute, const std::uint64_t *in) {
  std::uint64_t w[kStateWords];
  std::memcpy(w, in, sizeof w);
  permute(w);
  return State(w, w + kStateWords);
}

State state(const std::uint64_t *words, std::size_t n) { return State(words, words + n); }

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

TEST(LaurusConstants, RoundConstantsFollowTheGenerationRule) {
  // §3.1: RC[k+1] = RC[k] * x mod the degree-64 polynomial.
  std::uint64_t rc = 0xb7e151628aed2a6a;
  for (unsigned k = 0; k < laurus::kRounds; ++k) {
    EXPECT_EQ(laurus::kRoundConstants[k], rc) << "k = " << k;
    rc = (rc << 1) ^ ((rc >> 63) ? 0xc040010800008003 : 0);
  }
}

TEST(LaurusConstants, PiTableMatchesItsFormula) {
  for (unsigned i = 0; i < 5; ++i)
    for (unsigned j = 0; j < 5; ++j)
      EXPECT_EQ(laurus::kPiSource[5 * i + j], 5 * ((i + 2 * j) % 5) + (3 * i + 3 * j) % 5);
}

TEST(LaurusPermutation, OneRoundOfTheZeroState) {
  std::uint64_t w[kStateWords] = {};
  laurus::permute_portable_rounds(w, 1);
  EXPECT_EQ(state(w, kStateWords), state(kOneRoundOfZero, kStateWords));
}

TEST(LaurusPermutation, ZeroStateAndItsImage) {
  const std::uint64_t zero[kStateWords] = {};
  for (const auto &p : permutations()) {
    SCOPED_TRACE(p.name);
    EXPECT_EQ(permuted(p.permute, zero), state(kPermutedZero, kStateWords));
    EXPECT_EQ(permuted(p.permute, kPermutedZero), state(kPermutedTwiceZero, kStateWords));
  }
}

TEST(LaurusPermutation, SqueezeCallsOfTheTraces) {
  for (const auto &p : permutations()) {
    SCOPED_TRACE(p.name);
    EXPECT_EQ(permuted(p.permute, kEmpty512SqueezeIn), state(kEmpty512SqueezeOut, kStateWords));
    EXPECT_EQ(permuted(p.permute, k768SqueezeIn), state(k768SqueezeOut, kStateWords));
    EXPECT_EQ(permuted(p.permute, k1024SqueezeIn), state(k1024SqueezeOut, kStateWords));
  }
}

TEST(LaurusPermutation, Avx2MatchesPortableOnRandomStates) {
  if (permutations().size() < 2) GTEST_SKIP() << "no AVX2 permutation in this build";
  std::mt19937_64 rng(14);
  for (int n = 0; n < 2000; ++n) {
    std::uint64_t w[kStateWords];
    for (auto &x : w) x = rng();
    ASSERT_EQ(permuted(laurus::permute_portable, w), permuted(laurus::permute_avx2, w))
        << "state " << n;
  }
}

// §9.4: the empty-message digest of Laurus-512 is words 8..15 of that output.
TEST(LaurusMode, Empty512DigestIsTheSqueezeOutput) {
  std::uint64_t y[laurus::kChainWords + laurus::kFinalWords] = {};
  y[23] = 512;
  y[24] = 0x8000000000000000;  // F = 1 || 0^511
  std::uint64_t expected_in[kStateWords];
  expected_in[0] = 0x8000000000000000;
  for (unsigned j = 1; j < kStateWords; ++j) expected_in[j] = y[7 + j];
  EXPECT_EQ(state(expected_in, kStateWords), state(kEmpty512SqueezeIn, kStateWords));
  std::uint8_t digest[64];
  for (unsigned j = 0; j < 8; ++j) ngcc::store_be64(digest + 8 * j, kEmpty512SqueezeOut[8 + j]);
  EXPECT_EQ(to_hex(digest, 64), upper(kDigestVectors[0].digest_hex));
}

// §9.5: one absorb call and one squeeze call, step by step.
template <unsigned C>
void check_trace(const Bytes &msg, const Bytes &absorbed_block, bool unpadded,
                 const std::uint64_t *absorb_in, const std::uint64_t *s_after,
                 const std::uint64_t *f, const std::uint64_t *squeeze_in, const char *instance) {
  using Mode = laurus::Mode<C>;
  std::uint64_t s[laurus::kChainWords] = {};
  s[23] = C;
  // Permutation input: counter 0, the block's words, then S.
  std::uint64_t w[kStateWords];
  w[0] = 0;
  for (unsigned j = 0; j < Mode::kBlockWords; ++j)
    w[1 + j] = ngcc::load_be64(absorbed_block.data() + 8 * j);
  for (unsigned j = 1 + Mode::kBlockWords; j < kStateWords; ++j) w[j] = s[j - 1 - Mode::kBlockWords];
  EXPECT_EQ(state(w, kStateWords), state(absorb_in, kStateWords));

  std::uint8_t f_bytes[64];
  for (unsigned j = 0; j < 8; ++j) ngcc::store_be64(f_bytes + 8 * j, f[j]);
  std::uint64_t expected_squeeze_in[kStateWords];
  expected_squeeze_in[0] = 0x8000000000000000 | (std::uint64_t(unpadded) << 62);
  for (unsigned j = 1; j < 17; ++j) expected_squeeze_in[j] = s_after[7 + j];
  for (unsigned j = 17; j < kStateWords; ++j) expected_squeeze_in[j] = f[j - 17];
  EXPECT_EQ(state(expected_squeeze_in, kStateWords), state(squeeze_in, kStateWords));

  Bytes digest;
  for (const auto &v : kDigestVectors)
    if (v.instance == std::string(instance) && v.msg_bits == msg.size() * 8)
      digest = from_hex(v.digest_hex);
  ASSERT_EQ(digest.size(), C / 8);
  for (const auto &p : permutations()) {
    SCOPED_TRACE(p.name);
    std::uint64_t s_run[laurus::kChainWords];
    std::memcpy(s_run, s, sizeof s);
    Mode::absorb(p.permute, s_run, absorbed_block.data(), 0);
    EXPECT_EQ(state(s_run, laurus::kChainWords), state(s_after, laurus::kChainWords));
    Bytes out(C / 8);
    Mode::squeeze(p.permute, s_run, f_bytes, unpadded, out.data(), out.size());
    EXPECT_EQ(to_hex(out), to_hex(digest));
    Bytes whole(C / 8);
    Mode::hash(p.permute, 0, msg.data(), msg.size() * 8, whole.data(), whole.size());
    EXPECT_EQ(to_hex(whole), to_hex(digest));
  }
}

TEST(LaurusMode, AbsorbTrace768PaddedExtraBlock) {
  const Bytes msg = message("seq:65");
  Bytes block(96, 0);  // 520 message bits || 1 || 0 up to r = 768 bits; F = 0
  std::memcpy(block.data(), msg.data(), msg.size());
  block[65] = 0x80;
  check_trace<768>(msg, block, false, k768AbsorbIn, k768S, k768F, k768SqueezeIn, "Laurus-768");
}

TEST(LaurusMode, AbsorbTrace1024Unpadded) {
  const Bytes msg = message("seq:128");
  const Bytes block(msg.begin(), msg.begin() + 64);  // d = 1: F = the last 512 bits
  check_trace<1024>(msg, block, true, k1024AbsorbIn, k1024S, k1024F, k1024SqueezeIn,
                    "Laurus-1024");
}

// §9.1 and §9.2: every digest table row, through every module variant.
TEST(LaurusModules, SpecDigestTables) {
  for (const auto &variant : ngcc::test::built_variants()) {
    for (const char *instance : {"Laurus-512", "Laurus-768", "Laurus-1024", "Laurus-XOF"}) {
      const auto module = ngcc::test::load(std::string(instance) + "-" + variant);
      int rows = 0;
      for (const auto &v : kDigestVectors) {
        if (v.instance != std::string(instance)) continue;
        ++rows;
        EXPECT_EQ(to_hex(ngcc::test::digest(module, message(v.msg), v.msg_bits)),
                  upper(v.digest_hex))
            << instance << "-" << variant << " L = " << v.msg_bits << " msg " << v.msg;
      }
      EXPECT_GE(rows, 20) << instance;
    }
  }
}

// §9.2 explicit XOF lengths. CryptHash takes whole bytes, so a length that is
// not a multiple of 8 is checked as the masked prefix of the next whole byte.
TEST(LaurusModules, XofExplicitOutputLengths) {
  for (const auto &variant : ngcc::test::built_variants()) {
    const auto module = ngcc::test::load("Laurus-XOF-" + variant);
    for (const auto &v : kXofVectors) {
      const int bytes = static_cast<int>((v.out_bits + 7) / 8);
      Bytes out = ngcc::test::digest(module, message(v.msg), v.msg_bits, 8 * bytes);
      out.back() &= ngcc::high_bits_mask(v.out_bits % 8);
      EXPECT_EQ(to_hex(out), upper(v.out_hex))
          << variant << " L = " << v.msg_bits << " out_bits " << v.out_bits;
    }
  }
}

// §4.4: squeeze blocks are independent counter-mode calls, so every output
// length is a prefix of every longer one, up to NGCC_XOF_MAX_DIGEST_BITS.
TEST(LaurusModules, XofOutputsArePrefixesOfLongerOutputs) {
  std::mt19937_64 rng(1537);
  for (const auto &variant : ngcc::test::built_variants()) {
    const auto module = ngcc::test::load("Laurus-XOF-" + variant);
    for (std::uint64_t bits : {0ull, 7ull, 512ull, 1600ull, 5000ull}) {
      Bytes msg((bits + 7) / 8);
      for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
      const Bytes longest = ngcc::test::digest(module, msg, bits, NGCC_XOF_MAX_DIGEST_BITS);
      for (int out_bits = 8; out_bits <= 4 * 1088 + 64; out_bits += 8) {
        const Bytes out = ngcc::test::digest(module, msg, bits, out_bits);
        ASSERT_EQ(to_hex(out), to_hex(longest.data(), out.size()))
            << variant << " L = " << bits << " out_bits " << out_bits;
      }
    }
  }
}

TEST(LaurusModules, InstanceInfo) {
  const struct {
    const char *name, *kat_name;
    int digest_bits, is_xof, max_bits;
  } expected[] = {
      {"Laurus-512", "laurus_512", 512, 0, 512},
      {"Laurus-768", "laurus_768", 768, 0, 768},
      {"Laurus-1024", "laurus_1024", 1024, 0, 1024},
      {"Laurus-XOF", "laurus_xof", 2048, 1, NGCC_XOF_MAX_DIGEST_BITS},
  };
  for (const auto &variant : ngcc::test::built_variants()) {
    for (const auto &e : expected) {
      const auto module = ngcc::test::load(std::string(e.name) + "-" + variant);
      const ngcc_instance_info *info = module.info();
      ASSERT_NE(info, nullptr);
      EXPECT_STREQ(info->name, e.name);
      EXPECT_STREQ(info->kat_name, e.kat_name);
      EXPECT_STREQ(info->candidate_id, "hash-14");
      EXPECT_STREQ(info->family, "Laurus");
      EXPECT_EQ(info->digest_bits, e.digest_bits);
      EXPECT_EQ(info->is_xof, e.is_xof);
      EXPECT_EQ(info->max_digest_bits, e.max_bits);
      EXPECT_EQ(info->variant, variant);
      EXPECT_STREQ(info->code_path(), variant == "ref" ? "portable" : "avx2");
    }
  }
}

}  // namespace
