// Thunder unit tests: the permutation check values and the round-0 trace of
// §11, the worked example of §6 and every digest vector of §10.3/§12 of
// docs/specs/hash-33-thunder.md, over the implementation table and over the
// modules.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "spec_vectors.hpp"
#include "test_support.hpp"
#include "thunder/thunder.hpp"

namespace ngcc::thunder::test {
namespace {

using Bytes = std::vector<std::uint8_t>;

class ThunderImplementation : public ngcc::test::ImplementationTest<Implementation> {};
class ThunderModule : public ngcc::test::ModuleTest {};

// Lanes 0, 1, ... as 16-digit hexadecimal numbers (spaces ignored).
State lanes_from_hex(const std::string &hex) {
  const Bytes bytes = ngcc::test::from_hex(hex);
  State s{};
  for (std::size_t k = 0; k < bytes.size() / 8; ++k) s[k] = ngcc::load_be64(bytes.data() + 8 * k);
  return s;
}

State lane_index_state() {
  State s;
  for (int k = 0; k < kLanes; ++k) s[k] = static_cast<std::uint64_t>(k);
  return s;
}

State permuted(const Implementation &impl, State s) {
  impl.permute(s);
  return s;
}

State absorbed(const Implementation &impl, State s, const Bytes &blocks, const Params &p) {
  impl.absorb_blocks(s, blocks.data(), blocks.size() / p.rate_bytes, p);
  return s;
}

// §11: Thunder-p on the all-zero state and on lane k = k.
const char *const kPermZero =
    "5312AF8201FFCDEC 9DE76F85B17B015D DE274BF41DA8CD3A 5C6D9FB846AEE6E2 DB18C8E972DC3811"
    "527BBA3BF67AF36F 12503CC37CFBC86E 598651F6F1DFB1A8 D3F63751444C6780 79B28DE13EDC6AF2"
    "45139342C3F3D490 82F64D731B1B7EEC FFBCA606B79BB07E 26A38EF9063BBF8E 8C0DF93E1175E87F"
    "D2F15866B14C491D FD0B6057B2C1A29A 97D47EEBEF63C4A0 759542CEBCF4EE2F BF19A43C2BF3932A"
    "564602962E892F64 A144C539D908326C 74056685A37F8663 9AC78C3B79767D4E E7BE8A18A50DBE2B";
const char *const kPermLaneIndex =
    "E2D437C66E19A8B7 D4C1761D264CE701 2C2DEC8A58B4942B 035F0BE23C6FF524 778293B1B16BC2B0"
    "9C27F714C1B3E727 B5099CC409E06D38 B37115D3F3108EBC 82FDF64F987A6977 4CF8FBCC57224D6E"
    "15E37FECD392E860 2932F92EBC9A8385 81758E6B9FA40B3F 10F3392C7BB7421D 16AA23B5503F0631"
    "08546E134AED164D B32ADDD57FB229E6 AB5C6CE291FF4198 53E35CE65CFE3A54 52A089CDC5DB6791"
    "388787B526ED3548 349DA130E8B68B2C CE84B2CDA7CEBD55 B767E7E11F972117 0648023A6CF41886";

TEST_P(ThunderImplementation, PermuteZeroState) {
  EXPECT_EQ(permuted(impl(), State{}), lanes_from_hex(kPermZero));
}

TEST_P(ThunderImplementation, PermuteLaneIndexState) {
  EXPECT_EQ(permuted(impl(), lane_index_state()), lanes_from_hex(kPermLaneIndex));
}

TEST_P(ThunderImplementation, PermuteAgreesWithPortableOnRandomStates) {
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 1000; ++trial) {
    State s;
    for (auto &lane : s) lane = rng();
    ASSERT_EQ(permuted(impl(), s), permuted(kPortable, s)) << "trial " << trial;
  }
}

// Multi-block absorb from random states, every rate (exercises the rate
// layout and the feed-forward of each implementation).
TEST_P(ThunderImplementation, AbsorbAgreesWithPortableOnRandomStatesAndBlocks) {
  std::mt19937_64 rng(2026);
  for (const Params *p : {&kThunder512, &kThunder768, &kThunder1024}) {
    for (std::size_t nblocks = 0; nblocks <= 5; ++nblocks) {
      State s;
      for (auto &lane : s) lane = rng();
      const Bytes blocks = ngcc::test::random_bytes(rng, nblocks * p->rate_bytes);
      EXPECT_EQ(absorbed(impl(), s, blocks, *p), absorbed(kPortable, s, blocks, *p))
          << "rate " << p->rate_bytes << ", " << nblocks << " blocks";
    }
  }
}

// §6: Thunder-512, empty message: the state entering Thunder-p, its output
// and the state after the feed-forward, lanes 0..8.
TEST_P(ThunderImplementation, WorkedExampleEmptyThunder512) {
  State entering{};
  for (int j = 0; j < kThunder512.capacity_lanes(); ++j) entering[j] = kThunder512.iv[j];
  entering[0] ^= 1;                   // domain bit
  entering[24] = 0x8000000000000000;  // padded block 80 00 .. 00
  State listed = lanes_from_hex("BF6F0F35E3B4B691 8E265B9343C855BE 246B722CBB56513A"
                                "BC2F395FD06923B4 DD524527A77295D2 41E818D4F5A362FC"
                                "694AD1341F066571 9B04C99DC477B767 385EC0E6C2C9262C");
  listed[24] = 0x8000000000000000;
  EXPECT_EQ(entering, listed);
  auto capacity = [](State s) {
    for (int k = kThunder512.capacity_lanes(); k < kLanes; ++k) s[k] = 0;
    return s;
  };
  EXPECT_EQ(capacity(permuted(impl(), entering)),
            lanes_from_hex("EFC9AAD0218DCA32 A838361D64DBE09C 3B26D7D048D6FEB5"
                           "94FDC09E7AF30F98 3B0D7C191540B110 81FC9E7678CCE8E7"
                           "367275DFE5D87058 DE0A8B82A45A7A34 0BAFB864FCDBC481"));

  State before = entering;
  before[24] = 0;  // the block supplies the 80 byte
  Bytes block(kThunder512.rate_bytes, 0);
  block[0] = 0x80;
  EXPECT_EQ(capacity(absorbed(impl(), before, block, kThunder512)),
            lanes_from_hex("50A6A5E5C2397CA3 261E6D8E2713B522 1F4DA5FCF380AF8F"
                           "28D2F9C1AA9A2C2C E65F393EB23224C2 C01486A28D6F8A1B"
                           "5F38A4EBFADE1529 450E421F602DCD53 33F178823E12E2AD"));
}

// §11: round 0 step by step on lane k = k.
TEST(ThunderPortable, RoundZeroTrace) {
  State s = lane_index_state();
  steps::iota(s, 0);
  EXPECT_EQ(s[0], 1u);
  steps::rho(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "0000000000080000 0000000080000000 0010000000000000 8000000000000001 0000008000000000"
                   "0000000005000000 0000000000006000 0000E00000000000 0000000000100000 0480000000000000"
                   "0000000280000000 5800000000000000 000000000000000C 4000000000000003 0000000070000000"
                   "00000000000F0000 0000004000000000 0000000000000088 1200000000000000 000000004C000000"
                   "5000000000000000 0005400000000000 00000000000B0000 000B800000000000 0000000003000000"));
  steps::theta(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "A9E76014910719A6 A597A61EC1101170 9768B10C04A6081A 8171403480C42025 C20000622066E077"
                   "21C413A495009722 20FAB7CF00705070 07861B4307101310 1762189C80EC1C10 FA80005B3DD0AB6F"
                   "A9B84816513B10A6 FAF8081C2A2D2062 037C215FA9348824 44A11114A0768003 CAB6039B117025C5"
                   "A1478494941CA0A6 80D800DC03E7C371 82D7210E4E4A409B 177C002682F4A800 628B60672D702053"
                   "29C00057524012AF 497DD00C0110112B 26CDE1068499AD7D 516B903A88F50104 C22E501ED26E200F"));
  steps::pi(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "C20000622066E077 21C413A495009722 FAF8081C2A2D2062 82D7210E4E4A409B 516B903A88F50104"
                   "9768B10C04A6081A 1762189C80EC1C10 CAB6039B117025C5 A1478494941CA0A6 497DD00C0110112B"
                   "A9E76014910719A6 20FAB7CF00705070 037C215FA9348824 177C002682F4A800 C22E501ED26E200F"
                   "8171403480C42025 FA80005B3DD0AB6F A9B84816513B10A6 80D800DC03E7C371 26CDE1068499AD7D"
                   "A597A61EC1101170 07861B4307101310 44A11114A0768003 628B60672D702053 29C00057524012AF"));
  steps::psi(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "8971003490C520A1 DA98A45B3DD0EB0F A8F06856593B1886 94E800DC0167CB71 A4CFE10604B78D7D"
                   "A587A61EC1901170 DD861B532F903B1D 44A15114F0749083 628B60B72C712333 0D40215756409EDF"
                   "E28606606176F137 21C010A497009722 FEF9181C8A29A062 C0D7412D664A409B 516B906BDAB50384"
                   "D568B16C24C6E81B 176218BC10EC9812 72B60B9B13790585 2147859CD416E02E 597C502C0981102B"
                   "BDEFD11C950711AE 24D8BFCF005C5060 037A22DEA9748D25 367C842612E48804 CA3E501ED36E300D"));
}

