// The bench executable end to end: nothing skipped silently, failures stop
// the run with one line and exit status 2 before any measurement, rows and
// context carry the schema-2 fields, guide mode writes its records.
#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <string>

#include "bench_testing.hpp"
#include "common/cpu_features.hpp"
#include "name_filter.hpp"

namespace {

using ngcc::bench::testing::bench_json;
using ngcc::bench::testing::ModuleDir;
using ngcc::bench::testing::run_bench;
using ngcc::bench::testing::test_manifest;
using ngcc::bench::testing::write_temp;
using nlohmann::json;

const std::string kFast = "--benchmark_min_time=0.001";

std::string library(const std::string &entry) { return "sizes: [32]\nlibraries:\n  - " + entry + "\n"; }

// Probe-32 as a submitted library: the probe module computes a 32-bit checksum.
const std::string kSubmittedProbe = std::string("{instance: Probe-32, variant: submitted-ref, path: ") +
                                    NGCC_PROBE_MODULE + ", build_flags: \"-O2\", flags_source: guide}";

TEST(BenchRun, BrokenCampaignIsOneLine) {
  const std::string file = write_temp("sizes: [32]\ninstances:\n  - {name: X}\n");
  const auto r = run_bench({"--ngcc_campaign=" + file});
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "bench: error: " + file +
                       ":2: key 'instances': unknown key (expected one of: sizes, variants, baselines, overrides, "
                       "libraries)\n");
}

TEST(BenchRun, DeclaredModuleMissingIsOneLine) {
  ModuleDir dir(test_manifest({{"Probe-32", "ref", "candidate"}, {"SHA-256", "openssl", "baseline"}}, false));
  dir.link("libSHA-256-openssl.so", std::string(NGCC_TEST_MODULE_DIR) + "/libSHA-256-openssl.so");
  const std::string file = write_temp("sizes: [32]\n");
  const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_module_dir=" + dir.path(), kFast});
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.err, "bench: error: Probe-32/ref: not built (" + dir.path() +
                       "/libProbe-32-ref.so not found); build it, or pass --ngcc_allow_missing to skip it\n");
  EXPECT_EQ(r.out, "");
}

// --ngcc_allow_missing names what it skips; a library of a declared instance
// is measured under <instance>/<variant> with the declared width, and every
// row carries the core clock figures.
TEST(BenchRun, AllowMissingSkipsVisiblyAndMeasuresASubmittedLibrary) {
  ModuleDir dir(test_manifest({{"Probe-32", "ref", "candidate"}, {"SHA-256", "openssl", "baseline"}}, false));
  dir.link("libSHA-256-openssl.so", std::string(NGCC_TEST_MODULE_DIR) + "/libSHA-256-openssl.so");
  const std::string file = write_temp(library(kSubmittedProbe));
  const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_module_dir=" + dir.path(), "--ngcc_allow_missing",
                            "--ngcc_no_rss", kFast, "--benchmark_format=json"});
  unlink(file.c_str());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("bench: skipping Probe-32/ref: not built ("), std::string::npos) << r.err;
  const json doc = bench_json(r);
  ASSERT_TRUE(doc.is_object()) << r.out;
  const json &ctx = doc["context"];
  EXPECT_EQ(ctx["ngcc_schema"], "2");
  EXPECT_NE(ctx["skipped_modules"].get<std::string>().find("Probe-32/ref: not built"), std::string::npos);
  for (const char *key : {"cpu_model", "cpu_family", "cpu_model_number", "microarchitecture", "system",
                          "memory_total_mib", "compiler", "build_tool", "os", "kernel", "campaign_start",
                          "campaign_end", "load_avg_start", "load_avg_end", "pinned_cpu", "cycle_source", "tsc_ghz",
                          "openssl_version", "openssl_platform", "openssl_build", "ngcc_families"})
    EXPECT_TRUE(ctx.contains(key)) << key;
  const json clock = json::parse(ctx["core_clock"].get<std::string>());
  const double tsc_ghz = std::stod(ctx["tsc_ghz"].get<std::string>());
  for (const char *when : {"start", "end"}) {
    ASSERT_TRUE(clock[when].is_object()) << when;
    // A core clock between 0.2 and 6 GHz (core_clock_test.cpp).
    EXPECT_GT(clock[when]["core_per_tsc"].get<double>() * tsc_ghz, 0.2) << when;
    EXPECT_LT(clock[when]["core_per_tsc"].get<double>() * tsc_ghz, 6.0) << when;
  }
  const json modules = json::parse(ctx["ngcc_modules"].get<std::string>());
  ASSERT_EQ(modules.size(), 2u);
  EXPECT_EQ(modules[0]["key"], "SHA-256/openssl");
  EXPECT_NE(modules[0]["build_flags"].get<std::string>().find("compiler: "), std::string::npos);  // OPENSSL_CFLAGS
  EXPECT_EQ(modules[1]["key"], "Probe-32/submitted-ref");
  EXPECT_EQ(modules[1]["kind"], "submitted");
  EXPECT_EQ(modules[1]["candidate_id"], "hash-98");
  EXPECT_EQ(modules[1]["digest_bits"], 32);
  EXPECT_EQ(modules[1]["build_flags"], "-O2");
  EXPECT_EQ(modules[1]["flags_source"], "guide");
  EXPECT_EQ(modules[1]["baseline"], "SHA-256");
  std::set<std::string> names;
  for (const json &row : doc["benchmarks"]) {
    names.insert(row["name"].get<std::string>());
    for (const char *counter : {"cycles", "cpb", "core_cycles", "cpb_core", "core_per_tsc",
                                "core_clock_disagreement", "core_clock_flag", "cycles_min", "static_bytes"})
      EXPECT_TRUE(row.contains(counter)) << row["name"] << " " << counter;
  }
  EXPECT_EQ(names, (std::set<std::string>{"Probe-32/submitted-ref/32", "SHA-256/openssl/32"}));
}

