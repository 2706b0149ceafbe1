// Loading and checking every module of a campaign before anything is
// measured: nothing is skipped silently, and nothing that misbehaves is timed.
#pragma once

#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

#include "campaign.hpp"
#include "target.hpp"

namespace ngcc::bench {

// One line naming the module (and the campaign line of a library) and what
// was wrong; the run stops before any measurement.
class ModuleError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// A module left out: ours not built (only with allow_missing), a module
// built for extensions this CPU lacks or NGCC_CPU_DISABLE hides, one whose
// CryptHash says this CPU cannot run it (NGCC_ERR_UNSUPPORTED_CPU).
struct SkippedModule {
  std::string key;    // <instance>/<variant>
  std::string why;    // in full, as the context's skipped_modules records it
  std::string cause;  // what modules skipped alike share: "not built", or
                      // unsupported_reason()'s "not supported by this CPU, which lacks AVX512F"
};

struct LoadedCampaign {
  std::vector<std::unique_ptr<LoadedModule>> modules;
  std::vector<SkippedModule> skipped;  // in campaign order
};

// Loads every module of `c`; then, in a guarded child process, calls its
// CryptHash at every campaign size and every bit length up to 1024 (and 2^20
// bits) with the width it is measured at, messages and digests against guard
// pages. A module of ours that is not built is an error unless
// allow_missing; every other failure (a library missing, not loadable,
// without CryptHash, rejecting its width, returning an error, writing past
// its digest, reading past or writing into its message, crashing, ending the
// process; a module that is not what the manifest says) throws ModuleError.
// Call it before any other thread runs (the checks fork).
LoadedCampaign load_modules(const Campaign &c, bool allow_missing);

}  // namespace ngcc::bench
