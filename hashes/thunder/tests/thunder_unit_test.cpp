// Unit tests: every permutation check value, the round-0 trace and the
// worked example of the Thunder specification, and every digest vector of
// §10.3/§12, for both variants.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "spec_vectors.hpp"
#include "test_support.hpp"
#include "thunder/thunder.hpp"

namespace {

using ngcc::thunder::State;
namespace th = ngcc::thunder;

State lanes_from_hex(const std::string &hex) {
  const std::vector<std::uint8_t> bytes = ngcc::test::from_hex(hex);
  State s{};
  for (std::size_t k = 0; k < bytes.size() / 8; ++k) s[k] = ngcc::load_be64(bytes.data() + 8 * k);
  return s;
}

State lane_index_state() {
  State s;
  for (int k = 0; k < th::kLanes; ++k) s[k] = static_cast<std::uint64_t>(k);
  return s;
}

std::vector<th::Permutation> permutations() {
  std::vector<th::Permutation> p = {th::permute_portable};
#if NGCC_HAVE_OPT
  p.push_back(th::permute_avx2);
#endif
  return p;
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

TEST(ThunderPermutation, ZeroState) {
  for (th::Permutation permute : permutations()) {
    State s{};
    permute(s);
    EXPECT_EQ(s, lanes_from_hex(kPermZero));
  }
}

TEST(ThunderPermutation, LaneIndexState) {
  for (th::Permutation permute : permutations()) {
    State s = lane_index_state();
    permute(s);
    EXPECT_EQ(s, lanes_from_hex(kPermLaneIndex));
  }
}

// §11: round 0 step by step on lane k = k.
TEST(ThunderPermutation, RoundZeroTrace) {
  State s = lane_index_state();
  th::steps::iota(s, 0);
  EXPECT_EQ(s[0], 1u);
  th::steps::rho(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "0000000000080000 0000000080000000 0010000000000000 8000000000000001 0000008000000000"
                   "0000000005000000 0000000000006000 0000E00000000000 0000000000100000 0480000000000000"
                   "0000000280000000 5800000000000000 000000000000000C 4000000000000003 0000000070000000"
                   "00000000000F0000 0000004000000000 0000000000000088 1200000000000000 000000004C000000"
                   "5000000000000000 0005400000000000 00000000000B0000 000B800000000000 0000000003000000"));
  th::steps::theta(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "A9E76014910719A6 A597A61EC1101170 9768B10C04A6081A 8171403480C42025 C20000622066E077"
                   "21C413A495009722 20FAB7CF00705070 07861B4307101310 1762189C80EC1C10 FA80005B3DD0AB6F"
                   "A9B84816513B10A6 FAF8081C2A2D2062 037C215FA9348824 44A11114A0768003 CAB6039B117025C5"
                   "A1478494941CA0A6 80D800DC03E7C371 82D7210E4E4A409B 177C002682F4A800 628B60672D702053"
                   "29C00057524012AF 497DD00C0110112B 26CDE1068499AD7D 516B903A88F50104 C22E501ED26E200F"));
  th::steps::pi(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "C20000622066E077 21C413A495009722 FAF8081C2A2D2062 82D7210E4E4A409B 516B903A88F50104"
                   "9768B10C04A6081A 1762189C80EC1C10 CAB6039B117025C5 A1478494941CA0A6 497DD00C0110112B"
                   "A9E76014910719A6 20FAB7CF00705070 037C215FA9348824 177C002682F4A800 C22E501ED26E200F"
                   "8171403480C42025 FA80005B3DD0AB6F A9B84816513B10A6 80D800DC03E7C371 26CDE1068499AD7D"
                   "A597A61EC1101170 07861B4307101310 44A11114A0768003 628B60672D702053 29C00057524012AF"));
  th::steps::psi(s);
  EXPECT_EQ(s, lanes_from_hex(
                   "8971003490C520A1 DA98A45B3DD0EB0F A8F06856593B1886 94E800DC0167CB71 A4CFE10604B78D7D"
                   "A587A61EC1901170 DD861B532F903B1D 44A15114F0749083 628B60B72C712333 0D40215756409EDF"
                   "E28606606176F137 21C010A497009722 FEF9181C8A29A062 C0D7412D664A409B 516B906BDAB50384"
                   "D568B16C24C6E81B 176218BC10EC9812 72B60B9B13790585 2147859CD416E02E 597C502C0981102B"
                   "BDEFD11C950711AE 24D8BFCF005C5060 037A22DEA9748D25 367C842612E48804 CA3E501ED36E300D"));
}

