// campaign.yaml errors: one line naming file, line and key; bench exits
// non-zero. The default campaign itself parses.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>

#include "campaign.hpp"
#include "name_filter.hpp"
#include "process.hpp"

namespace {

using ngcc::bench::CampaignError;
using ngcc::bench::load_campaign;

std::string write_temp(const std::string &text) {
  char name[] = "/tmp/ngcc_campaign_XXXXXX.yaml";
  const int fd = mkstemps(name, 5);
  EXPECT_GE(fd, 0);
  close(fd);
  std::ofstream(name) << text;
  return name;
}

// The error message load_campaign throws for `text` ("" if none).
std::string error_of(const std::string &text) {
  const std::string file = write_temp(text);
  std::string msg;
  try {
    load_campaign(file, "/modules");
  } catch (const CampaignError &e) {
    msg = e.what();
  }
  unlink(file.c_str());
  return msg.empty() ? "" : msg.substr(msg.find(':'));  // drop the temp name
}

TEST(Campaign, DefaultFileParses) {
  const auto c = load_campaign(NGCC_DEFAULT_CAMPAIGN_FILE, "/m");
  EXPECT_EQ(c.sizes.size(), 8u);
  std::size_t candidates = 0, baselines = 0;
  for (const auto &m : c.modules) {
    candidates += m.kind == ngcc::bench::ModuleSpec::Kind::kCandidate;
    baselines += m.kind == ngcc::bench::ModuleSpec::Kind::kBaseline;
  }
  EXPECT_EQ(candidates, 36u);  // 18 parameter sets × ref/opt
  EXPECT_EQ(baselines, 9u);
  EXPECT_EQ(c.modules[0].path, "/m/libAFS-TrEDM-512-ref.so");
}

TEST(Campaign, MissingFile) {
  try {
    load_campaign("/nonexistent/campaign.yaml", "/m");
    FAIL() << "no error";
  } catch (const CampaignError &e) {
    EXPECT_EQ(std::string(e.what()),
              "/nonexistent/campaign.yaml: cannot open campaign file: No such file or directory");
  }
}

TEST(Campaign, MalformedYamlNamesLine) {
  EXPECT_EQ(error_of("sizes: [32, 64\ninstances: []\n").substr(0, 3), ":2:")
      << error_of("sizes: [32, 64\ninstances: []\n");
  EXPECT_NE(error_of("sizes: [32, 64\ninstances: []\n").find("malformed YAML"), std::string::npos);
}

TEST(Campaign, MissingKey) {
  EXPECT_EQ(error_of("sizes: [32]\ninstances:\n  - {baseline: SHA-512}\n"),
            ":3: key 'instances[0].name': missing key");
  EXPECT_EQ(error_of("instances: []\n"), ":1: key 'sizes': missing key");
}

TEST(Campaign, UnknownKey) {
  EXPECT_EQ(error_of("sizes: [32]\ninstances: []\nsize: [1]\n").substr(0, 23), ":3: key 'size': unknown");
  EXPECT_EQ(error_of("sizes: [32]\ninstances:\n  - name: X\n    varaints: [ref]\n").substr(0, 36),
            ":4: key 'instances[0].varaints': unk");
}

TEST(Campaign, BadValues) {
  EXPECT_EQ(error_of("sizes: [32, abc]\ninstances: []\n"),
            ":1: key 'sizes[1]': expected an integer, got 'abc'");
  EXPECT_EQ(error_of("sizes: [32]\ninstances:\n  - {name: X, variants: [fast]}\n"),
            ":3: key 'instances[0].variants[0]': expected ref or opt");
  EXPECT_EQ(error_of("sizes: [32]\ninstances:\n  - {name: X, baseline: MD5}\n"),
            ":3: key 'instances[0].baseline': 'MD5' is not listed under baselines");
  EXPECT_EQ(error_of("sizes: [32]\ninstances:\n  - {name: X}\n  - {name: X}\n"),
            ":4: key 'instances[1].name': duplicate name 'X'");
  EXPECT_EQ(error_of("sizes: [32]\ninstances: []\nexternal:\n  - {name: E, path: e.so, candidate_id: h}\n"),
            ":4: key 'external[0].digest_bits': missing key");
}

TEST(Campaign, ExternalAndModuleOverride) {
  const std::string file = write_temp(
      "sizes: [32]\ninstances:\n  - {name: A-1, variants: [ref], module: 'x-{variant}.so'}\n"
      "baselines: [SHA-256]\nexternal:\n  - {name: E, path: /abs/e.so, candidate_id: hash-99, "
      "digest_bits: 256, baseline: SHA-256}\n");
  const auto c = load_campaign(file, "/m");
  unlink(file.c_str());
  ASSERT_EQ(c.modules.size(), 3u);
  EXPECT_EQ(c.modules[0].path, "/m/x-ref.so");
  EXPECT_EQ(c.modules[1].path, "/m/libSHA-256-openssl.so");
  EXPECT_EQ(c.modules[2].path, "/abs/e.so");
  EXPECT_EQ(c.modules[2].digest_bits, 256);
  EXPECT_EQ(c.modules[2].key(), "E/external");
}

// The bench executable itself: exit status 2 and exactly one stderr line.
TEST(Campaign, BenchRejectsBrokenFileWithOneLine) {
  const std::string file = write_temp("sizes: [32]\ninstances:\n  - {nam: X}\n");
  const auto r = ngcc::bench::run_process({NGCC_BENCH_EXE, "--ngcc_campaign=" + file}, 60);
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "bench: error: " + file + ":3: key 'instances[0].nam': unknown key (expected one of: name, variants, module, baseline)\n");
}

}  // namespace

