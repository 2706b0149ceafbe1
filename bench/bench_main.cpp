// bench: Google Benchmark over every module the build declares plus the
// campaign's libraries (docs/architecture.md §4). One benchmark per (instance, variant,
// size), named <instance>/<variant>/<bytes>; counters and context keys are
// documented in bench/SCHEMA.md, the flags in kUsage and bench/README.md.
#include <benchmark/benchmark.h>
#include <nlohmann/json.hpp>
#include <openssl/crypto.h>
#include <sched.h>
#include <unistd.h>

#include <climits>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "campaign.hpp"
#include "common/cpu_features.hpp"
#include "core_clock.hpp"
#include "core_kinds.hpp"
#include "cycle_counter.hpp"
#include "display_reporter.hpp"
#include "environment.hpp"
#include "module_manifest.hpp"
#include "modules.hpp"
#include "name_filter.hpp"
#include "process.hpp"
#include "reporter.hpp"
#include "row_journal.hpp"
#include "rows.hpp"
#include "run_progress.hpp"
#include "sha256_file.hpp"
#include "skipped_lines.hpp"
#include "system_name.hpp"
#include "target.hpp"

#ifndef NGCC_DEFAULT_CAMPAIGN
#define NGCC_DEFAULT_CAMPAIGN "bench/campaign.yaml"
#endif