// §6: Thunder-512, empty message, one absorb with feed-forward.
TEST(ThunderMode, WorkedExampleEmptyThunder512) {
  for (th::Permutation permute : permutations()) {
    State s = lanes_from_hex(
        "BF6F0F35E3B4B691 8E265B9343C855BE 246B722CBB56513A BC2F395FD06923B4 DD524527A77295D2"
        "41E818D4F5A362FC 694AD1341F066571 9B04C99DC477B767 385EC0E6C2C9262C");
    s[24] = 0x8000000000000000;
    State entering{};
    for (int j = 0; j < 9; ++j) entering[j] = th::kThunder512.iv[j];
    entering[0] ^= 1;                   // domain bit
    entering[24] = 0x8000000000000000;  // padded block 80 00 .. 00
    EXPECT_EQ(s, entering);

    permute(s);
    State permuted = s;
    permuted[24] = 0;  // compare lanes 0..8 only
    for (int k = 9; k < th::kLanes; ++k) permuted[k] = 0;
    EXPECT_EQ(permuted, lanes_from_hex("EFC9AAD0218DCA32 A838361D64DBE09C 3B26D7D048D6FEB5"
                                       "94FDC09E7AF30F98 3B0D7C191540B110 81FC9E7678CCE8E7"
                                       "367275DFE5D87058 DE0A8B82A45A7A34 0BAFB864FCDBC481"));
    for (int j = 0; j < 9; ++j) permuted[j] ^= entering[j];
    EXPECT_EQ(permuted, lanes_from_hex("50A6A5E5C2397CA3 261E6D8E2713B522 1F4DA5FCF380AF8F"
                                       "28D2F9C1AA9A2C2C E65F393EB23224C2 C01486A28D6F8A1B"
                                       "5F38A4EBFADE1529 450E421F602DCD53 33F178823E12E2AD"));
  }
}

TEST(ThunderPermutation, PortableAndAvx2AgreeOnRandomStates) {
#if NGCC_HAVE_OPT
  std::mt19937_64 rng(33);
  for (int trial = 0; trial < 10000; ++trial) {
    State a;
    for (auto &lane : a) lane = rng();
    State b = a;
    th::permute_portable(a);
    th::permute_avx2(b);
    ASSERT_EQ(a, b) << "trial " << trial;
  }
#else
  GTEST_SKIP() << "opt variant not built";
#endif
}

std::vector<std::uint8_t> spec_message(const thunder_test::SpecVector &v) {
  const std::size_t bytes = static_cast<std::size_t>((v.msg_bits + 7) / 8);
  switch (v.kind) {
    case 'S': {
      std::vector<std::uint8_t> m(bytes);
      for (std::size_t i = 0; i < bytes; ++i) m[i] = static_cast<std::uint8_t>(i);
      return m;
    }
    case 'Z': return std::vector<std::uint8_t>(bytes, 0x00);
    case 'F': return std::vector<std::uint8_t>(bytes, 0xFF);
    default: return ngcc::test::from_hex(v.hex);
  }
}

// §10.3 and §12, every row, both variants. Output lengths that are not a
// whole number of bytes are compared as the masked prefix (§4.4).
TEST(ThunderDigest, SpecVectors) {
  for (const std::string &variant : ngcc::test::built_variants()) {
    for (const auto &v : thunder_test::kSpecVectors) {
      const ngcc::Module module = ngcc::test::load(std::string(v.instance) + "-" + variant);
      const int out_bits = v.out_bits != 0 ? v.out_bits : module.info()->digest_bits;
      const int byte_bits = (out_bits + 7) / 8 * 8;
      std::vector<std::uint8_t> out =
          ngcc::test::digest(module, spec_message(v), v.msg_bits, byte_bits);
      out.back() &= ngcc::high_bits_mask(static_cast<unsigned>(out_bits % 8));
      EXPECT_EQ(ngcc::test::to_hex(out), v.expected)
          << v.instance << "-" << variant << " kind " << v.kind << " msg_bits " << v.msg_bits
          << " out_bits " << out_bits;
    }
  }
}

// The module descriptions the brief asks for.
TEST(ThunderModule, InstanceInfo) {
  struct Expected {
    const char *name;
    int digest_bits;
    int is_xof;
  };
  const Expected expected[] = {{"Thunder-512", 512, 0},      {"Thunder-768", 768, 0},
                               {"Thunder-1024", 1024, 0},    {"Thunder-XOF-256", 1280, 1},
                               {"Thunder-XOF-384", 1152, 1}, {"Thunder-XOF-512", 1024, 1}};
  for (const std::string &variant : ngcc::test::built_variants()) {
    for (const Expected &e : expected) {
      const ngcc::Module module = ngcc::test::load(std::string(e.name) + "-" + variant);
      const ngcc_instance_info *info = module.info();
      ASSERT_NE(info, nullptr);
      EXPECT_STREQ(info->name, e.name);
      EXPECT_STREQ(info->kat_name, e.name);
      EXPECT_STREQ(info->candidate_id, "hash-33");
      EXPECT_STREQ(info->family, "Thunder");
      EXPECT_EQ(info->digest_bits, e.digest_bits);
      EXPECT_EQ(info->is_xof, e.is_xof);
      EXPECT_EQ(info->max_digest_bits, e.is_xof ? NGCC_XOF_MAX_DIGEST_BITS : e.digest_bits);
      EXPECT_EQ(info->variant, variant);
      EXPECT_STREQ(info->code_path(), variant == "ref" ? "portable" : "avx2");
    }
  }
}

}  // namespace
