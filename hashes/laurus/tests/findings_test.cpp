// Published findings on Laurus (hash-14), reproduced (ctest label findings).
// Source: docs/specs/hash-14-laurus.md §10.
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
#include "test_support.hpp"

namespace ngcc::laurus::test {
namespace {

using Bytes = std::vector<std::uint8_t>;
using ngcc::test::to_hex;

// Over the implementation table, and over the Laurus-512 modules.
class LaurusFinding : public ngcc::test::ImplementationTest<Implementation> {};
class Laurus512Finding : public ngcc::test::ModuleTest {};

// The generic Laurus[c, fid] of §4.5 with the pairs no named instance uses.
constexpr Params kC1024Fid1{1024, 1};
constexpr Params kC768Fid1{768, 1};

template <const Params &P>
Bytes generic(const Implementation &impl, const Bytes &msg, std::uint64_t bits) {
  Bytes out(P.capacity_bits / 8);
  hash<P>(impl, msg.data(), bits, out.data(), out.size());
  return out;
}

// hash-14-1 (Medium, confirmed): with c = 1024 the fid word lands in S[7]
// after one absorb call, so Laurus[1024, 0] = Laurus[1024, 1] for every
// message of 513..1024 bits. No named instance is (c = 1024, fid = 1), so this
// is reachable only through the generic mode function, as done here.
TEST_P(LaurusFinding, Hash14_1_NoDomainSeparationAtC1024ForOneAbsorbCall) {
  const char *expected =
      "C3F9E165C061C4FB39F9DB0B703A153D2D69686B0AF61F09BDC520CCB708A97358982407B73F7C73823C229573"
      "19673D9090B6F21B9EA040735F109C3B2417786E7B3929168011603B2DC82514D349F057F8330127AC12AAEEE3"
      "64AB97086B6CFFD2D33872111134C926FDAF7951255CC355E88B3F9EEE7E50137FCF62E869E8";
  const Bytes zeros(96, 0);
  EXPECT_EQ(to_hex(generic<kLaurus1024>(impl(), zeros, 768)), expected);
  EXPECT_EQ(to_hex(generic<kC1024Fid1>(impl(), zeros, 768)), expected);
}

TEST(LaurusFindings, Hash14_1_LengthScanEqualExactlyFrom513To1024Bits) {
  std::mt19937_64 rng(141);
  const Bytes msg = ngcc::test::random_bytes(rng, 8192 / 8);
  for (std::uint64_t bits = 0; bits <= 8192; ++bits) {
    const bool equal =
        generic<kLaurus1024>(kPortable, msg, bits) == generic<kC1024Fid1>(kPortable, msg, bits);
    ASSERT_EQ(equal, bits >= 513 && bits <= 1024) << "L = " << bits;
  }
}

// §10.2: the same mechanism at c = 512 between two named instances. The fid
// word goes S[23] -> S[15] -> S[7] in two absorb calls, so for every message of
// 1537..2560 bits Laurus-512(M) equals the first 512 bits of Laurus-XOF(M),
// through the uniform API. Outside that window (0..4096 checked) they differ.
// The XOF module is the one of the same variant.
TEST_P(Laurus512Finding, EqualsXofPrefixExactlyFrom1537To2560Bits) {
  std::mt19937_64 rng(102);
  const Bytes msg = ngcc::test::random_bytes(rng, 4096 / 8);
  const auto xof = ngcc::test::load(std::string("Laurus-XOF-") + info().variant);
  for (std::uint64_t bits = 0; bits <= 4096; ++bits) {
    const Bytes h = ngcc::test::digest(module(), msg, bits);
    const Bytes x = ngcc::test::digest(xof, msg, bits, 512);
    ASSERT_EQ(h == x, bits >= 1537 && bits <= 2560) << "L = " << bits;
  }
}

// §9.2 shows it in the spec tables: the N = 200 (1600-bit) Laurus-512 digest
// is the first 64 bytes of the 2048-bit Laurus-XOF KAT-width output.
TEST_P(Laurus512Finding, EqualsXofPrefixOnTheSpecVector) {
  Bytes msg(200);
  for (std::size_t i = 0; i < msg.size(); ++i) msg[i] = static_cast<std::uint8_t>(i);
  const Bytes h = ngcc::test::digest(module(), msg);
  const Bytes x = ngcc::test::digest(ngcc::test::load(std::string("Laurus-XOF-") + info().variant), msg);
  EXPECT_EQ(to_hex(h), to_hex(x.data(), 64));
  EXPECT_EQ(to_hex(h).substr(0, 8), "2E121D62");
}

// §10.2: c = 768 has no such window, the moved word re-enters the permutation.
// Checked against a hypothetical (c = 768, fid = 1) through the mode function.
TEST(LaurusFindings, C768KeepsDomainSeparationAtEveryLength) {
  std::mt19937_64 rng(768);
  const Bytes msg = ngcc::test::random_bytes(rng, 4096 / 8);
  for (std::uint64_t bits = 0; bits <= 4096; ++bits)
    ASSERT_NE(generic<kLaurus768>(kPortable, msg, bits), generic<kC768Fid1>(kPortable, msg, bits))
        << "L = " << bits;
}

INSTANTIATE_TEST_SUITE_P(Implementations, LaurusFinding, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, Laurus512Finding,
                         ::testing::ValuesIn(ngcc::test::instance_targets("Laurus-512")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::laurus::test
