#include "kat_speed.hpp"

#include <algorithm>

#include "common/bits.hpp"

namespace ngcc::kat {
namespace {

double bytes_2_12() {
  return record_bytes(Kind::k2_12, 0, record_count(Kind::k2_12));
}

}  // namespace

double record_bytes(Kind kind, std::size_t first, std::size_t last) {
  double bytes = 0;
  for (std::size_t r = first; r < last; ++r) bytes += static_cast<double>(bytes_for_bits(record_bits(kind, r)));
  return bytes;
}

void ModuleSpeed::learn(Kind kind, std::size_t first, std::size_t last, double seconds) {
  if (seconds <= 0) return;
  if (kind == Kind::k2_12) seconds_2_12_ = seconds;
  // A KAT_2_33 record (1 GiB) measures the rate better than KAT_2_23 (3 MiB).
  if (kind == Kind::k2_33 || (kind == Kind::k2_23 && long_file_rate_ == 0))
    long_file_rate_ = record_bytes(kind, first, last) / seconds;
}

ModuleSpeed ModuleSpeed::still_running(Kind kind, std::size_t first, std::size_t last, double seconds) const {
  ModuleSpeed bounded = *this;
  if (seconds <= predict(kind, first, last)) return bounded;
  if (kind == Kind::k2_12) {
    bounded.seconds_2_12_ = seconds;
  } else {
    const double calls = kind == Kind::Loop ? static_cast<double>(kLoopCalls) : 1;
    bounded.long_file_rate_ = calls * record_bytes(kind, first, last) / seconds;
  }
  return bounded;
}

double ModuleSpeed::bytes_per_second() const {
  if (long_file_rate_ > 0) return long_file_rate_;
  return seconds_2_12_ > 0 ? bytes_2_12() / seconds_2_12_ : 0;
}

double ModuleSpeed::predict(Kind kind, std::size_t first, std::size_t last) const {
  const double rate = bytes_per_second();
  const double bytes = record_bytes(kind, first, last);
  switch (kind) {
    case Kind::k2_12: return seconds_2_12_ > 0 ? seconds_2_12_ : 0.5;
    case Kind::k2_23: return rate > 0 ? bytes / rate : 0.5;
    case Kind::k2_33: return rate > 0 ? bytes / rate : 60;
    case Kind::Loop: {
      if (rate <= 0) return 20;
      // KAT_2_12's time beyond its bytes is the calls' own cost.
      const double per_call =
          std::max(0.0, (seconds_2_12_ - bytes_2_12() / rate) / static_cast<double>(record_count(Kind::k2_12)));
      return static_cast<double>(kLoopCalls) * (per_call + bytes / rate);
    }
  }
  return 1;
}

}  // namespace ngcc::kat