Bytes spec_message(const SpecVector &v) {
  const std::size_t bytes = static_cast<std::size_t>((v.msg_bits + 7) / 8);
  switch (v.kind) {
    case 'S': {
      Bytes m(bytes);
      for (std::size_t i = 0; i < bytes; ++i) m[i] = static_cast<std::uint8_t>(i);
      return m;
    }
    case 'Z': return Bytes(bytes, 0x00);
    case 'F': return Bytes(bytes, 0xFF);
    default: return ngcc::test::from_hex(v.hex);
  }
}

// §10.3 and §12, the rows of the module's instance. Output lengths that are
// not a whole number of bytes are compared as the masked prefix (§4.4).
TEST_P(ThunderModule, SpecVectors) {
  int rows = 0;
  for (const auto &v : kSpecVectors) {
    if (v.instance != std::string(info().name)) continue;
    ++rows;
    const int out_bits = v.out_bits != 0 ? v.out_bits : info().digest_bits;
    Bytes out = ngcc::test::digest(module(), spec_message(v), v.msg_bits, (out_bits + 7) / 8 * 8);
    out.back() &= ngcc::high_bits_mask(static_cast<unsigned>(out_bits % 8));
    EXPECT_EQ(ngcc::test::to_hex(out), v.expected)
        << "kind " << v.kind << " msg_bits " << v.msg_bits << " out_bits " << out_bits;
  }
  EXPECT_GT(rows, 0);
}

INSTANTIATE_TEST_SUITE_P(Implementations, ThunderImplementation, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, ThunderModule, ::testing::ValuesIn(ngcc::test::family_targets("thunder")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::thunder::test
