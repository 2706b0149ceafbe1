// bench: Google Benchmark over every module of campaign.yaml (DESIGN.md §4).
// One benchmark per (instance, variant, size), named <Instance>/<variant>/<bytes>;
// counters and context keys are documented in bench/SCHEMA.md.
//
// ngcc flags (all Google Benchmark flags work unchanged):
//   --ngcc_campaign=FILE     campaign file (default: the source tree's bench/campaign.yaml)
//   --ngcc_module_dir=DIR    where lib<Instance>-<variant>.so live (default: <bench dir>/../modules)
//   --ngcc_quick             short run: --benchmark_min_time=0.02 unless given
//   --ngcc_guide             the published plan (5 fresh-process trials per row)
//   --ngcc_records=DIR       guide mode: write one schema-2 record per row under DIR
//   --ngcc_cpu=N             pin every driver process to CPU N
//   --ngcc_max_attempts=N    guide: runs per trial process when it lost the CPU (default 3, as published)
//   --ngcc_no_rss            skip the fresh-process RSS probe (baseline_rss = peak_rss = 0)
#include <benchmark/benchmark.h>
#include <openssl/opensslv.h>
#include <time.h>
#include <unistd.h>

#include <algorithm>
#include <climits>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "campaign.hpp"
#include "clean_names.hpp"
#include "name_filter.hpp"
#include "cycle_counter.hpp"
#include "driver_client.hpp"
#include "environment.hpp"
#include "guide.hpp"
#include "json.hpp"
#include "memory_probe.hpp"
#include "message.hpp"
#include "target.hpp"

#ifndef NGCC_DEFAULT_CAMPAIGN
#define NGCC_DEFAULT_CAMPAIGN "bench/campaign.yaml"
#endif

