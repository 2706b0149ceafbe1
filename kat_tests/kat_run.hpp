// The official KAT files of many modules in one run (docs/architecture.md §3).
//
// Every library call runs in a supervised child process (guarded_call.hpp):
// one child per job, at most `jobs` at a time, the parent never loads a
// module itself. A job is one module's 2_12 or 2_23 file, one record of its
// 2_33 file (the three records are independent messages, docs/kat-procedure.md §5.3), or
// its Loop file; each child writes its digests into memory shared with the
// parent, which writes the text files, checks them against the manifests
// and prints progress.
//
// Long messages are made once per run, in the parent, before the first job
// of their kind: the 2_33 random message is drawn with `jobs` threads and every child maps
// the same read-only pages (fork), so memory stays at 2 GiB (all-one and
// random; the all-zero message is untouched memory) however many children
// run. A file per build (a message cache) was not needed: one draw costs
// less than a minute of the run and nothing can go stale.
//
// Jobs run quick files first (2_12, 2_23: they measure each module's speed),
// then, the 2_33 message drawn, the long jobs, longest predicted first,
// which keeps every core busy to the end and gives the ETA.
//
// Nothing finished is lost: the caller hears of every file as it ends
// (RunOptions::on_progress), a run can be stopped early (RunOptions::stop:
// the running children are ended, the finished files kept), and a file whose
// outcome an earlier run already gave (RunOptions::earlier) is not run again.
#pragma once

#include <csignal>
#include <functional>
#include <stdexcept>
#include <string>
#include <map>
#include <vector>

#include "canonical.hpp"
#include "common/cpu_features.hpp"
#include "kat_files.hpp"

namespace ngcc::kat {

struct RunResult;

struct FileOutcome {
  Kind kind = Kind::k2_12;
  std::string file, path, status;  // status: PASS, FAIL or "no manifest"
  std::string canonical, expected, entry;
  std::string error;                   // what the library did, if it misbehaved
  std::vector<std::string> diagnosis;  // where a failing file first differs
  double seconds = 0;                  // time in its jobs (summed over 2_33 records)
  bool kept = false;                   // an earlier run's outcome, not run again
};

// A file's outcome in an earlier run, reused where it still holds: a PASS or
// FAIL of a module file with the same SHA-256, KAT name and width, against
// the manifest line of today, whose text file is still there.
struct EarlierFile {
  std::string module_sha256, kat_name;
  int digest_bits = 0;
  FileOutcome outcome;
};

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
  std::vector<EarlierFile> earlier;  // outcomes to reuse instead of running their files
  // Called with the outcome so far once the files to run are known (the
  // reused ones in it), then whenever a file ends.
  std::function<void(const RunResult &)> on_progress;
  // Non-zero (a signal handler sets it) ends the run early: no job starts,
  // running children are ended, the files finished are the outcome.
  const volatile std::sig_atomic_t *stop = nullptr;
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
  bool failed = false;       // a file FAILed or a library misbehaved
  bool interrupted = false;  // stopped early (RunOptions::stop)
  std::size_t files_planned = 0;  // files of usable modules to give an outcome of, reused ones included
  std::size_t files_ended = 0;    // of those, the files with an outcome (in modules)
  std::size_t files_kept = 0;     // of those, the outcomes reused from an earlier run
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
