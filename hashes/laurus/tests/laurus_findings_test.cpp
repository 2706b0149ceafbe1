// Published findings on Laurus (hash-14), reproduced (ctest label findings).
// Source: research/hash-14-laurus.md §10.
//
// Mechanism of both: fid enters only the initial S[23] (§4.2); each absorb call
// moves that word down by c/64 positions (§4.3), and finalization discards
// S[0..7] (§4.4). Once the word has reached S[0..7] without re-entering the
// permutation, hash and XOF (fid 0 and 1) give the same output.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "laurus/laurus.hpp"
#include "laurus/permutation.hpp"
#include "test_support.hpp"

namespace {

using Bytes = std::vector<std::uint8_t>;
using ngcc::test::to_hex;

std::vector<laurus::Permutation> permutations() {
#if NGCC_HAVE_OPT
  return {laurus::permute_portable, laurus::permute_avx2};
#else
  return {laurus::permute_portable};
#endif
}

Bytes generic_1024(laurus::Permutation permute, unsigned fid, const Bytes &msg,
                   std::uint64_t bits) {
  Bytes out(128);
  laurus::Mode<1024>::hash(permute, fid, msg.data(), bits, out.data(), out.size());
  return out;
}

// hash-14-1 (Medium, confirmed): with c = 1024 the fid word lands in S[7]
// after one absorb call, so Laurus[1024, 0] = Laurus[1024, 1] for every
// message of 513..1024 bits. No named instance is (c = 1024, fid = 1), so this
// is reachable only through the generic mode function, as done here.
TEST(LaurusFindings, Hash14_1_NoDomainSeparationAtC1024ForOneAbsorbCall) {
  const char *expected =
      "C3F9E165C061C4FB39F9DB0B703A153D2D69686B0AF61F09BDC520CCB708A97358982407B73F7C73823C229573"
      "19673D9090B6F21B9EA040735F109C3B2417786E7B3929168011603B2DC82514D349F057F8330127AC12AAEEE3"
      "64AB97086B6CFFD2D33872111134C926FDAF7951255CC355E88B3F9EEE7E50137FCF62E869E8";
  const Bytes zeros(96, 0);
  for (auto permute : permutations()) {
    EXPECT_EQ(to_hex(generic_1024(permute, 0, zeros, 768)), expected);
    EXPECT_EQ(to_hex(generic_1024(permute, 1, zeros, 768)), expected);
  }
}

TEST(LaurusFindings, Hash14_1_LengthScanEqualExactlyFrom513To1024Bits) {
  std::mt19937_64 rng(141);
  Bytes msg(8192 / 8);
  for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
  for (std::uint64_t bits = 0; bits <= 8192; ++bits) {
    const bool equal = generic_1024(laurus::permute_portable, 0, msg, bits) ==
                       generic_1024(laurus::permute_portable, 1, msg, bits);
    ASSERT_EQ(equal, bits >= 513 && bits <= 1024) << "L = " << bits;
  }
}

// §10.2: the same mechanism at c = 512 between two named instances. The fid
// word goes S[23] -> S[15] -> S[7] in two absorb calls, so for every message of
// 1537..2560 bits Laurus-512(M) equals the first 512 bits of Laurus-XOF(M),
// through the uniform API. Outside that window (0..4096 checked) they differ.
TEST(LaurusFindings, Laurus512EqualsXofPrefixExactlyFrom1537To2560Bits) {
  std::mt19937_64 rng(102);
  Bytes msg(4096 / 8);
  for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
  for (const auto &variant : ngcc::test::built_variants()) {
    const auto hash = ngcc::test::load("Laurus-512-" + variant);
    const auto xof = ngcc::test::load("Laurus-XOF-" + variant);
    for (std::uint64_t bits = 0; bits <= 4096; ++bits) {
      const Bytes h = ngcc::test::digest(hash, msg, bits);
      const Bytes x = ngcc::test::digest(xof, msg, bits, 512);
      ASSERT_EQ(h == x, bits >= 1537 && bits <= 2560) << variant << " L = " << bits;
    }
  }
}

// §9.2 shows it in the spec tables: the N = 200 (1600-bit) Laurus-512 digest
// is the first 64 bytes of the 2048-bit Laurus-XOF KAT-width output.
TEST(LaurusFindings, Laurus512EqualsXofPrefixOnTheSpecVector) {
  Bytes msg(200);
  for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i);
  for (const auto &variant : ngcc::test::built_variants()) {
    const Bytes h = ngcc::test::digest(ngcc::test::load("Laurus-512-" + variant), msg);
    const Bytes x = ngcc::test::digest(ngcc::test::load("Laurus-XOF-" + variant), msg);
    EXPECT_EQ(to_hex(h), to_hex(x.data(), 64)) << variant;
    EXPECT_EQ(to_hex(h).substr(0, 8), "2E121D62");
  }
}

// §10.2: c = 768 has no such window, the moved word re-enters the permutation.
// Checked against a hypothetical (c = 768, fid = 1) through the mode function.
TEST(LaurusFindings, C768KeepsDomainSeparationAtEveryLength) {
  std::mt19937_64 rng(768);
  Bytes msg(4096 / 8);
  for (auto &b : msg) b = static_cast<std::uint8_t>(rng());
  Bytes a(96), b(96);
  for (std::uint64_t bits = 0; bits <= 4096; ++bits) {
    laurus::Mode<768>::hash(laurus::permute_portable, 0, msg.data(), bits, a.data(), a.size());
    laurus::Mode<768>::hash(laurus::permute_portable, 1, msg.data(), bits, b.data(), b.size());
    ASSERT_NE(a, b) << "L = " << bits;
  }
}

}  // namespace
