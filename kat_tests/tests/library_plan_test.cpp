// The reader of a run's library plan (hashes/loader/library_plan.hpp): every
// field of a library, and one line naming the file and the key for what is wrong.
#include <gtest/gtest.h>

#include <string>

#include "library_plan.hpp"

namespace ngcc {
namespace {

const char kGood[] = R"({
  "schema": "ngcc-plan/1",
  "about": "two libraries",
  "libraries": [
    {"path": "/b/modules/libCHIME-512-opt.so", "kind": "candidate", "instance": "CHIME-512",
     "kat_name": "CHIME-512", "digest_bits": 512, "variant": "opt", "requires": ["AVX2", "BMI1", "BMI2", "FMA"],
     "flags": "-O3 -march=x86-64-v3", "sha256": "ab12"},
    {"path": "/p/libTheirs.so", "kind": "submitted", "instance": "Theirs-256", "kat_name": "Theirs-256",
     "digest_bits": 256, "variant": "submitted-ref", "requires": [], "flags": "", "sha256": "", "note": "ignored"}
  ]
})";

// A plan of one good library but for `from` replaced by `to` in its text.
std::string one_library(const std::string &from, const std::string &to) {
  std::string text = R"({"schema": "ngcc-plan/1", "libraries": [{"path": "/p/libTheirs.so", "kind": "submitted",
    "instance": "Theirs-256", "kat_name": "Theirs-256", "digest_bits": 256, "variant": "submitted-ref",
    "requires": [], "flags": "", "sha256": ""}]})";
  const auto at = text.find(from);
  if (at == std::string::npos) ADD_FAILURE() << from;
  return text.replace(at, from.size(), to);
}

std::string error(const std::string &text) {
  try {
    parse_library_plan(text, "plan.json");
  } catch (const PlanError &e) {
    return e.what();
  }
  return "no error";
}

TEST(LibraryPlan, ReadsEveryField) {
  const LibraryPlan plan = parse_library_plan(kGood, "plan.json");
  EXPECT_EQ(plan.file, "plan.json");
  ASSERT_EQ(plan.libraries.size(), 2u);
  const PlannedLibrary &ours = plan.libraries[0], &theirs = plan.libraries[1];
  EXPECT_EQ(ours.path, "/b/modules/libCHIME-512-opt.so");
  EXPECT_EQ(ours.kind, "candidate");
  EXPECT_TRUE(ours.describes_itself());
  EXPECT_EQ(ours.instance, "CHIME-512");
  EXPECT_EQ(ours.kat_name, "CHIME-512");
  EXPECT_EQ(ours.digest_bits, 512);
  EXPECT_EQ(ours.variant, "opt");
  EXPECT_EQ(ours.required_extensions, (std::vector<std::string>{"AVX2", "BMI1", "BMI2", "FMA"}));
  EXPECT_EQ(ours.flags, "-O3 -march=x86-64-v3");
  EXPECT_EQ(ours.sha256, "ab12");
  EXPECT_EQ(theirs.path, "/p/libTheirs.so");
  EXPECT_EQ(theirs.kind, "submitted");
  EXPECT_FALSE(theirs.describes_itself());
  EXPECT_EQ(theirs.instance, "Theirs-256");
  EXPECT_EQ(theirs.kat_name, "Theirs-256");
  EXPECT_EQ(theirs.digest_bits, 256);
  EXPECT_EQ(theirs.variant, "submitted-ref");
  EXPECT_TRUE(theirs.required_extensions.empty());
  EXPECT_EQ(theirs.flags, "");
  EXPECT_EQ(theirs.sha256, "");
  EXPECT_EQ(parse_library_plan(one_library(R"("flags": "")", R"("flags": "-O2")"), "p").libraries.at(0).flags, "-O2");
}

TEST(LibraryPlan, RefusesAnotherSchema) {
  EXPECT_EQ(error(R"({"libraries": []})"), "plan.json: not a library plan (schema ngcc-plan/1)");
  EXPECT_EQ(error(R"({"schema": "ngcc-plan/2", "libraries": []})"),
            "plan.json: not a library plan (schema ngcc-plan/1)");
  EXPECT_EQ(error("[1, 2]"), "plan.json: not a library plan (schema ngcc-plan/1)");
}

TEST(LibraryPlan, RefusesAMissingKey) {
  EXPECT_EQ(error(one_library(R"("digest_bits": 256, )", "")), "plan.json: libraries[0]: key 'digest_bits': missing key");
  EXPECT_EQ(error(one_library(R"(, "sha256": "")", "")), "plan.json: libraries[0]: key 'sha256': missing key");
}

TEST(LibraryPlan, RefusesAWidthNotAMultipleOf8) {
  const std::string width =
      "plan.json: libraries[0]: key 'digest_bits': expected an integer in 8..8192, a multiple of 8";
  EXPECT_EQ(error(one_library(R"("digest_bits": 256)", R"("digest_bits": 12)")), width);
  EXPECT_EQ(error(one_library(R"("digest_bits": 256)", R"("digest_bits": 8200)")), width);
  EXPECT_EQ(error(one_library(R"("digest_bits": 256)", R"("digest_bits": "256")")), width);
  EXPECT_EQ(error(one_library(R"("digest_bits": 256)", R"("digest_bits": 256.0)")), width);
}

TEST(LibraryPlan, RefusesRequiresNotAnArray) {
  EXPECT_EQ(error(one_library("[]", "\"AVX2\"")),
            "plan.json: libraries[0]: key 'requires': expected an array of strings, found string");
  EXPECT_EQ(error(one_library("[]", "[\"AVX2\", 3]")),
            "plan.json: libraries[0]: key 'requires': expected an array of strings, found a number");
}

TEST(LibraryPlan, RefusesWrongStrings) {
  EXPECT_EQ(error(one_library("\"submitted-ref\"", "\"\"")),
            "plan.json: libraries[0]: key 'variant': expected a non-empty string");
  EXPECT_EQ(error(one_library("\"/p/libTheirs.so\"", "null")),
            "plan.json: libraries[0]: key 'path': expected a string, found null");
  EXPECT_EQ(error(one_library(R"("flags": "")", R"("flags": [])")),
            "plan.json: libraries[0]: key 'flags': expected a string, found array");
}

TEST(LibraryPlan, NamesTheFileOfMalformedJson) {
  const std::string e = error(R"({"schema": "ngcc-plan/1", "libraries": [)");
  EXPECT_EQ(e.rfind("plan.json: not JSON: ", 0), 0u) << e;
  EXPECT_NE(e.find("parse error at line 1"), std::string::npos) << e;
}

TEST(LibraryPlan, NamesAMissingFile) {
  try {
    load_library_plan("/nonexistent/plan.json");
    FAIL() << "no error";
  } catch (const PlanError &e) {
    EXPECT_EQ(std::string(e.what()),
              "/nonexistent/plan.json: cannot open the library plan: No such file or directory "
              "(tools/ngcc kat and ct write one: hashbench.plan)");
  }
}

}  // namespace
}  // namespace ngcc