namespace ngcc::bench {
namespace {

const char kUsage[] =
    "bench: NGCC hash benchmarks (bench/README.md, bench/SCHEMA.md)\n"
    "  --ngcc_campaign=FILE        campaign file (default " NGCC_DEFAULT_CAMPAIGN ")\n"
    "  --ngcc_module_dir=DIR       a build's module directory with its ngcc_modules.json\n"
    "                              (default <bench dir>/../modules)\n"
    "  --ngcc_allow_missing        skip (and name) modules of ours that are not built instead of stopping\n"
    "  --ngcc_quick                --benchmark_min_time=0.02 unless given\n"
    "  --ngcc_guide                the published plan: 5 fresh-process trials per row\n"
    "  --ngcc_records=DIR          guide mode: write one schema-2 JSON record per row under DIR\n"
    "  --ngcc_cpu=N|last           pin bench and its driver processes to CPU N (last: the highest allowed,\n"
    "                              a performance core's on a hybrid CPU)\n"
    "  --ngcc_max_attempts=N       guide: attempts per disturbed trial process (default 3)\n"
    "  --ngcc_no_rss               skip the fresh-process RSS probe\n"
    "  --ngcc_system_name=NAME     results directory name recorded in the context (default: --ngcc_system)\n"
    "  --ngcc_system               print this machine's results directory name (for the core --ngcc_cpu\n"
    "                              chooses, default last) and exit\n"
    "  --ngcc_cpu_description      print this CPU's name and identity in one line (cpu.txt) and exit\n"
    "  --ngcc_cpu_identity         print this CPU's identity as JSON (cpu.json: what a later run is\n"
    "                              compared with) and exit\n"
    "  --ngcc_rows_journal=FILE    with a JSON --benchmark_out: append each row to FILE as it ends, and keep\n"
    "                              the rows FILE holds of these settings and libraries instead of measuring\n"
    "                              them again (a run stopped before its end continues; bench/README.md)\n"
    "  --ngcc_terminal             standard output reaches a terminal through a pipe (a tee keeping a log):\n"
    "                              redraw the status line in place, as on a terminal\n\n";

struct Options {
  std::string campaign = NGCC_DEFAULT_CAMPAIGN, module_dir, records_dir, system, rows_journal;
  std::string measuring_flags;  // Google Benchmark's flags that change a figure (row_journal.hpp)
  bool quick = false, guide = false, rss = true, allow_missing = false, print_system = false, terminal = false;
  std::size_t repetitions = 1;  // --benchmark_repetitions, for the progress count
  std::string cpu;  // "", a CPU number or "last"
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
    } else if (const char *v = value("--ngcc_system_name")) {
      o.system = v;
    } else if (const char *v = value("--ngcc_rows_journal")) {
      o.rows_journal = v;
    } else if (const char *v = value("--ngcc_cpu")) {
      o.cpu = v;
    } else if (const char *v = value("--ngcc_max_attempts")) {
      char *end = nullptr;
      const long n = std::strtol(v, &end, 10);
      if (*v == '\0' || *end != '\0' || n < 1 || n > 10)
        die(std::string("--ngcc_max_attempts: expected 1..10, got '") + v + "'");
      o.max_attempts = static_cast<int>(n);
    } else if (a == "--ngcc_system") {
      o.print_system = true;
    } else if (a == "--ngcc_cpu_description") {
      std::printf("%s\n", cpu_description(this_cpu()).c_str());
      std::exit(0);
    } else if (a == "--ngcc_cpu_identity") {
      std::printf("%s\n", cpu_identity_json(this_cpu()).c_str());
      std::exit(0);
    } else if (a == "--ngcc_quick") {
      o.quick = true;
    } else if (a == "--ngcc_guide") {
      o.guide = true;
    } else if (a == "--ngcc_no_rss") {
      o.rss = false;
    } else if (a == "--ngcc_allow_missing") {
      o.allow_missing = true;
    } else if (a == "--ngcc_terminal") {
      o.terminal = true;
    } else if (a == "--help" || a == "-h") {
      std::printf("%s", kUsage);
      argv[out++] = argv[i];  // Google Benchmark prints its own flags and exits
    } else if (a.compare(0, 7, "--ngcc_") == 0) {
      die("unknown option " + a + " (see --help)");
    } else {
      if (a.compare(0, 21, "--benchmark_min_time=") == 0) *has_min_time = true;
      if (a.compare(0, 16, "--benchmark_out=") == 0) *out_file = a.substr(16);
      if (a.compare(0, 23, "--benchmark_out_format=") == 0) *out_format = a.substr(23);
      // What a row measures does not depend on where or how it is shown, or which are chosen.
      static const char *const kNotMeasuring[] = {"--benchmark_out=", "--benchmark_out_format=", "--benchmark_format=",
                                                  "--benchmark_filter=", "--benchmark_color=",
                                                  "--benchmark_counters_tabular="};
      bool measuring = true;
      for (const char *prefix : kNotMeasuring) measuring = measuring && a.rfind(prefix, 0) != 0;
      if (measuring) o.measuring_flags += (o.measuring_flags.empty() ? "" : " ") + a;
      if (a.compare(0, 24, "--benchmark_repetitions=") == 0) {
        char *end = nullptr;
        const long n = std::strtol(a.c_str() + 24, &end, 10);
        if (a.size() == 24 || *end != '\0' || n < 1)
          die("--benchmark_repetitions: expected a positive number, got '" + a.substr(24) + "'");
        o.repetitions = static_cast<std::size_t>(n);
      }
      argv[out++] = argv[i];
    }
  }
  *argc = out;
  argv[out] = nullptr;
  if (o.module_dir.empty()) o.module_dir = exe_dir() + "/../modules";
  if (char *real = realpath(o.module_dir.c_str(), nullptr)) {  // readable paths in messages
    o.module_dir = real;
    std::free(real);
  }
  if (!o.records_dir.empty() && !o.guide) die("--ngcc_records needs --ngcc_guide");
  if (o.quick && o.guide) die("--ngcc_quick and --ngcc_guide exclude each other");
  return o;
}

// The kinds of core of this machine (core_kinds.hpp); where sysfs cannot be
// read, one line and the choice of a CPU of one kind.
CoreKinds host_core_kinds() {
  std::string error;
  CoreKinds kinds = read_core_kinds("/sys", &error);
  if (!error.empty()) std::fprintf(stderr, "bench: %s; choosing CPUs as on a CPU of one kind of core\n", error.c_str());
  return kinds;
}

// The CPU --ngcc_cpu names: a number this process may run on, or "last"
// (default_cpu: the highest allowed, a performance core's on a hybrid CPU).
long chosen_cpu(const std::string &spec, const CoreKinds &kinds) {
  cpu_set_t allowed;
  CPU_ZERO(&allowed);
  if (sched_getaffinity(0, sizeof allowed, &allowed) != 0)
    die(std::string("sched_getaffinity: ") + std::strerror(errno));
  if (spec == "last") {
    std::vector<int> cpus;
    for (int c = 0; c < CPU_SETSIZE; ++c)
      if (CPU_ISSET(c, &allowed)) cpus.push_back(c);
    return default_cpu(kinds, cpus);
  }
  char *end = nullptr;
  const long cpu = std::strtol(spec.c_str(), &end, 10);
  if (spec.empty() || *end != '\0' || cpu < 0 || cpu >= CPU_SETSIZE)
    die("--ngcc_cpu: expected a CPU number or 'last', got '" + spec + "'");
  if (!CPU_ISSET(cpu, &allowed)) die("--ngcc_cpu=" + spec + ": this process may not run on CPU " + spec);
  return cpu;
}

