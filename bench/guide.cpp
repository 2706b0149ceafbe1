#include "guide.hpp"

#include <nlohmann/json.hpp>
#include <sys/stat.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cmath>
#include <cstdio>
#include <cstring>
#include <fstream>
#include <vector>

#include "driver_client.hpp"
#include "environment.hpp"
#include "median.hpp"

namespace ngcc::bench {
namespace {

// The published campaign.py's constants (docs/method.md "Modes, repetitions
// and pinning").
constexpr int kTrials = 5;
constexpr double kTrialTargetS = 1.0;
constexpr std::uint64_t kMinTotal = 100, kMaxIters = 20000;
constexpr double kOpBudgetS = 900.0;
// A trial "lost the core" when its thread CPU time is below this share of
// its wall time (only judged for trials longer than 10 ms).
constexpr double kDisturbedCpuShare = 0.95, kDisturbedMinSeconds = 0.010;

bool disturbed(const Trial &t) {
  return t.seconds > kDisturbedMinSeconds && t.cpu_seconds < kDisturbedCpuShare * t.seconds;
}

void make_dirs(const std::string &path) {
  for (std::size_t p = path.find('/', 1); ; p = path.find('/', p + 1)) {
    mkdir(path.substr(0, p).c_str(), 0755);
    if (p == std::string::npos) break;
  }
}

using Json = nlohmann::ordered_json;

const char *published_variant(const std::string &v) {
  return v == "ref" ? "reference" : v == "opt" ? "optimized" : v.c_str();
}

// The published `flags` field: guide | harness-default for a library that
// says so, ngcc-<variant> for ours.
std::string flags_label(const LoadedModule &m) {
  if (!m.spec.flags_source.empty()) return m.spec.flags_source;
  return m.spec.ours() ? "ngcc-" + m.spec.variant : "unknown";
}

Json or_null(const std::string &s) { return s.empty() ? Json(nullptr) : Json(s); }
Json long_or_null(const std::string &s) { return s.empty() ? Json(nullptr) : Json(std::atol(s.c_str())); }

Json reading_json(const CoreClockReading &r) {
  return r.valid ? Json{{"core_per_tsc", r.core_per_tsc}, {"spread", r.spread}} : Json(nullptr);
}

// The published record's environment keys (bench/SCHEMA.md §4), then the rest
// of the run's environment record (SCHEMA.md §3).
Json environment_json(const RunSettings &settings, long cpu_number) {
  Json e = {
      {"hostname", hostname()},
      {"architecture", machine()},
      {"cpu_model", cpuinfo_value("model name")},
      {"cpu_number", cpu_number},
      {"logical_cpus_online", sysconf(_SC_NPROCESSORS_ONLN)},
      {"virtualized", virtualized()},
      {"memory_total_kib", memory_total_kib()},
      {"os", or_null(os_name())},
      {"kernel", or_null(kernel())},
      {"compiler", compiler()},
      {"cmake", build_tool()},
      {"python", nullptr},
      {"perf_event_paranoid", long_or_null(read_first_line("/proc/sys/kernel/perf_event_paranoid"))},
      {"cpufreq_governor", or_null(cpufreq("scaling_governor"))},
      {"cpufreq_driver", or_null(cpufreq("scaling_driver"))},
      {"cpufreq_min_khz", long_or_null(cpufreq("scaling_min_freq"))},
      {"cpufreq_max_khz", long_or_null(cpufreq("scaling_max_freq"))},
      {"intel_pstate_no_turbo", long_or_null(read_first_line("/sys/devices/system/cpu/intel_pstate/no_turbo"))},
      {"cpufreq_boost", long_or_null(read_first_line("/sys/devices/system/cpu/cpufreq/boost"))},
      {"smt_control", or_null(read_first_line("/sys/devices/system/cpu/smt/control"))},
      {"cycle_source", settings.cycle_source},
      {"tsc_ghz", settings.tsc_hz / 1e9},
  };
  for (const auto &[key, value] : settings.environment)
    if (!e.contains(key)) e[key] = value;
  e["core_clock_start"] = reading_json(settings.core_clock_start);
  return e;
}

// The driver's probes before and after one trial.
std::pair<CoreClockReading, CoreClockReading> trial_probes(const Trial &t) {
  CoreClockReading before, after;
  before.valid = t.core_per_tsc_before > 0;
  before.core_per_tsc = t.core_per_tsc_before;
  after.valid = t.core_per_tsc_after > 0;
  after.core_per_tsc = t.core_per_tsc_after;
  return {before, after};
}

// One trial with its own two probes; its core cycles through the row's
// ratio (the median of every trial's probes), as the row's are.
Json trial_json(const Trial &t, bool counted, const CoreCycleTally &row) {
  const auto [before, after] = trial_probes(t);
  const CoreClockEstimate clock = combine(before, after);
  Json j = {{"measurements", t.calls},   {"seconds", t.seconds},
            {"cycles", t.cycles},        {"cpu_seconds", t.cpu_seconds},
            {"tsc_cycles", t.tsc_cycles}, {"core_per_tsc_before", t.core_per_tsc_before},
            {"core_per_tsc_after", t.core_per_tsc_after}};
  if (clock.valid && row.valid()) {
    const double estimated = t.tsc_cycles * row.core_per_tsc();
    j["core_per_tsc"] = row.core_per_tsc();
    j["core_cycles"] = counted ? t.cycles : estimated;
    if (counted) j["core_cycles_estimated"] = estimated;
    j["core_clock_disagreement"] = clock.disagreement;
    j["core_clock_flag"] = clock.flagged;
  }
  return j;
}

Json process_json(const DriverRun &r, const char *role, int retries, bool counted, const CoreCycleTally &row) {
  Json meta = Json::object();
  for (const auto &[k, v] : r.meta) meta[k] = v;
  Json trials = Json::array();
  for (const Trial &t : r.trials) trials.push_back(trial_json(t, counted, row));
  return {{"role", role},
          {"status", r.complete ? "complete" : "failed"},
          {"exit_code", r.process.exit_code},
          {"meta", meta},
          {"trials", trials},
          {"stderr", r.process.err},
          {"command", r.command},
          {"wall_s", r.process.wall_s},
          {"disturbed_retries", retries}};
}

}  // namespace

Plan make_plan(double t1, double setup) {
  Plan p;
  t1 = std::max(t1, 1e-9);
  const std::uint64_t min_iters = (kMinTotal + kTrials - 1) / kTrials;  // 20
  std::uint64_t iters = static_cast<std::uint64_t>(std::ceil(kTrialTargetS / t1));
  iters = std::min(std::max(iters, min_iters), kMaxIters);
  std::uint64_t trials = kTrials;
  if (kTrials * static_cast<double>(iters) * t1 > kOpBudgetS) {
    iters = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::floor(kOpBudgetS / (kTrials * t1))));
    // Too slow even for one call per trial: fewer trials, at least one call.
    if (kTrials * t1 > kOpBudgetS)
      trials = std::max<std::uint64_t>(1, static_cast<std::uint64_t>(std::floor(kOpBudgetS / t1)));
  }
  p.iterations_per_trial = iters;
  p.trials = trials;
  p.warmups = t1 < 0.05 ? 3 : t1 < 5.0 ? 1 : 0;
  p.separate_processes = setup < 60.0;
  const double work = static_cast<double>(iters * trials + p.warmups * (p.separate_processes ? trials : 1)) * t1;
  p.estimated_s = work + setup * (p.separate_processes ? static_cast<double>(trials) : 1.0);
  const double per_process = p.separate_processes
                                 ? static_cast<double>(iters + p.warmups) * t1
                                 : work;
  p.timeout_per_process_s = 3 * per_process + 3 * setup + 300;
  return p;
}

