// Canonical SHA-256 of a KAT text (docs/kat-procedure.md §8.3) and the manifests that
// list it (§8.2): "<sha256> <mode> <label>/<file name>" per line.
#pragma once

#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "kat_files.hpp"

namespace ngcc::kat {

// Split at LF, delete CR, strip trailing blanks, drop empty lines, hash each
// remaining line followed by one LF. Fed incrementally; no file is needed.
class CanonicalSha256 : public TextSink {
 public:
  CanonicalSha256();
  ~CanonicalSha256() override;
  void write(std::string_view text) override;
  std::string hex_digest();  // lower case, as in the manifests; ends the stream

 private:
  void end_line();
  std::string line_;
  struct Ctx;
  std::unique_ptr<Ctx> ctx_;
};

struct ManifestEntry {
  std::string sha256;  // lower-case hex
  std::string mode;    // "strict" (the only mode the five manifests use)
  std::string entry;   // "<label>/<file name>"
  std::string source;  // manifest file:line
};

// Entries keyed by file name (KAT_<kind>_<ALGORITHM_INSTANCE>.txt).
class Manifests {
 public:
  // `path` is a manifest file, or a directory of *.sha256 files or of
  // candidate directories holding kat.sha256 (candidates/). Throws
  // std::runtime_error naming file and line on a malformed line.
  static Manifests load(const std::string &path);
  std::optional<ManifestEntry> find(const std::string &file_name) const;
  bool empty() const { return entries_.empty(); }
  const std::string &path() const { return path_; }  // as given to load()
  // The ALGORITHM_INSTANCE names of the listed files, sorted, each once.
  std::vector<std::string> instance_names() const;

 private:
  void add_file(const std::string &file);
  std::string path_;
  std::map<std::string, ManifestEntry> entries_;
};

}  // namespace ngcc::kat
