#include "cycle_counter.hpp"

#include <linux/perf_event.h>
#include <sys/ioctl.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <utility>

namespace ngcc::bench {

std::uint64_t read_tsc() {
#if defined(__x86_64__) || defined(__i386__)
  std::uint32_t lo, hi;
  __asm__ __volatile__("rdtsc" : "=a"(lo), "=d"(hi));
  return (static_cast<std::uint64_t>(hi) << 32) | lo;
#elif defined(__aarch64__)
  std::uint64_t v;
  __asm__ __volatile__("mrs %0, cntvct_el0" : "=r"(v));
  return v;
#else
  return 0;
#endif
}

const char *tsc_name() {
#if defined(__x86_64__) || defined(__i386__)
  return "rdtsc";
#elif defined(__aarch64__)
  return "cntvct_el0";
#else
  return "none";
#endif
}

const char *tsc_frequency_source() {
#if defined(__aarch64__)
  return "cntfrq_el0";
#else
  return "measured against CLOCK_MONOTONIC_RAW";
#endif
}

namespace {

double monotonic_raw_seconds() {
  timespec ts{};
  clock_gettime(CLOCK_MONOTONIC_RAW, &ts);
  return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) * 1e-9;
}

// perf_event_open(PERF_COUNT_HW_CPU_CYCLES) for this thread, user mode only
// (exclude_kernel, exclude_hv), as the published driver. -1 and errno on failure.
int open_perf_cycles() {
  perf_event_attr attr{};
  attr.type = PERF_TYPE_HARDWARE;
  attr.size = sizeof(attr);
  attr.config = PERF_COUNT_HW_CPU_CYCLES;
  attr.exclude_kernel = 1;
  attr.exclude_hv = 1;
  attr.disabled = 1;
  const long fd = syscall(SYS_perf_event_open, &attr, 0, -1, -1, 0);
  if (fd < 0) return -1;
  ioctl(static_cast<int>(fd), PERF_EVENT_IOC_RESET, 0);
  if (ioctl(static_cast<int>(fd), PERF_EVENT_IOC_ENABLE, 0) != 0) {
    const int saved = errno;
    close(static_cast<int>(fd));
    errno = saved;
    return -1;
  }
  return static_cast<int>(fd);
}

std::uint64_t read_perf(int fd) {
  std::uint64_t value = 0;
  if (::read(fd, &value, sizeof value) != static_cast<ssize_t>(sizeof value)) return 0;
  return value;
}

}  // namespace

double measure_tsc_hz(double seconds) {
#if defined(__aarch64__)
  // The generic timer states its own frequency.
  std::uint64_t freq;
  __asm__ __volatile__("mrs %0, cntfrq_el0" : "=r"(freq));
  if (freq != 0) return static_cast<double>(freq);
#endif
  const double t0 = monotonic_raw_seconds();
  const std::uint64_t c0 = read_tsc();
  double t1 = t0;
  while (t1 - t0 < seconds) t1 = monotonic_raw_seconds();
  const std::uint64_t c1 = read_tsc();
  return static_cast<double>(c1 - c0) / (t1 - t0);
}

CycleCounter CycleCounter::open(bool force_tsc, double tsc_hz) {
  CycleCounter c;
  c.tsc_hz_ = tsc_hz > 0 ? tsc_hz : measure_tsc_hz();
  if (force_tsc) {
    c.reason_ = "TSC requested";
    return c;
  }
  const int fd = open_perf_cycles();
  if (fd < 0) {
    c.reason_ = std::string("perf_event_open(PERF_COUNT_HW_CPU_CYCLES): ") + std::strerror(errno);
    return c;
  }
  // Some hypervisors accept the event but never count: check it moves.
  const std::uint64_t a = read_perf(fd);
  volatile std::uint64_t sink = 0;
  for (int i = 0; i < 100000; ++i) sink = sink + static_cast<std::uint64_t>(i);
  const std::uint64_t b = read_perf(fd);
  if (b <= a) {
    close(fd);
    c.reason_ = "perf_event_open(PERF_COUNT_HW_CPU_CYCLES): counter does not advance";
    return c;
  }
  c.perf_fd_ = fd;
  c.source_ = Source::kPerfCycles;
  return c;
}

CycleCounter::CycleCounter(CycleCounter &&o) noexcept
    : source_(o.source_),
      perf_fd_(std::exchange(o.perf_fd_, -1)),
      reason_(std::move(o.reason_)),
      tsc_hz_(o.tsc_hz_) {}

CycleCounter::~CycleCounter() {
  if (perf_fd_ >= 0) close(perf_fd_);
}

std::string CycleCounter::description() const {
  if (source_ == Source::kPerfCycles) return "PERF_COUNT_HW_CPU_CYCLES (user mode, counted)";
  char ghz[32];
  std::snprintf(ghz, sizeof ghz, "%.4f", tsc_hz_ / 1e9);
  return std::string(tsc_name()) + " ticks at " + ghz + " GHz (" + tsc_frequency_source() +
         "); core cycles estimated with the core-clock probe";
}

std::uint64_t CycleCounter::read() const {
  return source_ == Source::kPerfCycles ? read_perf(perf_fd_) : read_tsc();
}

}  // namespace ngcc::bench