namespace {

// End to end: a listed module that is not built is skipped with one warning
// line; an external module (only CryptHash exported) is measured with the
// width from the campaign and every counter present.
TEST(Campaign, BenchSkipsMissingModuleAndMeasuresExternal) {
  const std::string file = write_temp(std::string("sizes: [32]\nvariants: [ref]\ninstances:\n  - {name: Missing-1}\n"
                                                  "external:\n  - {name: Probe, path: ") +
                                      NGCC_PROBE_MODULE + ", candidate_id: test, digest_bits: 32}\n");
  const auto r = ngcc::bench::run_process(
      {NGCC_BENCH_EXE, "--ngcc_campaign=" + file, "--benchmark_min_time=0.001", "--benchmark_format=json"}, 120);
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("bench: warning: skipping Missing-1/ref: not built"), std::string::npos) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"Probe/external/32\""), std::string::npos) << r.out;
  for (const char *counter : {"cycles", "cpb", "bytes_per_second", "calls", "static_bytes", "stack_bytes",
                              "heap_bytes", "baseline_rss", "peak_rss", "cycles_min", "cpb_min"})
    EXPECT_NE(r.out.find(std::string("\"") + counter + "\": "), std::string::npos) << counter;
  EXPECT_NE(r.out.find("\"heap_bytes\": 1.5000000000000000e+04"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"cycle_source\": \""), std::string::npos);
}

// Repetitions: every repetition must run the same number of calls (Google
// Benchmark aborts otherwise), although the best-call sampling runs the loop
// in batches whose size comes from a timed first call. A fast module (OpenSSL
// SHA-256 at 32 B) gets batches of many calls.
TEST(Campaign, RepetitionsOfSampledLoopAgree) {
  const std::string file = write_temp(std::string("sizes: [32, 4096]\ninstances: []\nexternal:\n  - {name: Fast, path: ") +
                                      NGCC_TEST_MODULE_DIR + "/libSHA-256-openssl.so, candidate_id: test, digest_bits: 256}\n");
  const auto r = ngcc::bench::run_process({NGCC_BENCH_EXE, "--ngcc_campaign=" + file, "--benchmark_min_time=0.01",
                                           "--benchmark_repetitions=3", "--benchmark_format=json"},
                                          120);
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"Fast/external/32_median\""), std::string::npos) << r.out;
}

}  // namespace

namespace {

// Guide mode end to end on the probe module: the plan's 5 trial processes of
// equal call counts, the clean row name, and the schema-2 record.
TEST(Guide, PlanRowAndRecordForExternalModule) {
  const std::string file = write_temp(std::string("sizes: [32]\ninstances: []\nexternal:\n  - {name: Probe, path: ") +
                                      NGCC_PROBE_MODULE + ", candidate_id: test, digest_bits: 32}\n");
  char dir[] = "/tmp/ngcc_records_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const auto r = ngcc::bench::run_process({NGCC_BENCH_EXE, "--ngcc_campaign=" + file, "--ngcc_guide",
                                           std::string("--ngcc_records=") + dir, "--ngcc_max_attempts=1",
                                           "--benchmark_filter=^Probe/external/32$", "--benchmark_format=json"},
                                          600);
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"Probe/external/32\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"trials\": 5"), std::string::npos) << r.out;
  const auto at = [&r](const std::string &key) {
    const auto p = r.out.find("\"" + key + "\": ");
    return p == std::string::npos ? -1.0 : std::stod(r.out.substr(p + key.size() + 4));
  };
  EXPECT_EQ(at("calls"), 5 * at("iterations_per_trial"));
  EXPECT_GE(at("iterations_per_trial"), 20);
  EXPECT_LE(at("iterations_per_trial"), 20000);
  const std::string record = std::string(dir) + "/test/Probe-external__hash_32.json";
  std::ifstream in(record);
  ASSERT_TRUE(in) << record;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("\"schema\": 2"), std::string::npos);
  EXPECT_NE(text.find("\"status\": \"complete\""), std::string::npos);
  EXPECT_NE(text.find("\"role\": \"calibration\""), std::string::npos);
  std::size_t trial_processes = 0;
  for (auto p = text.find("\"role\": \"trial\""); p != std::string::npos; p = text.find("\"role\": \"trial\"", p + 1))
    ++trial_processes;
  EXPECT_EQ(trial_processes, 5u);
  unlink(record.c_str());
  rmdir((std::string(dir) + "/test").c_str());
  rmdir(dir);
}

TEST(Guide, FilterFollowsGoogleBenchmarkRules) {
  using ngcc::bench::NameFilter;
  EXPECT_TRUE(NameFilter("^CHIME-512/ref/(32|65536)$").matches("CHIME-512/ref/32"));
  EXPECT_FALSE(NameFilter("^CHIME-512/ref/(32|65536)$").matches("CHIME-512/ref/128"));
  EXPECT_TRUE(NameFilter("Laurus").matches("Laurus-XOF/opt/4096"));
  EXPECT_FALSE(NameFilter("-Laurus").matches("Laurus-XOF/opt/4096"));
  EXPECT_TRUE(NameFilter("").matches("SHA-512/openssl/32"));
  EXPECT_TRUE(NameFilter("all").matches("SHA-512/openssl/32"));
}

}  // namespace
