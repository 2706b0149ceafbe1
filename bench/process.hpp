// Runs a child process to completion, capturing stdout and stderr.
#pragma once

#include <string>
#include <vector>

namespace ngcc::bench {

struct ProcessResult {
  int exit_code = -1;      // exit status, or -signal when killed by a signal
  bool timed_out = false;  // killed after timeout_s
  std::string out, err;
  double wall_s = 0;
};

// The words of $NGCC_EMULATOR, e.g. "qemu-aarch64 -L /sysroot" (empty when
// unset): a cross build runs target executables behind them.
std::vector<std::string> emulator_prefix();

// argv[0] is the executable path (run behind emulator_prefix()). timeout_s <= 0 means no limit (the limit
// only catches hangs; it never shortens a measurement that finishes).
ProcessResult run_process(const std::vector<std::string> &argv, double timeout_s);

}  // namespace ngcc::bench
