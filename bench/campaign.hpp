// campaign.yaml: what the bench measures (format documented in the file).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

namespace ngcc::bench {

// One-line message "<file>:<line>: key '<key>': <what>" (or "<file>: ..."
// when no line applies, e.g. a missing file).
class CampaignError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ModuleSpec {
  enum class Kind { kCandidate, kBaseline, kExternal };
  Kind kind = Kind::kCandidate;
  std::string name;     // instance name, e.g. "CHIME-512"
  std::string variant;  // ref | opt | openssl | external
  std::string path;     // module file (absolute or relative to the cwd)
  std::string baseline; // same-run baseline compared with, "" if none
  // External modules only (ours describe themselves via ngcc_instance()).
  std::string candidate_id, family;
  int digest_bits = 0;
  int line = 0;  // line in campaign.yaml (1-based), for messages

  std::string key() const { return name + "/" + variant; }
  const char *kind_name() const {
    return kind == Kind::kCandidate ? "candidate" : kind == Kind::kBaseline ? "baseline" : "external";
  }
};

struct Campaign {
  std::string file;
  std::vector<std::uint64_t> sizes;
  std::vector<ModuleSpec> modules;  // candidates, then baselines, then external
};

// Reads and validates `file`; module paths are resolved against module_dir
// (external paths against the directory of `file`). Throws CampaignError.
Campaign load_campaign(const std::string &file, const std::string &module_dir);

}  // namespace ngcc::bench