// Pins this process (and so every driver it starts) to one CPU; returns it.
long pin(long cpu) {
  cpu_set_t one;
  CPU_ZERO(&one);
  CPU_SET(cpu, &one);
  if (sched_setaffinity(0, sizeof one, &one) != 0)
    die("cannot pin to CPU " + std::to_string(cpu) + ": " + std::strerror(errno));
  return cpu;
}

nlohmann::ordered_json reading_json(const CoreClockReading &r) {
  if (!r.valid) return nullptr;
  return {{"core_per_tsc", r.core_per_tsc}, {"spread", r.spread}};
}

std::string core_clock_json(const CycleCounter &counter, const CoreClockReading &start, const CoreClockReading &end) {
  const nlohmann::ordered_json j = {
      {"method", core_clock_method()},
      {"estimated", counter.source() != CycleCounter::Source::kPerfCycles},
      {"iterations", kCoreClockAdds},
      {"repeats", kCoreClockRepeats},
      {"start", reading_json(start)},
      {"end", reading_json(end)},
      {"disagreement_limit", kCoreClockDisagreementLimit},
  };
  return j.dump();
}

// One entry per measured module (SCHEMA.md §3 `ngcc_modules`).
std::string modules_json(const std::vector<std::unique_ptr<LoadedModule>> &mods) {
  nlohmann::ordered_json a = nlohmann::ordered_json::array();
  for (const auto &m : mods) {
    const ModuleSpec &s = m->spec;
    const std::string &path = m->module.path();
    const auto text_or_null = [](const std::string &v) {
      return v.empty() ? nlohmann::ordered_json(nullptr) : nlohmann::ordered_json(v);
    };
    nlohmann::ordered_json e = {
        {"key", s.key()},
        {"name", s.instance},
        {"instance", s.instance},
        {"variant", s.variant},
        {"kind", s.kind_name()},
        {"candidate_id", s.candidate_id},
        {"family", s.family},
        {"full_name", s.full_name},
        {"implementation", m->implementation},
        {"build_flags", m->build_flags},
    };
    if (!m->wrapper_build_flags.empty()) e["wrapper_build_flags"] = m->wrapper_build_flags;
    if (s.kind == ModuleSpec::Kind::kSubmitted) e["flags_source"] = text_or_null(s.flags_source);
    e["cpu_features"] = m->cpu_features;
    e["baseline"] = text_or_null(s.baseline);
    e["compare_with"] = text_or_null(s.baseline);
    e["kat_name"] = s.kat_name;
    e["digest_bits"] = s.digest_bits;
    e["is_xof"] = s.xof;
    e["code_path"] = m->code_path;
    e["module"] = path.substr(path.find_last_of('/') + 1);
    e["path"] = path;
    e["sha256"] = m->sha256;
    e["static_bytes"] = m->static_bytes;
    a.push_back(e);
  }
  return a.dump();  // Google Benchmark stores it as a string value
}

// The value of one environment fact, "" where there is none.
std::string fact(const Facts &facts, const std::string &key) {
  for (const auto &[k, v] : facts)
    if (k == key) return v;
  return "";
}

// How many of the registered rows run: those --benchmark_filter selects
// (in guide mode register_rows applied it, and Google Benchmark's is "all").
std::size_t shown_rows(const std::vector<std::string> &rows) {
  try {
    const NameFilter filter(benchmark::GetBenchmarkFilter());
    std::size_t n = 0;
    for (const std::string &row : rows) n += filter.matches(row) ? 1 : 0;
    return n;
  } catch (const std::regex_error &e) {
    die("--benchmark_filter: bad regular expression '" + benchmark::GetBenchmarkFilter() + "': " + e.what());
  }
}

// flags_<variant>: the compile line the variant's modules share (schema 1
// kept them per variant; SCHEMA.md §3).
std::map<std::string, std::string> flags_by_variant(const std::vector<std::unique_ptr<LoadedModule>> &mods) {
  std::map<std::string, std::string> flags;
  for (const auto &m : mods) {
    if (!m->spec.ours()) continue;
    const auto [it, fresh] = flags.emplace(m->spec.variant, m->build_flags);
    if (!fresh && it->second != m->build_flags) it->second = "differs per module (see ngcc_modules)";
  }
  return flags;
}

}  // namespace
}  // namespace ngcc::bench

