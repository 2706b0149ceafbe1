// How long one module's KAT jobs take, learnt from that module's own jobs:
// the run starts the longest first and the console's ETA is their sum.
#pragma once

#include <cstddef>

#include "kat_files.hpp"

namespace ngcc::kat {

// The message bytes of records [first, last) of a file, per call.
double record_bytes(Kind kind, std::size_t first, std::size_t last);

class ModuleSpeed {
 public:
  // A job over records [first, last) of `kind` ended after `seconds`.
  void learn(Kind kind, std::size_t first, std::size_t last, double seconds);
  // The same module, knowing that such a job has already run for `seconds`
  // without ending: it is at most that fast.
  ModuleSpeed still_running(Kind kind, std::size_t first, std::size_t last, double seconds) const;
  // Seconds the job will take.
  double predict(Kind kind, std::size_t first, std::size_t last) const;

 private:
  // Learnt from a long file; else KAT_2_12's bytes over its time (its calls'
  // overhead included, so the estimate errs long); 0 before any.
  double bytes_per_second() const;

  double long_file_rate_ = 0;  // bytes per second of a KAT_2_23 or KAT_2_33 job
  double seconds_2_12_ = 0;
};

}  // namespace ngcc::kat