namespace ngcc::bench {
namespace {

const char kUsage[] =
    "bench: NGCC hash benchmarks (bench/README.md, bench/SCHEMA.md)\n"
    "  --ngcc_campaign=FILE     campaign file (default " NGCC_DEFAULT_CAMPAIGN ")\n"
    "  --ngcc_module_dir=DIR    module directory (default <bench dir>/../modules)\n"
    "  --ngcc_quick             --benchmark_min_time=0.02 unless given\n"
    "  --ngcc_guide             the published plan: 5 fresh-process trials per row\n"
    "  --ngcc_records=DIR       guide mode: write one schema-2 JSON record per row under DIR\n"
    "  --ngcc_cpu=N             pin the driver processes to CPU N\n"
    "  --ngcc_max_attempts=N    guide: attempts per disturbed trial process (default 3)\n"
    "  --ngcc_no_rss            skip the fresh-process RSS probe\n\n";

struct Options {
  std::string campaign = NGCC_DEFAULT_CAMPAIGN, module_dir, records_dir;
  bool quick = false, guide = false, rss = true;
  long cpu = -1;
  int max_attempts = 3;
};

std::string exe_dir() {
  char buf[PATH_MAX] = {};
  const ssize_t n = readlink("/proc/self/exe", buf, sizeof buf - 1);
  std::string p = n > 0 ? std::string(buf, static_cast<std::size_t>(n)) : ".";
  const auto slash = p.find_last_of('/');
  return slash == std::string::npos ? "." : p.substr(0, slash);
}

[[noreturn]] void die(const std::string &msg) {
  std::fprintf(stderr, "bench: error: %s\n", msg.c_str());
  std::exit(2);
}

// Removes our --ngcc_* flags from argv (Google Benchmark rejects unknown ones).
Options parse_options(int *argc, char **argv, bool *has_min_time, std::string *out_file,
                      std::string *out_format) {
  Options o;
  int out = 1;
  for (int i = 1; i < *argc; ++i) {
    const std::string a = argv[i];
    auto value = [&a](const char *flag) -> const char * {
      const std::size_t n = std::strlen(flag);
      return a.compare(0, n, flag) == 0 && a.size() > n && a[n] == '=' ? a.c_str() + n + 1 : nullptr;
    };
    if (const char *v = value("--ngcc_campaign")) {
      o.campaign = v;
    } else if (const char *v = value("--ngcc_module_dir")) {
      o.module_dir = v;
    } else if (const char *v = value("--ngcc_records")) {
      o.records_dir = v;
    } else if (const char *v = value("--ngcc_cpu")) {
      char *end = nullptr;
      o.cpu = std::strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || o.cpu < 0 || o.cpu >= CPU_SETSIZE)
        die(std::string("--ngcc_cpu: not a CPU number: '") + v + "'");
    } else if (const char *v = value("--ngcc_max_attempts")) {
      char *end = nullptr;
      const long n = std::strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || n < 1 || n > 10)
        die(std::string("--ngcc_max_attempts: expected 1..10, got '") + v + "'");
      o.max_attempts = static_cast<int>(n);
    } else if (a == "--ngcc_quick") {
      o.quick = true;
    } else if (a == "--ngcc_guide") {
      o.guide = true;
    } else if (a == "--ngcc_no_rss") {
      o.rss = false;
    } else if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      argv[out++] = argv[i];  // Google Benchmark prints its own flags and exits
    } else if (a.compare(0, 7, "--ngcc_") == 0) {
      die("unknown option " + a +
          " (known: --ngcc_campaign=FILE --ngcc_module_dir=DIR --ngcc_quick --ngcc_guide "
          "--ngcc_records=DIR --ngcc_cpu=N --ngcc_max_attempts=N --ngcc_no_rss)");
    } else {
      if (a.compare(0, 21, "--benchmark_min_time=") == 0) *has_min_time = true;
      if (a.compare(0, 16, "--benchmark_out=") == 0) *out_file = a.substr(16);
      if (a.compare(0, 23, "--benchmark_out_format=") == 0) *out_format = a.substr(23);
      argv[out++] = argv[i];
    }
  }
  *argc = out;
  argv[out] = nullptr;
  if (o.module_dir.empty()) o.module_dir = exe_dir() + "/../modules";
  if (char *real = realpath(o.module_dir.c_str(), nullptr)) {  // readable paths in warnings
    o.module_dir = real;
    std::free(real);
  }
  if (!o.records_dir.empty() && !o.guide) die("--ngcc_records needs --ngcc_guide");
  if (o.quick && o.guide) die("--ngcc_quick and --ngcc_guide exclude each other");
  return o;
}

// Loads every module of the campaign; a module not built (or unusable) is
// skipped with one warning line naming it.
std::vector<std::unique_ptr<LoadedModule>> load_modules(const Campaign &c, std::string *skipped) {
  std::vector<std::unique_ptr<LoadedModule>> out;
  const std::vector<std::uint8_t> probe = benchmark_message(32);
  for (const ModuleSpec &spec : c.modules) {
    auto skip = [&](const std::string &why) {
      std::fprintf(stderr, "bench: warning: skipping %s: %s\n", spec.key().c_str(), why.c_str());
      *skipped += (skipped->empty() ? "" : "; ") + spec.key() + ": " + why;
    };
    if (access(spec.path.c_str(), F_OK) != 0) {
      skip("not built (" + spec.path + " not found)");
      continue;
    }
    std::optional<ngcc::Module> mod;
    try {
      mod.emplace(ngcc::Module::load(spec.path));
    } catch (const ngcc::LoadError &e) {
      skip(e.what());
      continue;
    }
    auto m = std::make_unique<LoadedModule>(spec, std::move(*mod));
    const ngcc_instance_info *info = m->module.info();
    if (spec.kind == ModuleSpec::Kind::kExternal) {
      m->candidate_id = spec.candidate_id;
      m->family = spec.family;
      m->kat_name = info != nullptr && info->kat_name ? info->kat_name : spec.name;
      m->digest_bits = spec.digest_bits;
      m->code_path = "external";
    } else if (info == nullptr) {
      skip("no ngcc_instance() (describe it under external: in the campaign)");
      continue;
    } else {
      m->candidate_id = info->candidate_id;
      m->family = info->family;
      m->kat_name = info->kat_name;
      m->digest_bits = info->digest_bits;
      m->is_xof = info->is_xof != 0;
      m->code_path = info->code_path != nullptr ? info->code_path() : "";
      if (spec.name != info->name)
        std::fprintf(stderr, "bench: warning: %s: module says it is '%s'\n", spec.key().c_str(), info->name);
    }
    std::vector<std::uint8_t> digest(static_cast<std::size_t>(m->digest_bits / 8) + 64);
    const int rc = m->module.hash(m->digest_bits, probe.data(), 32 * 8, digest.data());
    if (rc != 0) {
      skip("CryptHash(" + std::to_string(m->digest_bits) + ", 32-byte message) returned " + std::to_string(rc));
      continue;
    }
    m->sha256 = sha256_file(spec.path);
    m->static_bytes = static_bytes_of(reinterpret_cast<const void *>(m->module.crypt_hash()));
    out.push_back(std::move(m));
  }
  return out;
}

