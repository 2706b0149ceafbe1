// What the bench measures: the instances and variants the build declares
// (manifest.hpp) and campaign.yaml's sizes, variant choice, extra baselines,
// overrides and libraries (format in campaign.yaml's header and README.md).
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>
#include <vector>

#include "common/cpu_features.hpp"
#include "module_manifest.hpp"

namespace ngcc::bench {

// One line "<file>:<line>: key '<key>': <what>" (or "<file>: ..." when no
// line applies, e.g. a missing file).
class CampaignError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct ModuleSpec {
  // candidate, baseline: ours, described by the manifest and ngcc_instance();
  // submitted: a campaign library implementing a declared instance;
  // external: a campaign library for a candidate the build does not declare.
  enum class Kind { kCandidate, kBaseline, kSubmitted, kExternal };
  Kind kind = Kind::kCandidate;
  std::string instance;  // parameter set, e.g. "CHIME-512"; a free-form library's name
  std::string variant;   // ref | opt | avx512 | openssl | a library's label | external
  std::string path;      // module file; "" when the manifest lists no such module
  std::string baseline;  // same-run baseline compared with, "" if none
  std::string candidate_id, family, full_name, kat_name;
  int digest_bits = 0;  // digest_len_bits passed to CryptHash (the KAT width)
  bool xof = false;
  // Libraries only: as the campaign states them.
  std::string build_flags, flags_source;
  CpuFeatures needs = 0;  // the extensions it was compiled for (cpu_features)
  int line = 0;  // campaign.yaml line of a library entry (1-based); 0 for ours

  std::string key() const { return instance + "/" + variant; }
  bool ours() const { return kind == Kind::kCandidate || kind == Kind::kBaseline; }
  const char *kind_name() const;
};

struct Campaign {
  std::string file;
  std::vector<std::uint64_t> sizes;
  // Candidates (declaration order, then variants), baselines (build order),
  // libraries (campaign order).
  std::vector<ModuleSpec> modules;
};

// Reads and validates `file` against the declarations of `manifest`; module
// paths are resolved against module_dir, library paths against the
// directory of `file`. Throws CampaignError.
Campaign load_campaign(const std::string &file, const Manifest &manifest, const std::string &module_dir);

}  // namespace ngcc::bench
