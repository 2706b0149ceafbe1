// SM3 Hash_DRBG check values of docs/kat-procedure.md §4.6.
#include <gtest/gtest.h>

#include <cstring>

#include "hex.hpp"
#include "sm3_drbg.hpp"

namespace ngcc::kat {
namespace {

std::string hex(const Sm3HashDrbg::Number &n) { return to_hex(n.data(), n.size()); }

std::string first_draw(const std::string &tag, std::uint64_t bits) {
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed(tag));
  std::vector<std::uint8_t> out((bits + 7) / 8);
  drbg.generate(out.data(), bits);
  return to_hex(out);
}

TEST(Sm3, Abc) {
  const auto d = sm3(reinterpret_cast<const std::uint8_t *>("abc"), 3);
  EXPECT_EQ(to_hex(d.data(), d.size()), "66C7F0F462EEEDD9D1F2D46BDC10E4E24167C4875CF2F7A2297DA02B8F4BA8E0");
}

TEST(Sm3HashDrbg, InstantiateKat212) {
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed("KAT_2_12"));
  EXPECT_EQ(hex(drbg.v()),
            "FF9A9D0490C986B1702A1661BA7E72EC240C77A802416E98E53CE4EE42ABAF5FB6DA7484EE7C5870CDA6242A338D90555BDC6263FAE274");
  EXPECT_EQ(hex(drbg.c()),
            "283FC5F39ADCD7C2C7E18D7F1F7B42CEE6700FBA7D791C9EED7698DDD979BF07C21A971841F32108E105F1CE5B3ABB979DFE6D35CED27A");
}

TEST(Sm3HashDrbg, FirstGenerateAndStateUpdate) {
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed("KAT_2_12"));
  std::uint8_t out[64];
  drbg.generate(out, 512);
  EXPECT_EQ(to_hex(out, 64),
            "D51F0EA2F230B5F72C0F13DC1E9C902B06D2F531C85E8833240A388997441C5C0C828882CEA76A98FA8E8028EBC5B98A032BE0DC6F6A7CB0B1BA8B64BE28802D");
  EXPECT_EQ(hex(drbg.v()),
            "27DA62F82BA65E74380BA3E0D9F9B5BB0A7C87627FBA8B92407AC679FD0273066568A7D5B57EB03CFCFC5339027760013BDD2DBA6EAC5E");
}

TEST(Sm3HashDrbg, Kat212MessageSequence) {
  const char *expected[] = {"",     "80",   "40",   "A0",   "90",   "C0",   "A8",   "50",  "3D",
                            "0E00", "0A00", "AC20", "58C0", "1250", "21BC", "10B2", "408D"};
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed("KAT_2_12"));
  for (std::uint64_t n = 0; n <= 16; ++n) {
    std::uint8_t buf[4] = {};
    drbg.generate(buf, n);
    EXPECT_EQ(to_hex(buf, (n + 7) / 8), expected[n]) << "n = " << n;
  }
}

TEST(Sm3HashDrbg, FirstDrawOfEachSeed) {
  EXPECT_EQ(first_draw("KAT_2_23", 512),
            "B6E2C825BE0E7D79BC04CC261330124B42CA49C8D289BDDC326F95811CDEAB7564BDC1189EB06C3B6E88706312553E4998FC3CC599158747F72CF8596C04E1CA");
  EXPECT_EQ(first_draw("KAT_2_33", 512),
            "AE6416F9B6D4C97A201BA909C71B573FE7C9C834CE4F214D2B1EBA01611B6BB367217B1D724190AB0B65B74B45FB44B212D8EF545C1F7A0F256D578C174A7F3F");
  EXPECT_EQ(first_draw("KAT_Loop", 512),
            "2D911820A8ED087902CCFEEAD2C91785CEA0289755C29F651DB41AF1D8434774FCA391F2F7F9473A2619DC75FCC817E42B7A591AF2E95E3D43EF7D4EA978EEAB");
}

// Counter mode: a long draw starts with the short draw, whatever the thread split.
TEST(Sm3HashDrbg, ThreadedDrawEqualsSerial) {
  const std::uint64_t bits = 1u << 23;
  std::vector<std::uint8_t> serial(bits / 8), threaded(bits / 8);
  Sm3HashDrbg a(Sm3HashDrbg::kat_seed("KAT_2_23")), b(Sm3HashDrbg::kat_seed("KAT_2_23"));
  a.generate(serial.data(), bits, 1);
  b.generate(threaded.data(), bits, 3);
  EXPECT_TRUE(serial == threaded);
  EXPECT_EQ(to_hex(serial.data(), 8), "B6E2C825BE0E7D79");
  EXPECT_EQ(hex(a.v()), hex(b.v()));
}

}  // namespace
}  // namespace ngcc::kat
