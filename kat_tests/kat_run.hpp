// The official KAT files of many modules in one run (DESIGN.md §3).
//
// Every library call runs in a supervised child process (guarded_call.hpp):
// one child per job, at most `jobs` at a time, the parent never loads a
// module itself. A job is one module's 2_12 or 2_23 file, one record of its
// 2_33 file (the three records are independent messages, api-kat.md §5.3), or
// its Loop file; each child writes its digests into memory shared with the
// parent, which writes the text files, checks them against the manifests
// and prints progress.
//
// Long messages are made once per run, before the first job, in the parent:
// the 2_33 random message is drawn with `jobs` threads and every child maps
// the same read-only pages (fork), so memory stays at 2 GiB (all-one and
// random; the all-zero message is untouched memory) however many children
// run. A file per build (a message cache) was not needed: one draw costs
// less than a minute of the run and nothing can go stale.
//
// Jobs run quick files first (2_12, 2_23: they measure each module's speed),
// then the long jobs, longest predicted first, which keeps every core busy
// to the end and gives the ETA.
#pragma once

#include <stdexcept>
#include <string>
#include <map>
#include <vector>

#include "canonical.hpp"
#include "common/cpu_features.hpp"
#include "kat_files.hpp"

namespace ngcc::kat {

struct RunOptions {
  std::vector<Kind> kinds;
  std::string out_dir;       // files go to <out_dir>/<library stem>/
  unsigned jobs = 1;         // child processes at a time, and threads of the 2_33 draw
  std::string name;          // ALGORITHM_INSTANCE of every module ("": from ngcc_instance())
  int digest_bits = 0;       // 0: from ngcc_instance()
  bool no_manifest = false;  // a file without a manifest line is not an error
  // Libraries described by the caller (--library), by path: they take these
  // over --name, --digest-bits and whatever ngcc_instance() they export.
  struct Library {
    std::string kat_name, variant;
    int digest_bits = 0;
    CpuFeatures needs = 0;  // the extensions it was compiled for (its -m flags)
  };
  std::map<std::string, Library> libraries;
};

struct FileOutcome {
  Kind kind = Kind::k2_12;
  std::string file, path, status;  // status: PASS, FAIL or "no manifest"
  std::string canonical, expected, entry;
  std::string error;                   // what the library did, if it misbehaved
  std::vector<std::string> diagnosis;  // where a failing file first differs
  double seconds = 0;                  // time in its jobs (summed over 2_33 records)
};

struct ModuleOutcome {
  std::string path, stem, sha256;
  bool has_info = false;  // exports ngcc_instance()
  std::string name, kat_name, candidate_id, family, variant, code_path;
  int digest_bits = 0;
  std::string skipped;  // why its files were not run (the CPU lacks what it needs)
  std::vector<FileOutcome> files;
};

struct RunResult {
  std::vector<ModuleOutcome> modules;  // those under test, in the order given
  double wall_seconds = 0;
  bool failed = false;  // a file FAILed or a library misbehaved
};

// A module cannot be run at all (not loadable, no CryptHash, no name, no
// manifest line): one line per module, nothing was run.
class SetupError : public std::runtime_error {
 public:
  explicit SetupError(std::vector<std::string> lines);
  const std::vector<std::string> lines;
};

// `references`: modules run only when a file of the same instance fails, to
// say where it first differs.
RunResult run_kats(const std::vector<std::string> &modules, const std::vector<std::string> &references,
                   const RunOptions &options, const Manifests &manifests);

}  // namespace ngcc::kat