// Memory figures of one (module, size), computed once per process.
MemoryFigures memory_figures(const RunSettings &s, const LoadedModule &m, std::uint64_t bytes,
                             bool rss) {
  static std::map<std::pair<const LoadedModule *, std::uint64_t>, MemoryFigures> cache;
  const auto key = std::make_pair(&m, bytes);
  const auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  MemoryFigures f;
  f.static_bytes = m.static_bytes;
  const std::vector<std::uint8_t> msg = benchmark_message(bytes);
  std::vector<std::uint8_t> digest(static_cast<std::size_t>(m.digest_bits / 8) + 64);
  const auto hash = [&] { m.module.hash(m.digest_bits, msg.data(), bytes * 8, digest.data()); };
  hash();  // one-time initialisation (e.g. OpenSSL's fetch) is not a per-call cost
  const CallMemory call = measure_call(hash);
  f.stack_bytes = call.stack_bytes;
  f.heap_bytes = call.heap_bytes;
  if (rss) {
    const DriverRun r = run_driver(s, m, bytes, 3, 1, 1, 300);
    if (r.complete) {
      f.baseline_rss = r.meta_long("baseline_rss_bytes");
      f.peak_rss = r.meta_long("peak_rss_bytes");
    } else {
      std::fprintf(stderr, "bench: warning: RSS probe of %s/%llu failed: %s\n", m.spec.key().c_str(),
                   static_cast<unsigned long long>(bytes), r.error.c_str());
    }
  }
  cache[key] = f;
  return f;
}

void set_memory_counters(benchmark::State &state, const MemoryFigures &f) {
  state.counters["static_bytes"] = static_cast<double>(f.static_bytes);
  state.counters["stack_bytes"] = static_cast<double>(f.stack_bytes);
  state.counters["heap_bytes"] = static_cast<double>(f.heap_bytes);
  state.counters["baseline_rss"] = static_cast<double>(f.baseline_rss);
  state.counters["peak_rss"] = static_cast<double>(f.peak_rss);
}

double thread_cpu_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

struct Bench {
  const LoadedModule *m;
  std::uint64_t bytes;
};

// Best call: every k-th call of the timed loop also gets its own pair of
// counter readings, and the fewest cycles of those calls is reported beside
// the mean (SCHEMA.md `cycles_min`). On a shared VM a neighbour slows
// stretches of a run lasting up to seconds, unevenly by code (seen here:
// OpenSSL SHA-512 at 64 KiB read 3.2 to 6.9 cpb call by call in one process);
// samples spread over the whole loop find the undisturbed cost. k keeps the
// extra readings below 0.1% of the loop's cycles, so the mean is unchanged.
std::uint64_t read_pair_cycles(const CycleCounter &counter) {
  std::uint64_t best = ~std::uint64_t{0};
  for (int i = 0; i < 64; ++i) {
    const std::uint64_t c0 = counter.read();
    best = std::min(best, counter.read() - c0);
  }
  return best;
}

