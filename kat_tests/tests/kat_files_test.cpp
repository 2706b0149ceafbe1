// Text layout of the four official files (api-kat.md §5), driven by a
// stand-in hash whose digest is easy to predict.
#include <gtest/gtest.h>

#include <sstream>

#include "hex.hpp"
#include "kat_files.hpp"

namespace ngcc::kat {
namespace {

class StringSink : public TextSink {
 public:
  void write(std::string_view t) override { text.append(t); }
  std::string text;
};

// Digest: message length (8 bytes BE) then the first message bytes.
int stand_in_hash(int bits, const unsigned char *msg, unsigned long long len, unsigned char *out) {
  for (int i = 0; i < bits / 8; ++i) {
    const unsigned long long bytes = (len + 7) / 8;
    out[i] = i < 8 ? static_cast<unsigned char>(len >> (56 - 8 * i))
                   : (static_cast<unsigned long long>(i - 8) < bytes ? msg[i - 8] : 0);
  }
  return 0;
}

int failing_hash(int, const unsigned char *, unsigned long long len, unsigned char *) {
  return len == 3 ? 7 : 0;
}

std::vector<std::string> lines(const std::string &text) {
  std::vector<std::string> out;
  std::istringstream in(text);
  for (std::string l; std::getline(in, l);) out.push_back(l);
  return out;
}

TEST(KatFiles, Names) {
  EXPECT_EQ(file_name(Kind::k2_12, "laurus_512"), "KAT_2_12_laurus_512.txt");
  EXPECT_EQ(file_name(Kind::Loop, "Thunder-XOF-256"), "KAT_Loop_Thunder-XOF-256.txt");
  EXPECT_TRUE(valid_algorithm_instance("AFS-TrEDM-768"));
  EXPECT_FALSE(valid_algorithm_instance("bad name"));
  EXPECT_FALSE(valid_algorithm_instance(""));
  EXPECT_EQ(parse_kind("Loop"), Kind::Loop);
  EXPECT_FALSE(parse_kind("2_13").has_value());
}

TEST(KatFiles, Layout2_12) {
  StringSink sink;
  LongMessageCache cache;
  write_kat_file(Kind::k2_12, {stand_in_hash, 128}, sink, cache);
  const auto l = lines(sink.text);
  ASSERT_EQ(l.size(), 4097u * 5);
  EXPECT_EQ(l[0], "Msg_Len = 0");
  EXPECT_EQ(l[1], "Msg = ");  // trailing space for the empty message
  EXPECT_EQ(l[2], "Dst_Len = 128");
  EXPECT_EQ(l[3], "Dst = 00000000000000000000000000000000");
  EXPECT_EQ(l[4], "");
  EXPECT_EQ(l[15], "Msg_Len = 3");
  EXPECT_EQ(l[16], "Msg = A0");
  EXPECT_EQ(l[18], "Dst = 0000000000000003A000000000000000");
  EXPECT_EQ(l[8 * 5 + 1], "Msg = 3D");
  EXPECT_EQ(l[16 * 5 + 1], "Msg = 408D");
  EXPECT_EQ(sink.text.substr(sink.text.size() - 2), "\n\n");
}

TEST(KatFiles, Layout2_23) {
  StringSink sink;
  LongMessageCache cache;
  write_kat_file(Kind::k2_23, {stand_in_hash, 64}, sink, cache);
  const std::string seed_hex = "4B41545F325F3233";
  std::string seed;
  for (int i = 0; i < 8; ++i) seed += seed_hex;
  EXPECT_EQ(sink.text,
            "Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\n"
            "Dst_Len = 64\nDst = 0000000000800000\n\n"
            "Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = FFFFFFFFFFFFFFFF .... FFFFFFFFFFFFFFFF\n"
            "Dst_Len = 64\nDst = 0000000000800000\n\n"
            "Msg_Len = 8388608\nMsg_Seed = " + seed + "\nMsg_Exp = B6E2C825BE0E7D79 .... " +
                to_hex(cache.random_message(Kind::k2_23).data() + (1 << 20) - 8, 8) +
                "\nDst_Len = 64\nDst = 0000000000800000\n\n");
}

TEST(KatFiles, HashErrorStopsWithPartialRecord) {
  StringSink sink;
  LongMessageCache cache;
  EXPECT_THROW(write_kat_file(Kind::k2_12, {failing_hash, 64}, sink, cache), HashError);
  const auto l = lines(sink.text);
  ASSERT_EQ(l.size(), 3u * 5 + 2);
  EXPECT_EQ(l.back(), "Msg = A0");
}

}  // namespace
}  // namespace ngcc::kat
