// Text layout of the four official files (docs/kat-procedure.md §5), driven by a
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
class StandIn {
 public:
  explicit StandIn(int bits) : bits_(bits), out_(static_cast<std::size_t>(bits / 8)) {}
  // The digests of a whole file, stopping at call `stop_at` (if any).
  std::vector<std::vector<std::uint8_t>> file(Kind kind, const LongMessages *long_messages = nullptr,
                                              std::uint64_t stop_at = ~0ull) {
    std::vector<std::vector<std::uint8_t>> digests;
    stopped_ = !hash_records(
        kind, 0, record_count(kind), bits_, long_messages,
        [&](std::uint64_t call, const std::uint8_t *msg, std::uint64_t len) -> const std::uint8_t * {
          if (call == stop_at) return nullptr;
          const std::uint64_t bytes = (len + 7) / 8;
          for (std::size_t i = 0; i < out_.size(); ++i)
            out_[i] = i < 8 ? static_cast<std::uint8_t>(len >> (56 - 8 * i)) : (i - 8 < bytes ? msg[i - 8] : 0);
          return out_.data();
        },
        [&](std::size_t, const std::uint8_t *d) { digests.emplace_back(d, d + out_.size()); });
    return digests;
  }
  bool stopped() const { return stopped_; }

 private:
  int bits_;
  std::vector<std::uint8_t> out_;
  bool stopped_ = false;
};

std::string text(Kind kind, int bits, const std::vector<std::vector<std::uint8_t>> &digests,
                 const LongMessages *long_messages = nullptr) {
  StringSink sink;
  write_kat_text(kind, bits, digests, long_messages, sink);
  return sink.text;
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
  EXPECT_EQ(record_count(Kind::k2_12), 4097u);
  EXPECT_EQ(record_count(Kind::k2_33), 3u);
  EXPECT_EQ(record_bits(Kind::k2_33, 2), 1ull << 33);
}

TEST(KatFiles, Layout2_12) {
  StandIn hash(128);
  const std::string t = text(Kind::k2_12, 128, hash.file(Kind::k2_12));
  const auto l = lines(t);
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
  EXPECT_EQ(t.substr(t.size() - 2), "\n\n");
}

TEST(KatFiles, Layout2_23) {
  StandIn hash(64);
  const LongMessages messages(Kind::k2_23, 2);
  const std::string seed_hex = "4B41545F325F3233";
  std::string seed;
  for (int i = 0; i < 8; ++i) seed += seed_hex;
  EXPECT_EQ(text(Kind::k2_23, 64, hash.file(Kind::k2_23, &messages), &messages),
            "Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = 0000000000000000 .... 0000000000000000\n"
            "Dst_Len = 64\nDst = 0000000000800000\n\n"
            "Msg_Len = 8388608\nMsg_Seed = \nMsg_Exp = FFFFFFFFFFFFFFFF .... FFFFFFFFFFFFFFFF\n"
            "Dst_Len = 64\nDst = 0000000000800000\n\n"
            "Msg_Len = 8388608\nMsg_Seed = " + seed + "\nMsg_Exp = B6E2C825BE0E7D79 .... " +
                to_hex(messages.message(2) + (1 << 20) - 8, 8) + "\nDst_Len = 64\nDst = 0000000000800000\n\n");
}

// One record, the initial message m0 (docs/kat-procedure.md §4.6) and the final digest.
TEST(KatFiles, LayoutLoop) {
  StandIn hash(64);
  const auto l = lines(text(Kind::Loop, 64, hash.file(Kind::Loop)));
  ASSERT_EQ(l.size(), 5u);
  EXPECT_EQ(l[0], "Msg_Len = 8192");
  EXPECT_EQ(l[1].substr(0, 6 + 32), "Msg = 2D911820A8ED087902CCFEEAD2C91785");
  EXPECT_EQ(l[1].size(), 6u + 2048);
  EXPECT_EQ(l[3], "Dst = 0000000000002000");
}

TEST(KatFiles, StoppedCallLeavesPartialRecord) {
  StandIn hash(64);
  const auto digests = hash.file(Kind::k2_12, nullptr, 3);
  EXPECT_TRUE(hash.stopped());
  ASSERT_EQ(digests.size(), 3u);
  const auto l = lines(text(Kind::k2_12, 64, digests));
  ASSERT_EQ(l.size(), 3u * 5 + 2);
  EXPECT_EQ(l.back(), "Msg = A0");
}

}  // namespace
}  // namespace ngcc::kat
