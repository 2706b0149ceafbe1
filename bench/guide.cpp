#include "guide.hpp"

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
#include "json.hpp"

#ifndef NGCC_COMPILER
#define NGCC_COMPILER "unknown"
#endif
#ifndef NGCC_CMAKE_VERSION
#define NGCC_CMAKE_VERSION "unknown"
#endif

namespace ngcc::bench {
namespace {

// campaign.py constants (perf-method.md §4).
constexpr int kTrials = 5;
constexpr double kTrialTargetS = 1.0;
constexpr std::uint64_t kMinTotal = 100, kMaxIters = 20000;
constexpr double kOpBudgetS = 900.0;
// A trial "lost the core" when its thread CPU time is below this share of
// its wall time (only judged for trials longer than 10 ms).
constexpr double kDisturbedCpuShare = 0.95, kDisturbedMinSeconds = 0.010;

double median(std::vector<double> v) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

bool disturbed(const Trial &t) {
  return t.seconds > kDisturbedMinSeconds && t.cpu_seconds < kDisturbedCpuShare * t.seconds;
}

void make_dirs(const std::string &path) {
  for (std::size_t p = path.find('/', 1); ; p = path.find('/', p + 1)) {
    mkdir(path.substr(0, p).c_str(), 0755);
    if (p == std::string::npos) break;
  }
}

const char *published_variant(const std::string &v) {
  return v == "ref" ? "reference" : v == "opt" ? "optimized" : v.c_str();
}

std::string cmake_flags_of(const std::string &variant) {
#ifdef NGCC_FLAGS_REF
  if (variant == "ref") return NGCC_FLAGS_REF;
  if (variant == "opt") return NGCC_FLAGS_OPT;
  if (variant == "openssl") return NGCC_FLAGS_OPENSSL;
#endif
  (void)variant;
  return "unknown";
}

Json or_null(const std::string &s) { return s.empty() ? Json::null() : Json(s); }
Json long_or_null(const std::string &s) {
  return s.empty() ? Json::null() : Json::raw(std::to_string(std::atol(s.c_str())));
}

Json environment_json(const RunSettings &settings, long cpu_number) {
  Json e = Json::object();
  e.set("hostname", hostname())
      .set("architecture", machine())
      .set("cpu_model", cpu_model())
      .set("cpu_number", cpu_number)
      .set("logical_cpus_online", sysconf(_SC_NPROCESSORS_ONLN))
      .set("virtualized", virtualized())
      .set("memory_total_kib", memory_total_kib())
      .set("os", or_null(os_name()))
      .set("kernel", or_null(kernel()))
      .set("compiler", NGCC_COMPILER)
      .set("cmake", NGCC_CMAKE_VERSION)
      .set("python", Json::null())
      .set("perf_event_paranoid", long_or_null(read_first_line("/proc/sys/kernel/perf_event_paranoid")))
      .set("cpufreq_governor", or_null(cpufreq("scaling_governor")))
      .set("cpufreq_driver", or_null(cpufreq("scaling_driver")))
      .set("cpufreq_min_khz", long_or_null(cpufreq("scaling_min_freq")))
      .set("cpufreq_max_khz", long_or_null(cpufreq("scaling_max_freq")))
      .set("intel_pstate_no_turbo", long_or_null(read_first_line("/sys/devices/system/cpu/intel_pstate/no_turbo")))
      .set("cpufreq_boost", long_or_null(read_first_line("/sys/devices/system/cpu/cpufreq/boost")))
      .set("smt_control", or_null(read_first_line("/sys/devices/system/cpu/smt/control")))
      .set("cycle_source", settings.cycle_source)
      .set("tsc_ghz", settings.tsc_hz / 1e9);
  return e;
}

Json process_json(const DriverRun &r, const char *role, int retries) {
  Json meta = Json::object();
  for (const auto &[k, v] : r.meta) meta.set(k, v);
  Json trials = Json::array();
  for (const Trial &t : r.trials)
    trials.push(Json::object()
                    .set("measurements", static_cast<unsigned long long>(t.calls))
                    .set("seconds", t.seconds)
                    .set("cycles", t.cycles)
                    .set("cpu_seconds", t.cpu_seconds));
  Json command = Json::array();
  for (const auto &a : r.command) command.push(a);
  return Json::object()
      .set("role", role)
      .set("status", r.complete ? "complete" : "failed")
      .set("exit_code", r.process.exit_code)
      .set("meta", meta)
      .set("trials", trials)
      .set("stderr", r.process.err)
      .set("command", command)
      .set("wall_s", r.process.wall_s)
      .set("disturbed_retries", retries);
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

  // The record (perf-method.md §7, schema 2; additions in bench/SCHEMA.md §4).
  Json processes = Json::array();
  processes.push(process_json(cal, "calibration", 0));
  for (const auto &[r, retries] : runs) processes.push(process_json(r, "trial", retries));
  Json trials = Json::array();
  for (const Trial &t : all)
    trials.push(Json::object()
                    .set("measurements", static_cast<unsigned long long>(t.calls))
                    .set("seconds", t.seconds)
                    .set("cycles", t.cycles)
                    .set("cpu_seconds", t.cpu_seconds));
  const std::string flags = cmake_flags_of(m.spec.variant);
  const double total_s = g.mean_seconds * static_cast<double>(g.calls);
  Json rec = Json::object();
  rec.set("schema", 2)
      .set("status", g.ok ? "complete" : "failed_or_partial")
      .set("candidate", m.candidate_id)
      .set("label", m.spec.name)
      .set("instance", m.kat_name)
      .set("variant", published_variant(m.spec.variant))
      .set("ngcc_variant", m.spec.variant)
      .set("flags", "ngcc-" + m.spec.variant)
      .set("operation", "hash")
      .set("input_bytes", static_cast<unsigned long long>(bytes))
      .set("digest_bits", m.digest_bits)
      .set("plan", Json::object()
                       .set("iterations_per_trial", static_cast<unsigned long long>(g.plan.iterations_per_trial))
                       .set("warmups", static_cast<unsigned long long>(g.plan.warmups))
                       .set("trials", static_cast<unsigned long long>(g.plan.trials))
                       .set("separate_processes", g.plan.separate_processes)
                       .set("estimated_s", g.plan.estimated_s)
                       .set("timeout_per_process_s", g.plan.timeout_per_process_s)
                       .set("t1_seconds", g.t1))
      .set("kat", "not-checked-by-bench")
      .set("kat_not_passed", Json::null())
      .set("disturbed_retries", g.disturbed_retries)
      .set("library", m.module.path())
      .set("library_sha256", m.sha256)
      .set("kat_log", Json::null())
      .set("kat_log_sha256", Json::null())
      .set("started_utc", started)
      .set("ended_utc", utc_now())
      .set("load_average_start", load_start)
      .set("load_average_end", load_average())
      .set("environment", environment_json(settings, settings.cpu))
      .set("processes", processes)
      .set("trials", trials)
      .set("measurements", static_cast<unsigned long long>(g.calls))
      .set("guide_100_measurements_met", g.calls >= kMinTotal)
      .set("mean_seconds", g.mean_seconds)
      .set("median_trial_seconds", g.median_trial_seconds)
      .set("min_trial_seconds", g.min_trial_seconds)
      .set("max_trial_seconds", g.max_trial_seconds)
      .set("mean_cycles", g.mean_cycles)
      .set("median_trial_cycles", g.median_trial_cycles)
      .set("mean_cpu_seconds", g.mean_cpu_seconds)
      .set("mean_cpu_cycles", g.mean_cpu_seconds * settings.tsc_hz)
      .set("cycles_per_byte", bytes > 0 ? g.mean_cycles / static_cast<double>(bytes) : 0.0)
      .set("operations_per_second", total_s > 0 ? static_cast<double>(g.calls) / total_s : 0.0)
      .set("throughput_MB_per_second",
           total_s > 0 ? static_cast<double>(bytes) * static_cast<double>(g.calls) / total_s / 1e6 : 0.0)
      .set("sizes", Json::object().set("digest_bytes", m.digest_bits / 8))
      .set("kex", Json::object())
      .set("build_flags", flags)
      .set("baseline_rss_bytes", g.baseline_rss)
      .set("peak_rss_bytes", g.peak_rss)
      .set("static_bytes", static_cast<unsigned long long>(isolated.static_bytes))
      .set("stack_bytes", static_cast<unsigned long long>(isolated.stack_bytes))
      .set("heap_bytes", static_cast<unsigned long long>(isolated.heap_bytes))
      .set("timing_scope", "loop");
  if (!g.error.empty()) rec.set("error", g.error);
  const std::string dir = settings.records_dir + "/" + m.candidate_id;
  make_dirs(dir);
  g.record_path = dir + "/" + m.spec.name + "-" + m.spec.variant + "__hash_" + std::to_string(bytes) + ".json";
  std::ofstream out(g.record_path);
  out << rec.dump() << "\n";
  if (!out) {
    std::fprintf(stderr, "bench: warning: cannot write %s: %s\n", g.record_path.c_str(), std::strerror(errno));
    g.record_path.clear();
  }
  return g;
}

}  // namespace ngcc::bench
