// Phase 1 of a KAT run: what each module is. A child loads the module, reads
// its ngcc_instance() and makes one valid call (can this CPU run it at all?);
// the parent turns those facts and what the caller said of a library
// (--library, --needs, --name, --digest-bits) into the module's identity, a
// SKIP, or the reason it cannot be run.
#pragma once

#include <string>

#include "kat_run.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::kat {

// What a describe child reports about a module (in shared memory).
struct ModuleFacts {
  int complete = 0;  // ngcc_instance() was read (or is absent)
  int has_info = 0, digest_bits = 0, unsupported_cpu = 0;
  // code_path names the extensions and, where the CPU lacks some, which.
  char name[128], kat_name[128], candidate_id[64], family[64], variant[64], code_path[512];
};

// In the child: fills `facts`; `digest_bits` 0 calls at ngcc_instance()'s width.
Verdict read_module_facts(CallWatch &watch, ModuleFacts &facts, const std::string &path, int digest_bits);

// The width the caller gave for `path` (--library, else --digest-bits), or 0.
int caller_digest_bits(const RunOptions &options, const std::string &path);

struct Identified {
  bool usable = false;      // its files can be run
  std::string setup_error;  // why nothing can be run ("" if it can, or is skipped)
};
// In the parent: `o` from the child's facts (and verdict) and the caller's words.
Identified identify(const ModuleFacts &facts, const Verdict &verdict, const RunOptions &options,
                    const std::string &path, ModuleOutcome &o);

// A library compiled for extensions this CPU lacks, or NGCC_CPU_DISABLE
// hides, is not called at all (it could only die of an illegal
// instruction): true, and `o` says so, for such a library.
bool skipped_for_its_extensions(const RunOptions &options, const std::string &path, ModuleOutcome &o);

}  // namespace ngcc::kat