int main(int argc, char **argv) {
  using namespace ngcc::bench;
  using ngcc::load_manifest, ngcc::Manifest;
  if (const std::string error = ngcc::cpu_disable_error(); !error.empty()) die(error);
  bool has_min_time = false;
  std::vector<char *> args(argv, argv + argc);
  args.push_back(nullptr);
  args.push_back(nullptr);  // room for an injected flag
  int n = argc;
  std::string out_file, out_format = "json";
  const Options opt = parse_options(&n, args.data(), &has_min_time, &out_file, &out_format);
  const std::string mode = opt.guide ? "guide" : opt.quick ? "quick" : "default";
  static char quick_min_time[] = "--benchmark_min_time=0.02";
  if (opt.quick && !has_min_time) args[static_cast<std::size_t>(n++)] = quick_min_time;
  args[static_cast<std::size_t>(n)] = nullptr;
  const CoreKinds kinds = host_core_kinds();
  const CpuIdentity identity = this_cpu();
  if (opt.print_system) {
    const long chosen = chosen_cpu(opt.cpu.empty() ? "last" : opt.cpu, kinds);
    std::printf("%s\n", system_name(identity, kind_of(kinds, static_cast<int>(chosen))).c_str());
    return 0;
  }
  const long cpu = opt.cpu.empty() ? -1 : pin(chosen_cpu(opt.cpu, kinds));
  // An unpinned run measures no one kind of core: it keeps the CPU's name.
  const CoreKind measured = cpu >= 0 ? kind_of(kinds, static_cast<int>(cpu)) : CoreKind{};
  const std::string core_name = core_microarchitecture(identity, measured);
  if (const std::string warning = efficiency_core_warning(static_cast<int>(cpu), measured, core_name); !warning.empty())
    std::fprintf(stderr, "%s\n", warning.c_str());
  const std::string system = opt.system.empty() ? system_name(identity, measured) : opt.system;
  const std::string campaign_start = utc_now(), load_start = load_average();

  Campaign campaign;
  try {
    const Manifest manifest = load_manifest(opt.module_dir);
    campaign = load_campaign(opt.campaign, manifest, opt.module_dir);
    benchmark::AddCustomContext("ngcc_families", manifest.families_json);
    benchmark::AddCustomContext("campaign", campaign.file);
    benchmark::AddCustomContext("campaign_sha256", ngcc::sha256_file(campaign.file));
    benchmark::AddCustomContext("module_manifest", manifest.file);
    benchmark::AddCustomContext("module_manifest_sha256", ngcc::sha256_file(manifest.file));
  } catch (const std::runtime_error &e) {  // ManifestError, CampaignError, an unreadable file
    die(e.what());
  }
  benchmark::Initialize(&n, args.data());
  if (benchmark::ReportUnrecognizedArguments(n, args.data())) return 2;
  if (!out_file.empty() && out_format != "json" && out_format != "console")
    die("--benchmark_out_format: bench writes json or console, got '" + out_format + "'");

  static const CycleCounter counter = CycleCounter::open();
  static RunSettings settings;
  settings.driver = exe_dir() + "/ngcc-driver";
  settings.tsc_hz = counter.tsc_hz();
  settings.cpu = cpu;
  settings.cycle_source = counter.source_name();
  settings.records_dir = opt.records_dir;
  settings.max_attempts = opt.max_attempts;
  if (access(settings.driver.c_str(), X_OK) != 0 && (opt.guide || opt.rss))
    die(settings.driver + ": driver not found (build the ngcc-driver target)");

  static LoadedCampaign loaded;
  try {
    loaded = load_modules(campaign, opt.allow_missing);
  } catch (const ModuleError &e) {
    die(e.what());
  }
  std::string skipped;
  for (const SkippedModule &s : loaded.skipped) skipped += (skipped.empty() ? "" : "; ") + s.key + ": " + s.why;
  for (const std::string &line : skipped_lines(loaded.skipped)) std::fprintf(stderr, "%s\n", line.c_str());
  if (loaded.modules.empty()) die(campaign.file + ": nothing to measure (every module was skipped)");

  settings.core_clock_start = probe_core_clock();
  settings.environment = environment_facts(system);
  // Which kind of core was measured; CPUID 1Ah describes the CPU executing it, the pinned one.
  settings.environment.emplace_back("core_type", core_type(kinds, cpu));
  settings.environment.emplace_back("core_name", core_name);
  settings.environment.emplace_back("core_type_source", core_kind_source(measured, cpu >= 0 ? cpuid_core_type() : ""));
  // What the cycles are, and the emulator a cross build ran under (its timings mean nothing).
  settings.environment.emplace_back("cycle_counter", counter.description());
  std::string emulator;
  for (const std::string &word : emulator_prefix()) emulator += (emulator.empty() ? "" : " ") + word;
  settings.environment.emplace_back("emulator", emulator);
  settings.environment.emplace_back("campaign_start", campaign_start);
  settings.environment.emplace_back("load_avg_start", load_start);
  std::string sizes;
  for (auto s : campaign.sizes) sizes += (sizes.empty() ? "" : ",") + std::to_string(s);
  benchmark::AddCustomContext("ngcc_schema", "2");
  benchmark::AddCustomContext("ngcc_mode", mode);
  benchmark::AddCustomContext("cycle_source", counter.source_name());
  benchmark::AddCustomContext("cycle_source_reason", counter.fallback_reason());
  // In the console's short context too: its cpb column is not the report's cycles/byte.
  const std::string counters = std::string("cycles and cpb count ") + counter.source_name() +
                               " ticks; cpb_core is core cycles per byte (the report's cycles/byte, estimated "
                               "where the source is tsc)";
  benchmark::AddCustomContext("counters", counters);
  char ghz[32];
  std::snprintf(ghz, sizeof ghz, "%.4f", counter.tsc_hz() / 1e9);
  benchmark::AddCustomContext("tsc_ghz", ghz);
  for (const auto &[k, v] : settings.environment) benchmark::AddCustomContext(k, v);
  benchmark::AddCustomContext("openssl_version", OpenSSL_version(OPENSSL_VERSION));
  benchmark::AddCustomContext("openssl_platform", OpenSSL_version(OPENSSL_PLATFORM));
  benchmark::AddCustomContext("openssl_build", OpenSSL_version(OPENSSL_CFLAGS));
  for (const auto &[variant, flags] : flags_by_variant(loaded.modules))
    benchmark::AddCustomContext("flags_" + variant, flags);
  benchmark::AddCustomContext("sizes", sizes);
  if (opt.guide) benchmark::AddCustomContext("guide_max_attempts", std::to_string(opt.max_attempts));
  benchmark::AddCustomContext("driver_cpu", cpu >= 0 ? std::to_string(cpu) : "unpinned");
  benchmark::AddCustomContext("skipped_modules", skipped);
  for (const auto &m : loaded.modules) {
    const std::string &p = m->module.path();
    benchmark::AddCustomContext("sha256:" + p.substr(p.find_last_of('/') + 1), m->sha256);
  }
  benchmark::AddCustomContext("ngcc_modules", modules_json(loaded.modules));

  // The rows an earlier run of these settings kept in the journal, where it
  // was stopped before its end (row_journal.hpp).
  static KeptRows kept;
  static std::optional<RowJournal> journal;
  if (!opt.rows_journal.empty()) {
    if (out_file.empty() || out_format != "json") die("--ngcc_rows_journal needs --benchmark_out=FILE in JSON");
    std::map<std::string, std::string> sha256_by_library;
    for (const auto &m : loaded.modules) sha256_by_library[m->spec.key()] = m->sha256;
    const std::string settings = "mode " + mode + "; system " + system + "; CPU " +
                                 (cpu >= 0 ? std::to_string(cpu) : "unpinned") + "; RSS probe " +
                                 (opt.rss ? "yes" : "no") + "; attempts " + std::to_string(opt.max_attempts) +
                                 "; flags " + opt.measuring_flags;
    try {
      kept = read_journal(opt.rows_journal, settings, sha256_by_library, NameFilter(benchmark::GetBenchmarkFilter()));
      journal.emplace(opt.rows_journal, settings, sha256_by_library);
    } catch (const std::runtime_error &e) {  // std::regex_error too: a bad filter
      die(e.what());
    }
    if (kept.cut_line)
      std::fprintf(stderr, "bench: %s: its last line was cut short (the run was killed writing it): that row is measured again\n",
                   opt.rows_journal.c_str());
    if (kept.remeasured > 0)
      std::fprintf(stderr, "bench: %s: %zu rows measured with other settings or another library file are measured again\n",
                   opt.rows_journal.c_str(), kept.remeasured);
    if (!kept.names.empty()) {
      std::fprintf(stderr, "bench: %s: kept %zu rows of a run of these settings and library files stopped before its end (ended from %s on)\n",
                   opt.rows_journal.c_str(), kept.names.size(), kept.first_utc.c_str());
      benchmark::AddCustomContext("rows_kept", std::to_string(kept.names.size()) +
                                                   " rows measured by a run of these settings and library files that "
                                                   "was stopped before its end, from " + kept.first_utc + " on");
    }
  }

  static RunProgress progress(opt.terminal || isatty(STDOUT_FILENO) == 1);
  std::optional<NameFilter> guide_filter;
  if (opt.guide) {
    try {
      guide_filter.emplace(benchmark::GetBenchmarkFilter());
    } catch (const std::regex_error &e) {
      die("--benchmark_filter: bad regular expression '" + benchmark::GetBenchmarkFilter() + "': " + e.what());
    }
    benchmark::SetBenchmarkFilter("all");  // applied by register_rows, on the clean names
  }
  const std::vector<std::string> rows = register_rows(loaded.modules, campaign.sizes, settings, counter,
                                                      RowOptions{opt.guide, opt.rss, &kept.names},
                                                      guide_filter ? &*guide_filter : nullptr, &progress);

  // The campaign's end, added to the context before a JSON reporter writes it.
  bool ended = false;
  const auto end_of_run = [&ended] {
    if (ended) return;
    ended = true;
    benchmark::AddCustomContext("campaign_end", utc_now());
    benchmark::AddCustomContext("load_avg_end", load_average());
    benchmark::AddCustomContext("core_clock", core_clock_json(counter, settings.core_clock_start, probe_core_clock()));
  };
  benchmark::BenchmarkReporter *shown = benchmark::CreateDefaultDisplayReporter();
  const bool shown_json = dynamic_cast<benchmark::JSONReporter *>(shown) != nullptr;
  RunFacts facts;
  facts.cpu_model = fact(settings.environment, "cpu_model");
  facts.microarchitecture = fact(settings.environment, "microarchitecture");
  facts.pinned_cpu = cpu;
  facts.core_type = fact(settings.environment, "core_type");
  facts.core_name = core_name;
  facts.cycle_counter = counter.description();
  facts.cycle_source_reason = counter.fallback_reason();
  facts.counters = counters;
  facts.mode = mode;
  facts.rows = shown_rows(rows);
  facts.repetitions = opt.repetitions;
  facts.json_context = shown_json || (!out_file.empty() && out_format == "json");
  DisplayReporter shown_short(shown, short_context(facts), &progress);
  NgccReporter display(&shown_short, nullptr, opt.guide, shown_json ? end_of_run : std::function<void()>());
  std::unique_ptr<NgccReporter> file;
  if (!out_file.empty()) {
    std::unique_ptr<benchmark::BenchmarkReporter> inner;
    if (out_format == "json")
      inner = std::make_unique<benchmark::JSONReporter>();
    else
      inner = std::make_unique<benchmark::ConsoleReporter>(benchmark::ConsoleReporter::OO_None);
    benchmark::BenchmarkReporter *raw = inner.get();
    file = std::make_unique<NgccReporter>(raw, std::move(inner), opt.guide,
                                          out_format == "json" ? end_of_run : std::function<void()>());
  }
  if (file && journal) file->keep_rows(&*journal, kept.json);
  if (facts.rows == 0 && !kept.names.empty()) {
    // Google Benchmark writes nothing when no row is left: the kept rows are the run.
    std::printf("bench: every row is kept from %s; nothing is left to measure\n", opt.rows_journal.c_str());
    std::ofstream out(out_file);
    file->SetOutputStream(&out);
    file->SetErrorStream(&out);
    file->ReportContext(benchmark::BenchmarkReporter::Context());
    file->Finalize();
    if (!out.flush()) die(out_file + ": cannot be written");
    return 0;
  }
  progress.start(facts.rows * facts.repetitions);
  benchmark::RunSpecifiedBenchmarks(&display, file.get());
  benchmark::Shutdown();
  return 0;
}