// A module this CPU cannot run (CryptHash returns NGCC_ERR_UNSUPPORTED_CPU)
// is named with its code path, recorded, and never measured.
TEST(BenchRun, UnsupportedCpuModuleIsSkippedVisibly) {
  ModuleDir dir(test_manifest({{"Probe-32", "avx512", "candidate"}, {"SHA-256", "openssl", "baseline"}}, false));
  dir.link("libProbe-32-avx512.so", NGCC_UNSUPPORTED_MODULE);
  dir.link("libSHA-256-openssl.so", std::string(NGCC_TEST_MODULE_DIR) + "/libSHA-256-openssl.so");
  const std::string file = write_temp("sizes: [32, 128]\n");
  const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_module_dir=" + dir.path(), "--ngcc_no_rss", kFast,
                            "--benchmark_format=json"});
  unlink(file.c_str());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.err, "bench: skipping Probe-32/avx512: this CPU cannot run it (avx512 (AVX512F): not supported by "
                   "this CPU, which lacks AVX512F)\n");
  const json doc = bench_json(r);
  ASSERT_TRUE(doc.is_object()) << r.out;
  EXPECT_NE(doc["context"]["skipped_modules"].get<std::string>().find("Probe-32/avx512: this CPU cannot run it"),
            std::string::npos);
  for (const json &row : doc["benchmarks"]) EXPECT_EQ(row["name"].get<std::string>().rfind("SHA-256/openssl/", 0), 0u);
}

// A library compiled for an extension that is hidden (or that this CPU
// lacks) is skipped with its campaign's cpu_features, never loaded.
TEST(BenchRun, LibraryForHiddenExtensionIsSkippedVisibly) {
  ModuleDir dir(test_manifest({{"SHA-256", "openssl", "baseline"}}, false));
  dir.link("libSHA-256-openssl.so", std::string(NGCC_TEST_MODULE_DIR) + "/libSHA-256-openssl.so");
  const std::string file = write_temp(library(std::string("{instance: Probe-32, variant: submitted-opt, path: ") +
                                              NGCC_PROBE_MODULE + ", build_flags: \"-O3 -mavx2\", cpu_features: [AVX2]}"));
  // This process's view: AVX2 hidden where the CPU has it, lacking elsewhere.
  const ngcc::CpuSupport here = ngcc::cpu_support(ngcc::kAvx2);
  const std::string why = ngcc::unsupported_reason({here.lacking, ngcc::kAvx2 & ~here.lacking});
  const char *outer = std::getenv("NGCC_CPU_DISABLE");
  const std::string saved = outer != nullptr ? outer : "";
  setenv("NGCC_CPU_DISABLE", "AVX2", 1);
  const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_module_dir=" + dir.path(), "--ngcc_allow_missing",
                            "--ngcc_no_rss", kFast, "--benchmark_format=json"});
  if (outer != nullptr)
    setenv("NGCC_CPU_DISABLE", saved.c_str(), 1);
  else
    unsetenv("NGCC_CPU_DISABLE");
  unlink(file.c_str());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.err.find("bench: skipping Probe-32/submitted-opt: this CPU cannot run it (built for AVX2, " + why +
                       ")\n"),
            std::string::npos)
      << r.err;
  const json doc = bench_json(r);
  ASSERT_TRUE(doc.is_object()) << r.out;
  EXPECT_EQ(doc["context"]["NGCC_CPU_DISABLE"], "AVX2");
  for (const json &row : doc["benchmarks"]) EXPECT_EQ(row["name"].get<std::string>().rfind("SHA-256/openssl/", 0), 0u);
}

