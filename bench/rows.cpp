#include "rows.hpp"

#include <benchmark/benchmark.h>
#include <time.h>

#include <algorithm>
#include <map>
#include <string>
#include <utility>

#include "core_clock.hpp"
#include "driver_client.hpp"
#include "guide.hpp"
#include "memory_probe.hpp"
#include "message.hpp"

namespace ngcc::bench {
namespace {

// Memory figures of one (module, size), computed once per process.
MemoryFigures memory_figures(const RunSettings &s, const LoadedModule &m, std::uint64_t bytes, bool rss,
                             RunProgress *progress) {
  static std::map<std::pair<const LoadedModule *, std::uint64_t>, MemoryFigures> cache;
  const auto key = std::make_pair(&m, bytes);
  const auto it = cache.find(key);
  if (it != cache.end()) return it->second;
  MemoryFigures f;
  f.static_bytes = m.static_bytes;
  const MeasuringBuffers buffers(bytes, m.spec.digest_bits);
  const auto hash = [&] { m.module.hash(m.spec.digest_bits, buffers.message(), bytes * 8, buffers.digest()); };
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
      progress->line("bench: warning: RSS probe of " + m.spec.key() + "/" + std::to_string(bytes) +
                         " failed: " + r.error, true);
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

// core_cycles, cpb_core and the probe figures (SCHEMA.md §2). counted_cycles:
// the real core cycles of the loops where a hardware counter counted them,
// else negative.
void set_core_counters(benchmark::State &state, const CoreCycleTally &core, double counted_cycles, double calls,
                       std::uint64_t bytes) {
  if (!core.valid() || calls <= 0) return;
  const double estimated = core.estimated() / calls;
  const double cycles = counted_cycles >= 0 ? counted_cycles / calls : estimated;
  state.counters["core_cycles"] = cycles;
  state.counters["cpb_core"] = cycles / static_cast<double>(bytes);
  if (counted_cycles >= 0) state.counters["core_cycles_estimated"] = estimated;
  state.counters["core_per_tsc"] = core.core_per_tsc();
  state.counters["core_clock_disagreement"] = core.disagreement();
  state.counters["core_clock_flag"] = core.flagged() ? 1 : 0;
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
// brackets the whole timed loop, the core clock probes bracket the readings.
void run_default(benchmark::State &state, const Bench b, const CycleCounter &counter,
                 const RunSettings &s, bool rss, RunProgress *progress) {
  const LoadedModule &m = *b.m;
  const MemoryFigures f = memory_figures(s, m, b.bytes, rss, progress);
  const MeasuringBuffers buffers(b.bytes, m.spec.digest_bits);
  const std::uint8_t *msg = buffers.message();
  std::uint8_t *digest = buffers.digest();
  const ngcc_crypthash_fn fn = m.module.crypt_hash();
  const int width = m.spec.digest_bits;
  const unsigned long long bits = b.bytes * 8;
  const std::uint64_t w0 = counter.read();
  const int rc = fn(width, msg, bits, digest);
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
  const CoreClockReading before = probe_core_clock();
  const double cpu0 = thread_cpu_seconds();
  const std::uint64_t tsc0 = read_tsc();
  const std::uint64_t c0 = counter.read();
  while (state.KeepRunningBatch(static_cast<benchmark::IterationCount>(period))) {
    for (std::uint64_t i = 1; i < period; ++i) fn(width, msg, bits, digest);
    const std::uint64_t t0 = counter.read();
    fn(width, msg, bits, digest);
    best = std::min(best, counter.read() - t0);
  }
  const std::uint64_t c1 = counter.read();
  const std::uint64_t tsc1 = read_tsc();
  const double cpu1 = thread_cpu_seconds();
  const CoreClockReading after = probe_core_clock();
  const double calls = static_cast<double>(state.iterations());
  CoreCycleTally core;
  core.add(static_cast<double>(tsc1 - tsc0), before, after);
  const bool counted = counter.source() == CycleCounter::Source::kPerfCycles;
  set_core_counters(state, core, counted ? static_cast<double>(c1 - c0) : -1, calls, b.bytes);
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
void run_guide_row(benchmark::State &state, const Bench b, const RunSettings &s, RunProgress *progress) {
  const LoadedModule &m = *b.m;
  MemoryFigures f = memory_figures(s, m, b.bytes, false, progress);
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
  state.counters["digest_bits"] = m.spec.digest_bits;
  state.counters["trials"] = g.trials;
  state.counters["iterations_per_trial"] = static_cast<double>(g.plan.iterations_per_trial);
  state.counters["warmups"] = static_cast<double>(g.plan.warmups);
  state.counters["t1_seconds"] = g.t1;
  state.counters["median_trial_cycles"] = g.median_trial_cycles;
  state.counters["median_trial_seconds"] = g.median_trial_seconds;
  state.counters["min_trial_seconds"] = g.min_trial_seconds;
  state.counters["max_trial_seconds"] = g.max_trial_seconds;
  state.counters["disturbed_retries"] = g.disturbed_retries;
  const bool counted = s.cycle_source == "perf";
  set_core_counters(state, g.core, counted ? g.mean_cycles * static_cast<double>(g.calls) : -1,
                    static_cast<double>(g.calls), b.bytes);
  set_memory_counters(state, f);
  if (!g.record_path.empty()) progress->line("guide: record " + g.record_path, true);
}

}  // namespace

std::vector<std::string> register_rows(const std::vector<std::unique_ptr<LoadedModule>> &modules,
                                       const std::vector<std::uint64_t> &sizes, const RunSettings &settings,
                                       const CycleCounter &counter, RowOptions options,
                                       const NameFilter *guide_filter, RunProgress *progress) {
  std::vector<std::string> names;
  for (const auto &m : modules) {
    for (const std::uint64_t bytes : sizes) {
      const std::string name = m->spec.key() + "/" + std::to_string(bytes);
      if (options.kept != nullptr && options.kept->count(name) > 0) continue;
      const Bench b{m.get(), bytes};
      if (options.guide) {
        if (guide_filter != nullptr && !guide_filter->matches(name)) continue;
        benchmark::RegisterBenchmark(name.c_str(), [b, name, &settings, progress](benchmark::State &st) {
          progress->call_starts(name, st.max_iterations);
          run_guide_row(st, b, settings, progress);
        })->Iterations(1)->UseManualTime()->Unit(benchmark::kNanosecond);
      } else {
        const bool rss = options.rss;
        benchmark::RegisterBenchmark(name.c_str(), [b, name, &counter, &settings, rss, progress](benchmark::State &st) {
          progress->call_starts(name, st.max_iterations);
          run_default(st, b, counter, settings, rss, progress);
        })->Unit(benchmark::kNanosecond);
      }
      names.push_back(name);
    }
  }
  return names;
}

}  // namespace ngcc::bench
