// ngcc-driver: one measuring process, the counterpart of the published
// ngcc_perf (docs/method.md "Timing", "Memory"). The bench starts it for the
// RSS proxies (a fresh process per instance and size) and for every
// --ngcc_guide trial.
//
//   ngcc-driver MODULE DIGEST_BITS BYTES ITERS WARMUPS TRIALS [--tsc-hz=HZ] [--cpu=N]
//
// Output, tab-separated, one record per line:
//   TRIAL <k> <calls> <seconds> <cycles> <cpu_seconds> <tsc_ticks> <core_per_tsc_before> <core_per_tsc_after>
//   META <key> <value>
//   STATUS complete|failed
// Exit status 0 on success, 2 on bad arguments or an unloadable module,
// 3 when CryptHash returns non-zero.
#include <sched.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <string>
#include <vector>

#include "core_clock.hpp"
#include "cycle_counter.hpp"
#include "message.hpp"
#include "ngcc/module_loader.hpp"

namespace {

using ngcc::bench::CycleCounter;

double now(clockid_t clock) {
  timespec ts{};
  clock_gettime(clock, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

long resident_bytes() {  // /proc/self/statm resident pages × page size
  std::ifstream in("/proc/self/statm");
  long size = 0, resident = 0;
  in >> size >> resident;
  return resident * sysconf(_SC_PAGESIZE);
}

long peak_rss_bytes() {  // VmHWM × 1024
  std::ifstream in("/proc/self/status");
  std::string key;
  while (in >> key) {
    if (key == "VmHWM:") {
      long kib = 0;
      in >> kib;
      return kib * 1024;
    }
    in.ignore(1 << 12, '\n');
  }
  return 0;
}

bool parse_u64(const char *s, unsigned long long lo, unsigned long long hi, unsigned long long *out) {
  char *end = nullptr;
  errno = 0;
  const unsigned long long v = std::strtoull(s, &end, 10);
  if (errno != 0 || end == s || *end != '\0' || s[0] == '-' || v < lo || v > hi) return false;
  *out = v;
  return true;
}

int usage(const char *why) {
  std::fprintf(stderr,
               "ngcc-driver: %s\nusage: ngcc-driver MODULE DIGEST_BITS BYTES ITERS WARMUPS TRIALS "
               "[--tsc-hz=HZ] [--cpu=N]\n",
               why);
  return 2;
}

}  // namespace

int main(int argc, char **argv) {
  if (argc < 7) return usage("missing arguments");
  unsigned long long digest_bits, bytes, iters, warmups, trials;
  if (!parse_u64(argv[2], 8, 65536, &digest_bits) || digest_bits % 8 != 0)
    return usage("DIGEST_BITS must be a multiple of 8 in [8, 65536]");
  if (!parse_u64(argv[3], 0, 16u << 20, &bytes)) return usage("BYTES must be in [0, 16777216]");
  if (!parse_u64(argv[4], 1, 1u << 30, &iters)) return usage("ITERS must be in [1, 2^30]");
  if (!parse_u64(argv[5], 0, 1000, &warmups)) return usage("WARMUPS must be in [0, 1000]");
  if (!parse_u64(argv[6], 1, 100, &trials)) return usage("TRIALS must be in [1, 100]");
  double tsc_hz = 0;
  long cpu = -1;
  for (int i = 7; i < argc; ++i) {
    if (std::strncmp(argv[i], "--tsc-hz=", 9) == 0) {
      tsc_hz = std::atof(argv[i] + 9);
    } else if (std::strncmp(argv[i], "--cpu=", 6) == 0) {
      unsigned long long c;
      if (!parse_u64(argv[i] + 6, 0, CPU_SETSIZE - 1, &c)) return usage("bad --cpu");
      cpu = static_cast<long>(c);
    } else {
      return usage((std::string("unknown option ") + argv[i]).c_str());
    }
  }
  if (cpu >= 0) {
    cpu_set_t set;
    CPU_ZERO(&set);
    CPU_SET(static_cast<int>(cpu), &set);
    if (sched_setaffinity(0, sizeof set, &set) != 0) {
      std::fprintf(stderr, "ngcc-driver: cannot pin to CPU %ld: %s\n", cpu, std::strerror(errno));
      return 2;
    }
  }

  std::optional<ngcc::Module> loaded;
  try {
    loaded.emplace(ngcc::Module::load(argv[1]));
  } catch (const ngcc::LoadError &e) {
    std::fprintf(stderr, "ngcc-driver: %s\n", e.what());
    return 2;
  }
  const ngcc::Module &module = *loaded;
  const CycleCounter counter = CycleCounter::open(false, tsc_hz);
  const ngcc::bench::MeasuringBuffers buffers(bytes, static_cast<int>(digest_bits));
  const std::uint8_t *msg = buffers.message();
  std::uint8_t *digest = buffers.digest();
  const int width = static_cast<int>(digest_bits);
  const std::uint64_t msg_bits = bytes * 8;
  const long baseline_rss = resident_bytes();

  auto meta = [](const char *key, const std::string &value) {
    std::printf("META\t%s\t%s\n", key, value.c_str());
  };
  auto fail = [&](int rc) {
    std::fprintf(stderr, "ngcc-driver: %s: CryptHash(%d, msg, %llu) returned %d\n", argv[1], width,
                 static_cast<unsigned long long>(msg_bits), rc);
    std::printf("STATUS\tfailed\n");
    return 3;
  };
  // The first call's return code is checked: as the first warm-up call, or
  // (no warm-ups, e.g. calibration) as the first timed call.
  if (warmups > 0) {
    const int rc = module.hash(width, msg, msg_bits, digest);
    if (rc != 0) return fail(rc);
    for (unsigned long long w = 1; w < warmups; ++w) module.hash(width, msg, msg_bits, digest);
  }

  // The core clock probes sit outside the timed loop, as the readings do.
  for (unsigned long long t = 1; t <= trials; ++t) {
    const ngcc::bench::CoreClockReading before = ngcc::bench::probe_core_clock();
    const double cpu0 = now(CLOCK_THREAD_CPUTIME_ID);
    const double t0 = now(CLOCK_MONOTONIC_RAW);
    const std::uint64_t tsc0 = ngcc::bench::read_tsc();
    const std::uint64_t c0 = counter.read();
    const int rc = module.hash(width, msg, msg_bits, digest);
    for (unsigned long long i = 1; i < iters; ++i) module.hash(width, msg, msg_bits, digest);
    const std::uint64_t c1 = counter.read();
    const std::uint64_t tsc1 = ngcc::bench::read_tsc();
    const double t1 = now(CLOCK_MONOTONIC_RAW);
    const double cpu1 = now(CLOCK_THREAD_CPUTIME_ID);
    const ngcc::bench::CoreClockReading after = ngcc::bench::probe_core_clock();
    if (rc != 0) return fail(rc);
    std::printf("TRIAL\t%llu\t%llu\t%.9f\t%llu\t%.9f\t%llu\t%.6f\t%.6f\n", t, iters, t1 - t0,
                static_cast<unsigned long long>(c1 - c0), cpu1 - cpu0, static_cast<unsigned long long>(tsc1 - tsc0),
                before.core_per_tsc, after.core_per_tsc);
  }

  meta("operation", "hash");
  meta("input_bytes", std::to_string(bytes));
  meta("digest_bytes", std::to_string(digest_bits / 8));
  meta("baseline_rss_bytes", std::to_string(baseline_rss));
  meta("mode", "fixed_iterations");
  meta("cycle_source", counter.source_name());
  meta("cpu_cycles_available", counter.source() == CycleCounter::Source::kPerfCycles ? "1" : "0");
  meta("tsc_hz", std::to_string(counter.tsc_hz()));
  meta("timing_scope", "loop");
  meta("warmups", std::to_string(warmups));
  meta("measurement_count", std::to_string(iters * trials));
  meta("guide_100_measurements", iters * trials >= 100 ? "1" : "0");
  meta("cpu_number", std::to_string(sched_getcpu()));
  meta("peak_rss_bytes", std::to_string(peak_rss_bytes()));
  std::printf("STATUS\tcomplete\n");
  return 0;
}
