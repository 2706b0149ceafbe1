// The campaign derives from the declarations: every declared instance with
// every variant built, its declared baseline, the campaign's extras,
// overrides and libraries. Errors are one line naming file, line and key.
#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <unistd.h>

#include <algorithm>
#include <string>

#include "bench_testing.hpp"
#include "campaign.hpp"
#include "module_manifest.hpp"

namespace {

using ngcc::bench::Campaign;
using ngcc::bench::CampaignError;
using ngcc::bench::load_campaign;
using ngcc::Manifest;
using ngcc::ManifestError;
using ngcc::bench::ModuleSpec;
using ngcc::parse_manifest;
using ngcc::bench::testing::test_manifest;
using ngcc::bench::testing::write_temp;

const Manifest &manifest() {
  static const Manifest m = parse_manifest(
      test_manifest({{"Probe-32", "ref", "candidate"},
                     {"Probe-32", "opt", "candidate"},
                     {"Wide-64", "ref", "candidate"},
                     {"SHA-256", "openssl", "baseline"},
                     {"SHA-512", "openssl", "baseline"},
                     {"SM3", "openssl", "baseline"}}),
      "/m/ngcc_modules.json");
  return m;
}

Campaign campaign_of(const std::string &text, std::string *file = nullptr) {
  const std::string path = write_temp(text);
  if (file != nullptr) *file = path;
  Campaign c;
  try {
    c = load_campaign(path, manifest(), "/m");
  } catch (...) {
    unlink(path.c_str());
    throw;
  }
  unlink(path.c_str());
  return c;
}

// The error load_campaign throws for `text`, without the temporary file name ("" if none).
std::string error_of(const std::string &text) {
  try {
    campaign_of(text);
  } catch (const CampaignError &e) {
    const std::string msg = e.what();
    return msg.substr(msg.find(':'));
  }
  return "";
}

std::vector<std::string> keys(const Campaign &c) {
  std::vector<std::string> out;
  for (const auto &m : c.modules) out.push_back(m.key());
  return out;
}

const ModuleSpec &spec(const Campaign &c, const std::string &key) {
  const auto it = std::find_if(c.modules.begin(), c.modules.end(), [&](const ModuleSpec &m) { return m.key() == key; });
  EXPECT_NE(it, c.modules.end()) << key;
  return *it;
}

TEST(Campaign, EveryDeclaredInstanceWithEveryVariantBuiltAndItsBaseline) {
  const Campaign c = campaign_of("sizes: [32, 4096]\n");
  EXPECT_EQ(keys(c), (std::vector<std::string>{"Probe-32/ref", "Probe-32/opt", "Wide-64/ref", "SHA-256/openssl",
                                               "SHA-512/openssl"}));
  const ModuleSpec &p = spec(c, "Probe-32/opt");
  EXPECT_EQ(p.path, "/m/libProbe-32-opt.so");
  EXPECT_EQ(p.kind, ModuleSpec::Kind::kCandidate);
  EXPECT_EQ(p.candidate_id, "hash-98");
  EXPECT_EQ(p.family, "Test");
  EXPECT_EQ(p.full_name, "The Test Probe");
  EXPECT_EQ(p.digest_bits, 32);
  EXPECT_EQ(p.baseline, "SHA-256");
  EXPECT_EQ(spec(c, "Wide-64/ref").kat_name, "wide_64");
  EXPECT_EQ(spec(c, "SHA-512/openssl").kind, ModuleSpec::Kind::kBaseline);
  EXPECT_EQ(c.sizes, (std::vector<std::uint64_t>{32, 4096}));
}

// A file of libraries alone (as the submission builder writes one) is a
// campaign: the guide's eight sizes, every declared instance, the libraries.
TEST(Campaign, LibrariesAloneUseTheGuideSizes) {
  const Campaign c = campaign_of("libraries:\n  - {name: E, path: /e.so, candidate_id: h, digest_bits: 32}\n");
  EXPECT_EQ(c.sizes, (std::vector<std::uint64_t>{32, 128, 512, 1024, 4096, 8192, 16384, 65536}));
  EXPECT_EQ(keys(c).back(), "E/external");
}

TEST(Campaign, ExplicitVariantNotBuiltHasNoPath) {
  const Campaign c = campaign_of("sizes: [32]\nvariants: [ref, avx512]\n");
  EXPECT_EQ(keys(c), (std::vector<std::string>{"Probe-32/ref", "Probe-32/avx512", "Wide-64/ref", "Wide-64/avx512",
                                               "SHA-256/openssl", "SHA-512/openssl"}));
  EXPECT_EQ(spec(c, "Probe-32/avx512").path, "");
}

TEST(Campaign, OverridesAndExtraBaselines) {
  const Campaign c = campaign_of(
      "sizes: [32]\nbaselines: [SHA-512]\noverrides:\n  - {instance: Probe-32, variants: [opt], baseline: SM3}\n");
  EXPECT_EQ(keys(c), (std::vector<std::string>{"Probe-32/opt", "Wide-64/ref", "SHA-512/openssl", "SM3/openssl"}));
  EXPECT_EQ(spec(c, "Probe-32/opt").baseline, "SM3");
}

// A baseline keeps the variant the build gives it: the ICCS helpers are
// <instance>/iccs (docs/iccs-helpers.md), the OpenSSL digests <instance>/openssl.
TEST(Campaign, ABaselineIsMeasuredUnderItsBuiltVariant) {
  const Manifest m = parse_manifest(test_manifest({{"Probe-32", "ref", "candidate"},
                                                   {"SHA-256", "openssl", "baseline"},
                                                   {"pseudoXOF-32", "iccs", "baseline"}},
                                                  false),
                                    "/m/ngcc_modules.json");
  const std::string path = write_temp("sizes: [32]\nbaselines: [pseudoXOF-32]\n");
  const Campaign c = load_campaign(path, m, "/m");
  unlink(path.c_str());
  EXPECT_EQ(keys(c), (std::vector<std::string>{"Probe-32/ref", "SHA-256/openssl", "pseudoXOF-32/iccs"}));
  EXPECT_EQ(spec(c, "pseudoXOF-32/iccs").kind, ModuleSpec::Kind::kBaseline);
  EXPECT_EQ(spec(c, "pseudoXOF-32/iccs").path, "/m/libpseudoXOF-32-iccs.so");
}

TEST(Campaign, LibraryOfADeclaredInstance) {
  std::string file;
  const Campaign c = campaign_of(
      "sizes: [32]\nvariants: [ref]\nlibraries:\n"
      "  - {instance: Probe-32, variant: submitted-opt, path: sub/libP.so, build_flags: \"-O3 -mavx2\",\n"
      "     flags_source: guide, digest_bits: 32}\n",
      &file);
  const ModuleSpec &s = spec(c, "Probe-32/submitted-opt");
  EXPECT_EQ(s.kind, ModuleSpec::Kind::kSubmitted);
  EXPECT_EQ(s.path, file.substr(0, file.find_last_of('/')) + "/sub/libP.so");
  EXPECT_EQ(s.candidate_id, "hash-98");
  EXPECT_EQ(s.kat_name, "Probe-32");
  EXPECT_EQ(s.digest_bits, 32);
  EXPECT_EQ(s.baseline, "SHA-256");
  EXPECT_EQ(s.build_flags, "-O3 -mavx2");
  EXPECT_EQ(s.flags_source, "guide");
  EXPECT_EQ(s.line, 4);
  EXPECT_EQ(keys(c).back(), "Probe-32/submitted-opt");
}

// A declared-only candidate (no module of ours) is measured only as a library
// the campaign names, with its declared identity and baseline.
TEST(Campaign, DeclaredOnlyCandidateOnlyAsALibrary) {
  nlohmann::json doc = nlohmann::json::parse(test_manifest({{"SHA-256", "openssl", "baseline"}}));
  doc["families"][0]["implemented"] = false;
  const Manifest declared_only = parse_manifest(doc.dump(), "/m/ngcc_modules.json");
  EXPECT_FALSE(declared_only.families[0].implemented);
  const std::string path = write_temp(
      "sizes: [32]\nlibraries:\n  - {instance: Probe-32, variant: submitted-ref, path: /p.so, build_flags: \"-O2\",\n"
      "     flags_source: guide, digest_bits: 32}\n");
  const Campaign c = load_campaign(path, declared_only, "/m");
  unlink(path.c_str());
  EXPECT_EQ(keys(c), (std::vector<std::string>{"SHA-256/openssl", "Probe-32/submitted-ref"}));
  EXPECT_EQ(spec(c, "Probe-32/submitted-ref").candidate_id, "hash-98");
  EXPECT_TRUE(manifest().families[0].implemented);  // absent: a family of ours
}

// The extensions a library was compiled for, as a list or one string.
TEST(Campaign, LibraryCpuFeatures) {
  const Campaign c = campaign_of(
      "sizes: [32]\nvariants: [ref]\nlibraries:\n"
      "  - {instance: Probe-32, variant: submitted-avx512, path: /l.so, build_flags: x, cpu_features: [AVX2, avx512f]}\n"
      "  - {instance: Probe-32, variant: submitted-opt, path: /m.so, build_flags: x, cpu_features: AVX2 FMA}\n");
  EXPECT_EQ(spec(c, "Probe-32/submitted-avx512").needs, ngcc::kAvx2 | ngcc::kAvx512F);
  EXPECT_EQ(spec(c, "Probe-32/submitted-opt").needs, ngcc::kAvx2 | ngcc::kFma);
  EXPECT_EQ(spec(c, "Probe-32/ref").needs, 0u);
  EXPECT_EQ(error_of("sizes: [32]\nlibraries:\n"
                     "  - {instance: Probe-32, variant: submitted-opt, path: /m.so, build_flags: x,\n"
                     "     cpu_features: [AVX2, SSE9]}\n"),
            ":4: key 'libraries[0].cpu_features': unknown CPU feature 'SSE9' (known: AVX2 BMI1 BMI2 FMA AVX512F "
            "AVX512BW AVX512CD AVX512DQ AVX512VL AVX512VBMI AVX512VBMI2 SHA3 SVE SVE2)");
}

TEST(Campaign, LibraryOfAnotherCandidate) {
  const Campaign c = campaign_of(
      "sizes: [32]\nlibraries:\n  - {name: MyHash-256, path: /abs/l.so, candidate_id: hash-99, digest_bits: 256,\n"
      "     baseline: SM3}\n");
  const ModuleSpec &s = spec(c, "MyHash-256/external");
  EXPECT_EQ(s.kind, ModuleSpec::Kind::kExternal);
  EXPECT_EQ(s.path, "/abs/l.so");
  EXPECT_EQ(s.candidate_id, "hash-99");
  EXPECT_EQ(s.family, "MyHash-256");
  EXPECT_EQ(s.digest_bits, 256);
  EXPECT_EQ(s.baseline, "SM3");
  const std::vector<std::string> k = keys(c);
  EXPECT_NE(std::find(k.begin(), k.end(), "SM3/openssl"), k.end());
  // With a variant label (the submission builder writes one for every entry).
  const Campaign labelled = campaign_of(
      "sizes: [32]\nlibraries:\n  - {name: MyHash-256, variant: submitted-ref, path: /a.so, candidate_id: h, "
      "digest_bits: 256}\n  - {name: MyHash-256, variant: submitted-opt, path: /b.so, candidate_id: h, "
      "digest_bits: 256}\n");
  EXPECT_EQ(spec(labelled, "MyHash-256/submitted-opt").kind, ModuleSpec::Kind::kExternal);
  EXPECT_EQ(spec(labelled, "MyHash-256/submitted-ref").path, "/a.so");
}

TEST(Campaign, LibraryErrorsNameTheLine) {
  const std::string head = "sizes: [32]\nlibraries:\n";
  EXPECT_EQ(error_of(head + "  - {instance: Nope-1, variant: submitted-ref, path: l.so, build_flags: x}\n"),
            ":3: key 'libraries[0].instance': 'Nope-1' is not an instance the build declares (Probe-32, Wide-64)");
  EXPECT_EQ(error_of(head + "  - {instance: Probe-32, variant: submitted-ref, path: l.so, build_flags: x,\n"
                            "     digest_bits: 64}\n"),
            ":4: key 'libraries[0].digest_bits': 64 differs from the declared width of Probe-32 (32)");
  EXPECT_EQ(error_of(head + "  - {instance: Probe-32, variant: opt, path: l.so, build_flags: x}\n"),
            ":3: key 'libraries[0].variant': 'opt': a label of lower-case letters, digits and '-' other than ref, "
            "opt, avx512, sha3, openssl, iccs, external (e.g. submitted-opt)");
  EXPECT_EQ(error_of(head + "  - {instance: Probe-32, variant: submitted-ref, path: l.so}\n"),
            ":3: key 'libraries[0].build_flags': missing key");
  EXPECT_EQ(error_of(head + "  - {instance: Probe-32, variant: s, path: l.so, build_flags: x, flags_source: o3}\n"),
            ":3: key 'libraries[0].flags_source': expected guide or harness-default");
  EXPECT_EQ(error_of(head + "  - {name: Probe-32, path: l.so, candidate_id: h, digest_bits: 32}\n"),
            ":3: key 'libraries[0].name': 'Probe-32' is a declared instance: write instance: Probe-32 and a variant "
            "label");
  EXPECT_EQ(error_of(head + "  - {path: l.so}\n"),
            ":3: key 'libraries[0]': give either instance (a declared parameter set) or name (any other candidate)");
  EXPECT_EQ(error_of(head + "  - {name: E, path: l.so, candidate_id: h}\n"),
            ":3: key 'libraries[0].digest_bits': missing key");
  EXPECT_EQ(error_of(head + "  - {name: E, path: l.so, candidate_id: h, digest_bits: 32, baseline: MD5}\n"),
            ":3: key 'libraries[0].baseline': 'MD5' is not a baseline this build has (SHA-256, SHA-512, SM3)");
  EXPECT_EQ(error_of(head + "  - {name: E, path: a.so, candidate_id: h, digest_bits: 32}\n"
                            "  - {name: E, path: b.so, candidate_id: h, digest_bits: 32}\n"),
            ":4: key 'libraries[1]': duplicate library E/external");
}

TEST(Campaign, OtherErrorsNameTheLine) {
  EXPECT_EQ(error_of("instances: []\n"), ":1: key 'instances': unknown key (expected one of: sizes, variants, "
                                         "baselines, overrides, libraries)");
  EXPECT_EQ(error_of("sizes: []\n"), ":1: key 'sizes': expected a non-empty list of byte counts");
  EXPECT_EQ(error_of("sizes: [32, abc]\n"), ":1: key 'sizes[1]': expected an integer, got 'abc'");
  EXPECT_EQ(error_of("sizes: [32]\nvariants: [fast]\n"), ":2: key 'variants[0]': expected one of ref, opt, avx512, sha3");
  EXPECT_EQ(error_of("sizes: [32]\nbaselines: [MD5]\n"),
            ":2: key 'baselines[0]': 'MD5' is not a baseline this build has (SHA-256, SHA-512, SM3)");
  EXPECT_EQ(error_of("sizes: [32]\noverrides:\n  - {instance: X-1}\n"),
            ":3: key 'overrides[0].instance': 'X-1' is not an instance the build declares (Probe-32, Wide-64)");
  EXPECT_EQ(error_of("sizes: [32]\noverrides:\n  - {instance: Wide-64, varaints: [ref]}\n"),
            ":3: key 'overrides[0].varaints': unknown key (expected one of: instance, variants, baseline)");
  EXPECT_EQ(error_of("sizes: [32, 64\n").substr(0, 3), ":2:");
  EXPECT_NE(error_of("sizes: [32, 64\n").find("malformed YAML"), std::string::npos);
}

TEST(Campaign, MissingFile) {
  try {
    load_campaign("/nonexistent/campaign.yaml", manifest(), "/m");
    FAIL() << "no error";
  } catch (const CampaignError &e) {
    EXPECT_EQ(std::string(e.what()),
              "/nonexistent/campaign.yaml: cannot open campaign file: No such file or directory");
  }
}

// The default campaign against this build's manifest: every instance of
// ours with every variant built and its baseline, no instance named in
// bench/; nothing of a declared-only candidate.
TEST(Campaign, DefaultFileAgainstThisBuild) {
  const Manifest m = ngcc::load_manifest(NGCC_TEST_MODULE_DIR);
  const Campaign c = load_campaign(NGCC_DEFAULT_CAMPAIGN_FILE, m, NGCC_TEST_MODULE_DIR);
  EXPECT_EQ(c.sizes.size(), 8u);
  std::size_t candidates = 0;
  for (const auto &built : m.modules) {
    if (built.kind != "candidate") continue;
    ++candidates;
    EXPECT_EQ(spec(c, built.instance + "/" + built.variant).path, std::string(NGCC_TEST_MODULE_DIR) + "/" + built.file);
  }
  EXPECT_GT(candidates, 0u);
  for (const auto &f : m.families)
    for (const auto &i : f.instances) {
      if (f.implemented)
        EXPECT_EQ(spec(c, i.baseline + "/openssl").kind, ModuleSpec::Kind::kBaseline);
      else
        for (const auto &s : c.modules) EXPECT_NE(s.instance, i.name) << s.key();
    }
  for (const auto &s : c.modules) EXPECT_TRUE(s.ours()) << s.key();
}

TEST(Manifest, ErrorsNameFileAndKey) {
  const auto error = [](const std::string &text) {
    try {
      parse_manifest(text, "m.json");
    } catch (const ManifestError &e) {
      return std::string(e.what());
    }
    return std::string();
  };
  EXPECT_EQ(error("{\"schema\": \"ngcc-modules/2\"}"), "m.json: key 'schema': expected ngcc-modules/1");
  EXPECT_EQ(error("{\"schema\": \"ngcc-modules/1\", \"families\": []}"), "m.json: key 'modules': missing key");
  EXPECT_EQ(error("{\"schema\": \"ngcc-modules/1\", \"families\": [{\"directory\": 3}], \"modules\": []}"),
            "m.json: key 'families[0].directory': expected a string, found number");
  EXPECT_EQ(error("{\"schema\""), "m.json: malformed JSON at byte 10 (rebuild: cmake writes it)");
  try {
    ngcc::load_manifest("/nonexistent");
    FAIL() << "no error";
  } catch (const ManifestError &e) {
    EXPECT_EQ(std::string(e.what()).substr(0, 82),
              "/nonexistent/ngcc_modules.json: cannot open the module manifest: No such file or d");
  }
}

}  // namespace