// Every library is called in a guarded child at every campaign size and
// every bit length up to 1024 before anything is measured. The module
// directory declares no candidate and holds one baseline: the check of every
// module of the build would only repeat, for each case, what the KAT and
// unit tests cover.
TEST(BenchRun, LibraryFailuresStopTheRunWithOneLine) {
  struct Case {
    std::string entry, error;
  };
  const std::string missing = "/nonexistent/libX.so";
  const auto misbehaving = [](const char *what) {
    return std::string("{name: X, path: ") + NGCC_MISBEHAVING_DIR + "/libngcc_misbehave_" + what +
           ".so, candidate_id: h, digest_bits: 256}";
  };
  const Case cases[] = {
      {misbehaving("overrun"), ":3: X/external: CryptHash wrote 96 bytes past a 256-bit digest (CryptHash(256, "
                               "32-byte message))"},
      {misbehaving("overread"), ":3: X/external: CryptHash read past the end of its 32-byte message: signal 11 "
                                "(Segmentation fault) on the guard page after it (CryptHash(256, 32-byte message))"},
      {misbehaving("crash"), ":3: X/external: CryptHash crashed with signal 11 (Segmentation fault) at address 0x0 "
                             "(CryptHash(256, 5-bit message))"},
      {"{name: X, path: " + missing + ", candidate_id: h, digest_bits: 32}",
       ":3: X/external: " + missing + ": cannot open module: No such file or directory"},
      {std::string("{name: X, path: ") + NGCC_NO_CRYPTHASH_MODULE + ", candidate_id: h, digest_bits: 256}",
       ":3: X/external: " NGCC_NO_CRYPTHASH_MODULE ": no CryptHash symbol (not an NGCC hash module)"},
      {std::string("{name: X, path: ") + NGCC_PROBE_MODULE + ", candidate_id: h, digest_bits: 64}",
       ":3: X/external: CryptHash(64, 32-byte message) returned 3 (it rejects the width)"},
      {std::string("{name: X, path: ") + NGCC_TEST_MODULE_DIR + "/ngcc_modules.json, candidate_id: h, digest_bits: 32}",
       ":3: X/external: " NGCC_TEST_MODULE_DIR "/ngcc_modules.json: not a shared object (no ELF header)"},
  };
  json baseline_only = json::parse(test_manifest({{"SHA-256", "openssl", "baseline"}}, false));
  baseline_only["families"] = json::array();
  ModuleDir dir(baseline_only.dump());
  dir.link("libSHA-256-openssl.so", std::string(NGCC_TEST_MODULE_DIR) + "/libSHA-256-openssl.so");
  for (const Case &c : cases) {
    const std::string file = write_temp(library(c.entry));
    const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_module_dir=" + dir.path(), "--ngcc_no_rss", kFast});
    unlink(file.c_str());
    EXPECT_EQ(r.exit_code, 2) << c.entry;
    EXPECT_EQ(r.err, "bench: error: " + file + c.error + "\n");
    EXPECT_EQ(r.out, "") << c.entry;
  }
}

// A filter that selects no baseline is a valid run (the report handles it).
TEST(BenchRun, FilterWithoutBaselines) {
  const auto r = run_bench({"--benchmark_filter=^[^/]+/ref/32$", "--ngcc_no_rss", kFast, "--benchmark_format=json"});
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json doc = bench_json(r);
  ASSERT_TRUE(doc.is_object()) << r.out;
  EXPECT_FALSE(doc["benchmarks"].empty());
  for (const json &row : doc["benchmarks"])
    EXPECT_EQ(row["name"].get<std::string>().find("/openssl/"), std::string::npos) << row["name"];
}

