// ngcc-kat's JSON (schema ngcc-kat/1): the outcome of a run, written as it
// goes, and read back as the earlier outcomes a rerun keeps (--resume). A
// kat.json that hashbench.results.merge_kat made has the same schema.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

#include "kat_run.hpp"

namespace ngcc::kat {

// What the document says of the run besides its modules.
struct RunRecord {
  std::string command;
  unsigned jobs = 0;
  bool complete = false;  // false: the run did not end (still running, stopped, or killed)
};

// Replaces `path` in one step (a temporary file beside it, renamed over it),
// so a run killed at any moment leaves the last complete document.
void write_kat_json(const std::string &path, const RunResult &result, const RunRecord &run);

// One line naming the file and what is wrong with it.
class KatJsonError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// Every file outcome of the document at `path`, with the module it is of.
std::vector<EarlierFile> read_earlier_files(const std::string &path);

}  // namespace ngcc::kat
