// Helpers of the bench tests: temporary files, a module directory of a test
// family (its manifest and modules), and running the bench executable.
#pragma once

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>
#include <stdlib.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "process.hpp"

namespace ngcc::bench::testing {

inline std::string write_temp(const std::string &text, const char *suffix = ".yaml") {
  std::string name = std::string("/tmp/ngcc_bench_test_XXXXXX") + suffix;
  const int fd = mkstemps(name.data(), static_cast<int>(std::string(suffix).size()));
  EXPECT_GE(fd, 0);
  close(fd);
  std::ofstream(name) << text;
  return name;
}

// The manifest of a test family "Test" (hash-98) declaring Probe-32 (32
// bits, compared with SHA-256) and, with `wide`, Wide-64 (64 bits, SHA-512);
// `modules` are {instance, variant, kind} triples of the modules it says are
// built.
inline std::string test_manifest(const std::vector<std::vector<std::string>> &modules, bool wide = true) {
  nlohmann::json doc = {
      {"schema", "ngcc-modules/1"},
      {"families",
       {{{"directory", "test"},
         {"candidate_id", "hash-98"},
         {"family", "Test"},
         {"full_name", "The Test Probe"},
         {"instances",
          {{{"name", "Probe-32"}, {"kat_name", "Probe-32"}, {"digest_bits", 32}, {"max_digest_bits", 32},
            {"xof", false}, {"baseline", "SHA-256"}},
           {{"name", "Wide-64"}, {"kat_name", "wide_64"}, {"digest_bits", 64}, {"max_digest_bits", 64},
            {"xof", false}, {"baseline", "SHA-512"}}}}}}},
      {"modules", nlohmann::json::array()},
      {"variants", {"ref", "opt", "avx512", "sha3"}}};
  if (!wide) doc["families"][0]["instances"].erase(1);
  for (const auto &m : modules) {
    const std::string target = m[0] + "-" + m[1];
    doc["modules"].push_back({{"target", target}, {"file", "lib" + target + ".so"}, {"instance", m[0]},
                              {"variant", m[1]}, {"implementation", m[2] == "baseline" ? "openssl-evp" : "portable"},
                              {"kind", m[2]}, {"build_flags", "-O2"}});
  }
  return doc.dump(2);
}

// A temporary module directory: ngcc_modules.json plus symbolic links to
// real modules. Removed at the end of the test.
class ModuleDir {
 public:
  explicit ModuleDir(const std::string &manifest) {
    char name[] = "/tmp/ngcc_bench_modules_XXXXXX";
    EXPECT_NE(mkdtemp(name), nullptr);
    path_ = name;
    std::ofstream(path_ + "/ngcc_modules.json") << manifest;
    files_.push_back(path_ + "/ngcc_modules.json");
  }
  ~ModuleDir() {
    for (const auto &f : files_) unlink(f.c_str());
    rmdir(path_.c_str());
  }
  ModuleDir(const ModuleDir &) = delete;
  ModuleDir &operator=(const ModuleDir &) = delete;

  void link(const std::string &file, const std::string &target) {
    const std::string at = path_ + "/" + file;
    EXPECT_EQ(symlink(target.c_str(), at.c_str()), 0) << at;
    files_.push_back(at);
  }
  const std::string &path() const { return path_; }

 private:
  std::string path_;
  std::vector<std::string> files_;
};

inline bool under_emulator() { return !emulator_prefix().empty(); }

// Runs bench with these arguments (and a short min time), returns its result.
// Under an emulator its stderr loses the lines the emulator adds when a
// (forked) guest process dies of a signal.
inline ProcessResult run_bench(std::vector<std::string> args, double timeout_s = 300) {
  args.insert(args.begin(), NGCC_BENCH_EXE);
  ProcessResult r = run_process(args, timeout_s);
  if (under_emulator()) {
    std::string err;
    std::istringstream lines(r.err);
    for (std::string line; std::getline(lines, line);)
      if (line.rfind("qemu: uncaught target signal", 0) != 0) err += line + "\n";
    r.err = err;
  }
  return r;
}

// stdout of a --benchmark_format=json run, parsed (null on malformed output).
inline nlohmann::json bench_json(const ProcessResult &r) {
  return nlohmann::json::parse(r.out, nullptr, false);
}

}  // namespace ngcc::bench::testing