std::uint64_t sampling_period(std::uint64_t read_cycles, std::uint64_t call_cycles) {
  const std::uint64_t budget = std::max<std::uint64_t>(call_cycles / 1000, 1);
  return std::max<std::uint64_t>((2 * read_cycles + budget - 1) / budget, 1);
}

// Default mode: Google Benchmark chooses the iterations; the cycle counter
// brackets the whole timed loop.
void run_default(benchmark::State &state, const Bench b, const CycleCounter &counter,
                 const RunSettings &s, bool rss) {
  const LoadedModule &m = *b.m;
  const MemoryFigures f = memory_figures(s, m, b.bytes, rss);
  const std::vector<std::uint8_t> msg = benchmark_message(b.bytes);
  std::vector<std::uint8_t> digest(static_cast<std::size_t>(m.digest_bits / 8) + 64);
  const ngcc_crypthash_fn fn = m.module.crypt_hash();
  const int width = m.digest_bits;
  const unsigned long long bits = b.bytes * 8;
  const std::uint64_t w0 = counter.read();
  const int rc = fn(width, msg.data(), bits, digest.data());
  const std::uint64_t first_call = counter.read() - w0;
  if (rc != 0) {
    state.SkipWithError(("CryptHash returned " + std::to_string(rc)).c_str());
    return;
  }
  // Fixed per row on its first run: Google Benchmark requires the same
  // iteration count in every repetition, and batches round it up to k.
  static std::map<std::pair<const LoadedModule *, std::uint64_t>, std::uint64_t> periods;
  const auto known = periods.try_emplace({&m, b.bytes}, 0).first;
  if (known->second == 0) known->second = sampling_period(read_pair_cycles(counter), first_call);
  const std::uint64_t period = known->second;
  std::uint64_t best = ~std::uint64_t{0};
  const double cpu0 = thread_cpu_seconds();
  const std::uint64_t c0 = counter.read();
  while (state.KeepRunningBatch(static_cast<benchmark::IterationCount>(period))) {
    for (std::uint64_t i = 1; i < period; ++i) fn(width, msg.data(), bits, digest.data());
    const std::uint64_t t0 = counter.read();
    fn(width, msg.data(), bits, digest.data());
    best = std::min(best, counter.read() - t0);
  }
  const std::uint64_t c1 = counter.read();
  const double cpu1 = thread_cpu_seconds();
  const double calls = static_cast<double>(state.iterations());
  const double cycles = static_cast<double>(c1 - c0) / calls;
  state.counters["cpu_cycles"] = (cpu1 - cpu0) * s.tsc_hz / calls;
  state.SetBytesProcessed(static_cast<std::int64_t>(state.iterations()) * static_cast<std::int64_t>(b.bytes));
  state.counters["cycles"] = cycles;
  state.counters["cpb"] = cycles / static_cast<double>(b.bytes);
  state.counters["cycles_min"] = static_cast<double>(best);
  state.counters["cpb_min"] = static_cast<double>(best) / static_cast<double>(b.bytes);
  state.counters["calls"] = calls;
  state.counters["bytes"] = static_cast<double>(b.bytes);
  state.counters["digest_bits"] = width;
  set_memory_counters(state, f);
}