GuideOutcome run_guide(const RunSettings &settings, const LoadedModule &m, std::uint64_t bytes,
                       const MemoryFigures &isolated) {
  GuideOutcome g;
  const std::string label = m.spec.key() + "/" + std::to_string(bytes);
  const std::string started = utc_now(), load_start = load_average();

  // Calibration: one timed call in a fresh process, no warm-up.
  const DriverRun cal = run_driver(settings, m, bytes, 1, 0, 1, 600);
  std::vector<std::pair<DriverRun, int>> runs;  // trial processes, disturbed retries
  if (!cal.complete) {
    g.error = "calibration failed: " + cal.error;
  } else {
    g.t1 = cal.trials[0].seconds;
    const double setup = std::max(0.0, cal.process.wall_s - g.t1);
    g.plan = make_plan(g.t1, setup);
    std::fprintf(stderr, "guide: %s: t1 %.3g s, plan %llu x %llu calls, %llu warm-ups, ~%.1f s\n",
                 label.c_str(), g.t1, static_cast<unsigned long long>(g.plan.trials),
                 static_cast<unsigned long long>(g.plan.iterations_per_trial),
                 static_cast<unsigned long long>(g.plan.warmups), g.plan.estimated_s);
    const std::uint64_t processes = g.plan.separate_processes ? g.plan.trials : 1;
    const std::uint64_t trials_per_process = g.plan.separate_processes ? 1 : g.plan.trials;
    for (std::uint64_t p = 0; p < processes && g.error.empty(); ++p) {
      int retries = 0;
      DriverRun r;
      for (int attempt = 1; attempt <= settings.max_attempts; ++attempt) {
        r = run_driver(settings, m, bytes, g.plan.iterations_per_trial, g.plan.warmups,
                       trials_per_process, g.plan.timeout_per_process_s);
        if (!r.complete) break;
        const bool lost = std::any_of(r.trials.begin(), r.trials.end(), disturbed);
        if (!lost || attempt == settings.max_attempts) break;
        ++retries;
      }
      if (!r.complete) g.error = "trial process failed: " + r.error;
      g.disturbed_retries += retries;
      runs.emplace_back(std::move(r), retries);
    }
  }

  // Summary over all timed trials (calibration excluded).
  std::vector<Trial> all;
  for (const auto &[r, retries] : runs) all.insert(all.end(), r.trials.begin(), r.trials.end());
  double sum_s = 0, sum_c = 0, sum_cpu = 0;
  std::vector<double> trial_s, trial_c;
  for (const Trial &t : all) {
    const auto [before, after] = trial_probes(t);
    g.core.add(t.tsc_cycles, before, after);
    g.calls += t.calls;
    sum_s += t.seconds;
    sum_c += t.cycles;
    sum_cpu += t.cpu_seconds;
    trial_s.push_back(t.seconds / static_cast<double>(t.calls));
    trial_c.push_back(t.cycles / static_cast<double>(t.calls));
  }
  g.trials = static_cast<int>(all.size());
  if (g.calls > 0) {
    g.mean_seconds = sum_s / static_cast<double>(g.calls);
    g.mean_cycles = sum_c / static_cast<double>(g.calls);
    g.mean_cpu_seconds = sum_cpu / static_cast<double>(g.calls);
    g.median_trial_seconds = median(trial_s);
    g.median_trial_cycles = median(trial_c);
    g.min_trial_seconds = *std::min_element(trial_s.begin(), trial_s.end());
    g.max_trial_seconds = *std::max_element(trial_s.begin(), trial_s.end());
  }
  for (const auto &[r, retries] : runs) {
    g.baseline_rss = std::max(g.baseline_rss, r.meta_long("baseline_rss_bytes"));
    g.peak_rss = std::max(g.peak_rss, r.meta_long("peak_rss_bytes"));
  }
  g.ok = g.error.empty() && g.calls > 0;
  if (settings.records_dir.empty()) return g;

  // The record: the published layout, schema 2, and our additions (bench/SCHEMA.md §4).
  const bool counted = settings.cycle_source == "perf";
  Json processes = Json::array();
  processes.push_back(process_json(cal, "calibration", 0, counted, g.core));
  for (const auto &[r, retries] : runs) processes.push_back(process_json(r, "trial", retries, counted, g.core));
  Json trials = Json::array();
  for (const Trial &t : all) trials.push_back(trial_json(t, counted, g.core));
  const double total_s = g.mean_seconds * static_cast<double>(g.calls);
  const double calls = static_cast<double>(std::max<std::uint64_t>(g.calls, 1));
  Json rec = {
      {"schema", 2},
      {"status", g.ok ? "complete" : "failed_or_partial"},
      {"candidate", m.spec.candidate_id},
      {"label", m.spec.instance},
      {"instance", m.spec.kat_name},
      {"variant", published_variant(m.spec.variant)},
      {"ngcc_variant", m.spec.variant},
      {"flags", flags_label(m)},
      {"operation", "hash"},
      {"input_bytes", bytes},
      {"digest_bits", m.spec.digest_bits},
      {"plan",
       {{"iterations_per_trial", g.plan.iterations_per_trial},
        {"warmups", g.plan.warmups},
        {"trials", g.plan.trials},
        {"separate_processes", g.plan.separate_processes},
        {"estimated_s", g.plan.estimated_s},
        {"timeout_per_process_s", g.plan.timeout_per_process_s},
        {"t1_seconds", g.t1}}},
      {"kat", "not-checked-by-bench"},
      {"kat_not_passed", nullptr},
      {"disturbed_retries", g.disturbed_retries},
      {"library", m.module.path()},
      {"library_sha256", m.sha256},
      {"kat_log", nullptr},
      {"kat_log_sha256", nullptr},
      {"started_utc", started},
      {"ended_utc", utc_now()},
      {"load_average_start", load_start},
      {"load_average_end", load_average()},
      {"environment", environment_json(settings, settings.cpu)},
      {"processes", processes},
      {"trials", trials},
      {"measurements", g.calls},
      {"guide_100_measurements_met", g.calls >= kMinTotal},
      {"mean_seconds", g.mean_seconds},
      {"median_trial_seconds", g.median_trial_seconds},
      {"min_trial_seconds", g.min_trial_seconds},
      {"max_trial_seconds", g.max_trial_seconds},
      {"mean_cycles", g.mean_cycles},
      {"median_trial_cycles", g.median_trial_cycles},
      {"mean_cpu_seconds", g.mean_cpu_seconds},
      {"mean_cpu_cycles", g.mean_cpu_seconds * settings.tsc_hz},
      {"cycles_per_byte", bytes > 0 ? g.mean_cycles / static_cast<double>(bytes) : 0.0},
      {"operations_per_second", total_s > 0 ? static_cast<double>(g.calls) / total_s : 0.0},
      {"throughput_MB_per_second",
       total_s > 0 ? static_cast<double>(bytes) * static_cast<double>(g.calls) / total_s / 1e6 : 0.0},
      {"sizes", {{"digest_bytes", m.spec.digest_bits / 8}}},
      {"kex", Json::object()},
      {"build_flags", m.build_flags},
      {"baseline_rss_bytes", g.baseline_rss},
      {"peak_rss_bytes", g.peak_rss},
      {"static_bytes", isolated.static_bytes},
      {"stack_bytes", isolated.stack_bytes},
      {"heap_bytes", isolated.heap_bytes},
      {"timing_scope", "loop"},
  };
  if (g.core.valid()) {
    const double core = counted ? g.mean_cycles : g.core.estimated() / calls;
    rec["mean_core_cycles"] = core;
    if (counted) rec["mean_core_cycles_estimated"] = g.core.estimated() / calls;
    rec["core_cycles_per_byte"] = core / static_cast<double>(bytes);
    rec["core_per_tsc"] = g.core.core_per_tsc();
    rec["core_clock_disagreement"] = g.core.disagreement();
    rec["core_clock_estimate"] = "median of " + std::to_string(g.core.probes()) +
                                 " probes (before and after each trial) x the trials' TSC ticks";
    rec["core_clock_flag"] = g.core.flagged();
  }
  if (!g.error.empty()) rec["error"] = g.error;
  const std::string dir = settings.records_dir + "/" + m.spec.candidate_id;
  make_dirs(dir);
  g.record_path = dir + "/" + m.spec.instance + "-" + m.spec.variant + "__hash_" + std::to_string(bytes) + ".json";
  std::ofstream out(g.record_path);
  out << rec.dump(2) << "\n";
  if (!out) {
    std::fprintf(stderr, "bench: warning: cannot write %s: %s\n", g.record_path.c_str(), std::strerror(errno));
    g.record_path.clear();
  }
  return g;
}

}  // namespace ngcc::bench
