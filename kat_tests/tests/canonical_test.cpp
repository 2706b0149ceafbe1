// Canonical form of docs/kat-procedure.md §8.3 and manifest parsing.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>

#include "canonical.hpp"

namespace ngcc::kat {
namespace {

std::string canonical(const std::vector<std::string> &chunks) {
  CanonicalSha256 c;
  for (const auto &s : chunks) c.write(s);
  return c.hex_digest();
}

// SHA-256 of the canonical text "a\nb\n" (printf 'a\nb\n' | sha256sum).
constexpr const char *kAB = "911169ddaaf146aff539f58c26c489af3b892dff0fe283c1c264c65ae5aa59a2";

TEST(CanonicalSha256, NormalisesCrTrailingBlanksAndEmptyLines) {
  const std::string reference = canonical({"a\nb\n"});
  EXPECT_EQ(reference, kAB);
  EXPECT_EQ(canonical({"a \r\n\n\nb   \n\n"}), reference);
  EXPECT_EQ(canonical({"a\nb"}), reference);  // final LF is always appended
  EXPECT_EQ(canonical({"a", "\n", "b", "\n"}), reference);  // chunking does not matter
  EXPECT_NE(canonical({" a\nb\n"}), reference);           // leading blanks are kept
}

TEST(CanonicalSha256, KnownDigest) {
  // printf 'Msg =\nDst = AB\n' | sha256sum
  EXPECT_EQ(canonical({"Msg = \nDst = AB\n\n"}),
            "54629bbd2bcc20eee310b31ce91288754504f95fc7d367f83513169f11f5e553");
  // SHA-256 of the empty string: nothing survives canonicalisation.
  EXPECT_EQ(canonical({"\n \n"}), "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
}

TEST(Manifests, LoadsOfficialManifests) {
  const Manifests m = Manifests::load(NGCC_MANIFEST_DIR);
  const auto e = m.find("KAT_2_12_laurus_512.txt");
  ASSERT_TRUE(e.has_value());
  EXPECT_EQ(e->sha256, "2ceff80229af8472e96e42d66d43efb143c67d2e95fa8ada4e8a69f2284ec1a4");
  EXPECT_EQ(e->entry, "Laurus-512/KAT_2_12_laurus_512.txt");
  for (const char *f : {"KAT_Loop_AFS-TrEDM-768.txt", "KAT_2_33_MasterCube-1024.txt", "KAT_2_23_CHIME-512.txt",
                        "KAT_2_12_Thunder-XOF-384.txt", "KAT_Loop_laurus_xof.txt"})
    EXPECT_TRUE(m.find(f).has_value()) << f;
  EXPECT_FALSE(m.find("KAT_2_12_nothing.txt").has_value());
}

TEST(Manifests, MalformedLineNamesFileAndLine) {
  const std::string path = ::testing::TempDir() + "/bad.sha256";
  std::ofstream(path) << "2ceff80229af8472e96e42d66d43efb143c67d2e95fa8ada4e8a69f2284ec1a4 strict A/KAT_x.txt\n"
                      << "nothex strict A/B.txt\n";
  try {
    Manifests::load(path);
    FAIL() << "malformed manifest accepted";
  } catch (const std::runtime_error &e) {
    EXPECT_NE(std::string(e.what()).find(path + ":2"), std::string::npos) << e.what();
  }
  std::remove(path.c_str());
}

}  // namespace
}  // namespace ngcc::kat