// Guide mode: the published plan in driver processes; the row reports its
// mean over all timed calls (manual time = mean seconds per call).
void run_guide_row(benchmark::State &state, const Bench b, const RunSettings &s) {
  const LoadedModule &m = *b.m;
  MemoryFigures f = memory_figures(s, m, b.bytes, false);
  const GuideOutcome g = run_guide(s, m, b.bytes, f);
  if (!g.ok) {
    state.SkipWithError((m.spec.key() + ": " + g.error).c_str());
    for (auto _ : state) {
    }
    return;
  }
  for (auto _ : state) state.SetIterationTime(g.mean_seconds);
  f.baseline_rss = g.baseline_rss;
  f.peak_rss = g.peak_rss;
  state.SetBytesProcessed(static_cast<std::int64_t>(b.bytes));
  state.counters["cycles"] = g.mean_cycles;
  state.counters["cpu_cycles"] = g.mean_cpu_seconds * s.tsc_hz;
  state.counters["cpb"] = g.mean_cycles / static_cast<double>(b.bytes);
  state.counters["calls"] = static_cast<double>(g.calls);
  state.counters["bytes"] = static_cast<double>(b.bytes);
  state.counters["digest_bits"] = m.digest_bits;
  state.counters["trials"] = g.trials;
  state.counters["iterations_per_trial"] = static_cast<double>(g.plan.iterations_per_trial);
  state.counters["warmups"] = static_cast<double>(g.plan.warmups);
  state.counters["t1_seconds"] = g.t1;
  state.counters["median_trial_cycles"] = g.median_trial_cycles;
  state.counters["median_trial_seconds"] = g.median_trial_seconds;
  state.counters["min_trial_seconds"] = g.min_trial_seconds;
  state.counters["max_trial_seconds"] = g.max_trial_seconds;
  state.counters["disturbed_retries"] = g.disturbed_retries;
  set_memory_counters(state, f);
  if (!g.record_path.empty()) std::fprintf(stderr, "guide: record %s\n", g.record_path.c_str());
}

std::string modules_json(const std::vector<std::unique_ptr<LoadedModule>> &mods) {
  Json a = Json::array();
  for (const auto &m : mods) {
    a.push(Json::object()
               .set("key", m->spec.key())
               .set("name", m->spec.name)
               .set("variant", m->spec.variant)
               .set("candidate_id", m->candidate_id)
               .set("family", m->family)
               .set("kat_name", m->kat_name)
               .set("digest_bits", m->digest_bits)
               .set("is_xof", m->is_xof)
               .set("code_path", m->code_path)
               .set("kind", m->spec.kind_name())
               .set("module", m->module.path().substr(m->module.path().find_last_of('/') + 1))
               .set("path", m->module.path())
               .set("sha256", m->sha256)
               .set("static_bytes", static_cast<unsigned long long>(m->static_bytes))
               .set("compare_with", m->spec.baseline.empty() ? Json::null() : Json(m->spec.baseline)));
  }
  return a.dump_compact();  // Google Benchmark stores it as a string value
}

}  // namespace
}  // namespace ngcc::bench

