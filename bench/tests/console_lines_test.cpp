// What bench prints before its first row: the skipped modules, one line per
// reason (skipped_lines.hpp), and the short context with Google Benchmark's
// warnings (display_reporter.hpp).
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "display_reporter.hpp"
#include "modules.hpp"
#include "skipped_lines.hpp"

namespace {

using ngcc::bench::context_warnings;
using ngcc::bench::RunFacts;
using ngcc::bench::short_context;
using ngcc::bench::SkippedModule;
using ngcc::bench::skipped_lines;

const std::string kLacks = "not supported by this CPU, which lacks AVX512F AVX512BW AVX512VL";

SkippedModule avx512(const std::string &instance) {
  return {instance + "/avx512", "this CPU cannot run it (avx512 (AVX512F AVX512BW AVX512VL): " + kLacks + ")", kLacks};
}

std::vector<SkippedModule> avx512_skips(int n) {
  std::vector<SkippedModule> skipped;
  for (int i = 0; i < n; ++i) skipped.push_back(avx512("FAMILY" + std::to_string(i) + "-512"));
  return skipped;
}

TEST(SkippedLines, OneModuleKeepsItsReasonInFull) {
  EXPECT_EQ(skipped_lines({avx512("CHIME-512")}),
            std::vector<std::string>{"bench: skipping CHIME-512/avx512: this CPU cannot run it (avx512 (AVX512F "
                                     "AVX512BW AVX512VL): " + kLacks + ")"});
}

TEST(SkippedLines, ModulesOfOneCauseShareOneLine) {
  EXPECT_EQ(skipped_lines({avx512("CHIME-512"), avx512("CHIME-1024")}),
            std::vector<std::string>{"bench: skipping 2 modules: " + kLacks + " (CHIME-512/avx512, CHIME-1024/avx512)"});
}

TEST(SkippedLines, ManyModulesAreCountedWithinTheWidth) {
  const std::vector<std::string> lines = skipped_lines(avx512_skips(18));
  ASSERT_EQ(lines.size(), 1u);
  const std::string &line = lines[0];
  EXPECT_EQ(line.rfind("bench: skipping 18 modules: " + kLacks + " (FAMILY0-512/avx512, FAMILY1-512/avx512, ", 0), 0u)
      << line;
  const std::string tail = ", … 18 in all)";
  EXPECT_EQ(line.substr(line.size() - tail.size()), tail) << line;
  EXPECT_LE(line.size() - 2, 200u) << line;  // "…" is one column
  EXPECT_EQ(line.find("FAMILY17-512"), std::string::npos) << line;
}

TEST(SkippedLines, TheFirstNameEvenPastTheWidth) {
  EXPECT_EQ(skipped_lines(avx512_skips(3), 40),
            std::vector<std::string>{"bench: skipping 3 modules: " + kLacks + " (FAMILY0-512/avx512, … 3 in all)"});
}

TEST(SkippedLines, CausesInTheOrderTheyFirstCome) {
  const SkippedModule a{"A-256/opt", "not built (/m/libA-256-opt.so not found)", "not built"};
  const SkippedModule b{"A-512/opt", "not built (/m/libA-512-opt.so not found)", "not built"};
  EXPECT_EQ(skipped_lines({a, avx512("A-256"), b}),
            (std::vector<std::string>{"bench: skipping 2 modules: not built (A-256/opt, A-512/opt)",
                                      "bench: skipping A-256/avx512: " + avx512("A-256").why}));
}

RunFacts quick_run() {
  RunFacts f;
  f.cpu_model = "AMD EPYC 7B13";
  f.microarchitecture = "zen3";
  f.pinned_cpu = 1;
  f.core_type = "uniform";
  f.cycle_counter = "TSC ticks at 2.4500 GHz (CPUID 15h); core cycles estimated with the core-clock probe";
  f.cycle_source_reason = "perf_event_open(PERF_COUNT_HW_CPU_CYCLES): Permission denied";
  f.counters = "cycles and cpb count tsc ticks";
  f.mode = "quick";
  f.rows = 24;
  f.json_context = true;
  return f;
}

TEST(ShortContext, CpuPinningCyclesModeAndRows) {
  EXPECT_EQ(short_context(quick_run()),
            (std::vector<std::string>{
                "bench: AMD EPYC 7B13 (zen3), pinned to CPU 1 (one kind of core)",
                "bench: cycles: TSC ticks at 2.4500 GHz (CPUID 15h); core cycles estimated with the core-clock probe "
                "(perf_event_open(PERF_COUNT_HW_CPU_CYCLES): Permission denied)",
                "bench: cycles and cpb count tsc ticks",
                "bench: quick mode, 24 rows, one repetition each; the context keys (bench/SCHEMA.md §3) are in the "
                "JSON output"}));
}

TEST(ShortContext, AKindOfCoreRepetitionsAndNoJsonOutput) {
  RunFacts f = quick_run();
  f.pinned_cpu = 15;
  f.core_type = "performance";
  f.core_name = "Golden Cove";
  f.cycle_source_reason.clear();
  f.mode = "default";
  f.repetitions = 5;
  f.json_context = false;
  const std::vector<std::string> lines = short_context(f);
  ASSERT_EQ(lines.size(), 4u);
  EXPECT_EQ(lines[0], "bench: AMD EPYC 7B13 (zen3), pinned to CPU 15 (a performance core, Golden Cove)");
  EXPECT_EQ(lines[1].find(" (perf"), std::string::npos);
  EXPECT_EQ(lines[3], "bench: default mode, 24 rows × 5 repetitions = 120 runs; the context keys (bench/SCHEMA.md §3) "
                      "go to a JSON output only (--benchmark_out=FILE)");
}

TEST(ShortContext, Unpinned) {
  RunFacts f = quick_run();
  f.pinned_cpu = -1;
  f.core_type = "mixed";
  EXPECT_EQ(short_context(f)[0], "bench: AMD EPYC 7B13 (zen3), unpinned");
}

TEST(ContextWarnings, TheDebugWarningIsAnsweredOthersKept) {
  const std::string basic =
      "2025-01-01T00:00:00+00:00\nRunning ./bench\nRun on (2 X 2450 MHz CPU s)\nngcc_modules: [{\"key\": 1}]\n"
      "***WARNING*** CPU scaling is enabled, the benchmark real time measurements may be noisy and will incur "
      "extra overhead.\n***WARNING*** Library was built as DEBUG. Timings may be affected.\n";
  const std::vector<std::string> lines = context_warnings(basic);
  ASSERT_EQ(lines.size(), 2u);
  EXPECT_EQ(lines[0].rfind("***WARNING*** CPU scaling is enabled", 0), 0u);
  EXPECT_EQ(lines[1].rfind("bench: Google Benchmark is Debian's DEBUG build", 0), 0u) << lines[1];
  EXPECT_NE(lines[1].find("(bench/README.md)"), std::string::npos);
  EXPECT_TRUE(context_warnings("Running ./bench\nngcc_families: {}\n").empty());
}

}  // namespace