// Repetitions: every repetition must run the same number of calls (Google
// Benchmark aborts otherwise), although the best-call sampling runs the loop
// in batches whose size comes from a timed first call.
TEST(BenchRun, RepetitionsOfSampledLoopAgree) {
  const std::string file = write_temp(library(std::string("{name: Fast, path: ") + NGCC_TEST_MODULE_DIR +
                                              "/libSHA-256-openssl.so, candidate_id: test, digest_bits: 256}"));
  const auto r = run_bench({"--ngcc_campaign=" + file, "--benchmark_min_time=0.01", "--benchmark_repetitions=3",
                            "--benchmark_enable_random_interleaving=true", "--benchmark_filter=^Fast/",
                            "--ngcc_no_rss", "--benchmark_format=json"});
  unlink(file.c_str());
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\"name\": \"Fast/external/32_median\""), std::string::npos) << r.out;
}

// Guide mode end to end on the probe module: the plan's 5 trial processes of
// equal call counts, the clean row name, the record with the core clock
// probes around every trial.
TEST(BenchRun, GuideRowAndRecord) {
  const std::string file = write_temp(library(std::string("{name: Probe, path: ") + NGCC_PROBE_MODULE +
                                              ", candidate_id: test, digest_bits: 32}"));
  char dir[] = "/tmp/ngcc_records_XXXXXX";
  ASSERT_NE(mkdtemp(dir), nullptr);
  const auto r = run_bench({"--ngcc_campaign=" + file, "--ngcc_guide", std::string("--ngcc_records=") + dir,
                            "--ngcc_max_attempts=1", "--benchmark_filter=^Probe/external/32$",
                            "--benchmark_format=json"},
                           600);
  unlink(file.c_str());
  ASSERT_EQ(r.exit_code, 0) << r.err;
  const json doc = bench_json(r);
  ASSERT_TRUE(doc.is_object()) << r.out;
  ASSERT_EQ(doc["benchmarks"].size(), 1u);
  const json &row = doc["benchmarks"][0];
  EXPECT_EQ(row["name"], "Probe/external/32");
  EXPECT_EQ(row["trials"], 5);
  EXPECT_EQ(row["calls"].get<double>(), 5 * row["iterations_per_trial"].get<double>());
  EXPECT_GE(row["iterations_per_trial"].get<double>(), 20);
  EXPECT_LE(row["iterations_per_trial"].get<double>(), 20000);
  EXPECT_TRUE(row.contains("core_cycles"));
  EXPECT_TRUE(row.contains("cpb_core"));
  EXPECT_EQ(doc["context"]["ngcc_mode"], "guide");
  EXPECT_TRUE(doc["context"].contains("core_clock"));
  const std::string record = std::string(dir) + "/test/Probe-external__hash_32.json";
  std::ifstream in(record);
  ASSERT_TRUE(in) << record;
  const json rec = json::parse(in, nullptr, false);
  ASSERT_TRUE(rec.is_object());
  EXPECT_EQ(rec["schema"], 2);
  EXPECT_EQ(rec["status"], "complete");
  int trial_processes = 0;
  for (const json &p : rec["processes"]) trial_processes += p["role"] == "trial";
  EXPECT_EQ(trial_processes, 5);
  ASSERT_EQ(rec["trials"].size(), 5u);
  for (const json &t : rec["trials"]) {
    EXPECT_GT(t["core_per_tsc_before"].get<double>(), 0);
    EXPECT_GT(t["core_per_tsc_after"].get<double>(), 0);
    EXPECT_TRUE(t.contains("core_cycles"));
  }
  EXPECT_TRUE(rec["environment"].contains("microarchitecture"));
  EXPECT_TRUE(rec.contains("mean_core_cycles"));
  unlink(record.c_str());
  rmdir((std::string(dir) + "/test").c_str());
  rmdir(dir);
}

TEST(BenchRun, GuideFilterFollowsGoogleBenchmarkRules) {
  using ngcc::bench::NameFilter;
  EXPECT_TRUE(NameFilter("^X-512/ref/(32|65536)$").matches("X-512/ref/32"));
  EXPECT_FALSE(NameFilter("^X-512/ref/(32|65536)$").matches("X-512/ref/128"));
  EXPECT_TRUE(NameFilter("XOF").matches("Y-XOF/opt/4096"));
  EXPECT_FALSE(NameFilter("-XOF").matches("Y-XOF/opt/4096"));
  EXPECT_TRUE(NameFilter("").matches("SHA-512/openssl/32"));
  EXPECT_TRUE(NameFilter("all").matches("SHA-512/openssl/32"));
}

}  // namespace