int main(int argc, char **argv) {
  using namespace ngcc::bench;
  bool has_min_time = false;
  std::vector<char *> args(argv, argv + argc);
  args.push_back(nullptr);
  args.push_back(nullptr);  // room for an injected flag
  int n = argc;
  std::string out_file, out_format = "json";
  const Options opt = parse_options(&n, args.data(), &has_min_time, &out_file, &out_format);
  static char quick_min_time[] = "--benchmark_min_time=0.02";
  if (opt.quick && !has_min_time) args[static_cast<std::size_t>(n++)] = quick_min_time;
  args[static_cast<std::size_t>(n)] = nullptr;

  Campaign campaign;
  try {
    campaign = load_campaign(opt.campaign, opt.module_dir);
  } catch (const CampaignError &e) {
    die(e.what());
  }
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 2;

  static const CycleCounter counter = CycleCounter::open();
  RunSettings settings;
  settings.driver = exe_dir() + "/ngcc-driver";
  settings.tsc_hz = counter.tsc_hz();
  settings.cpu = opt.cpu;
  settings.cycle_source = counter.source_name();
  settings.records_dir = opt.records_dir;
  settings.max_attempts = opt.max_attempts;
  if (access(settings.driver.c_str(), X_OK) != 0 && (opt.guide || opt.rss))
    die(settings.driver + ": driver not found (build the ngcc-driver target)");

  std::string skipped;
  static const auto modules = load_modules(campaign, &skipped);
  if (modules.empty()) die(campaign.file + ": no module of the campaign could be loaded (see warnings)");

  std::string sizes;
  for (auto s : campaign.sizes) sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
  benchmark::AddCustomContext("ngcc_schema", "1");
  benchmark::AddCustomContext("ngcc_mode", opt.guide ? "guide" : opt.quick ? "quick" : "default");
  benchmark::AddCustomContext("cycle_source", counter.source_name());
  benchmark::AddCustomContext("cycle_source_reason", counter.fallback_reason());
  char ghz[32];
  std::snprintf(ghz, sizeof ghz, "%.4f", counter.tsc_hz() / 1e9);
  benchmark::AddCustomContext("tsc_ghz", ghz);
  for (const auto &[k, v] : environment_facts()) benchmark::AddCustomContext(k, v);
  benchmark::AddCustomContext("compiler", NGCC_COMPILER);
  benchmark::AddCustomContext("flags_ref", NGCC_FLAGS_REF);
  benchmark::AddCustomContext("flags_opt", NGCC_FLAGS_OPT);
  benchmark::AddCustomContext("flags_openssl", NGCC_FLAGS_OPENSSL);
  benchmark::AddCustomContext("openssl_version", OPENSSL_VERSION_TEXT);
  benchmark::AddCustomContext("campaign", campaign.file);
  benchmark::AddCustomContext("campaign_sha256", sha256_file(campaign.file));
  benchmark::AddCustomContext("sizes", sizes);
  if (opt.guide) benchmark::AddCustomContext("guide_max_attempts", std::to_string(opt.max_attempts));
  benchmark::AddCustomContext("driver_cpu", opt.cpu >= 0 ? std::to_string(opt.cpu) : "unpinned");
  benchmark::AddCustomContext("skipped_modules", skipped);
  for (const auto &m : modules) {
    const std::string &p = m->module.path();
    benchmark::AddCustomContext("sha256:" + p.substr(p.find_last_of('/') + 1), m->sha256);
  }
  benchmark::AddCustomContext("ngcc_modules", modules_json(modules));

  static const RunSettings s = settings;
  const bool rss = opt.rss;
  std::optional<NameFilter> guide_filter;
  if (opt.guide) {
    try {
      guide_filter.emplace(benchmark::GetBenchmarkFilter());
    } catch (const std::regex_error &e) {
      die("--benchmark_filter: bad regular expression '" + benchmark::GetBenchmarkFilter() + "': " + e.what());
    }
    benchmark::SetBenchmarkFilter("all");  // applied here, on the clean names
  }
  for (const auto &m : modules) {
    for (const std::uint64_t bytes : campaign.sizes) {
      const std::string name = m->spec.key() + "/" + std::to_string(bytes);
      const Bench b{m.get(), bytes};
      if (opt.guide) {
        if (!guide_filter->matches(name)) continue;
        benchmark::RegisterBenchmark(name.c_str(), [b](benchmark::State &st) { run_guide_row(st, b, s); })
            ->Iterations(1)
            ->UseManualTime()
            ->Unit(benchmark::kNanosecond);
      } else {
        benchmark::RegisterBenchmark(name.c_str(), [b, rss](benchmark::State &st) {
          run_default(st, b, counter, s, rss);
        })->Unit(benchmark::kNanosecond);
      }
    }
  }
  if (!opt.guide) {
    benchmark::RunSpecifiedBenchmarks();
  } else {
    CleanNamesReporter display(benchmark::CreateDefaultDisplayReporter(), nullptr);
    std::unique_ptr<CleanNamesReporter> file;
    if (!out_file.empty()) {
      std::unique_ptr<benchmark::BenchmarkReporter> inner;
      if (out_format == "json") inner = std::make_unique<benchmark::JSONReporter>();
      else if (out_format == "console") inner = std::make_unique<benchmark::ConsoleReporter>(benchmark::ConsoleReporter::OO_None);
      else die("--benchmark_out_format: guide mode writes json or console, got '" + out_format + "'");
      benchmark::BenchmarkReporter *raw = inner.get();
      file = std::make_unique<CleanNamesReporter>(raw, std::move(inner));
    }
    benchmark::RunSpecifiedBenchmarks(&display, file.get());
  }
  benchmark::Shutdown();
  return 0;
}
