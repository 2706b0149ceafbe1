// The build's module manifest, <module dir>/ngcc_modules.json (schema
// ngcc-modules/1, written by CMake: cmake/NgccModule.cmake): the families as
// declared in candidates/<id>-<name>/candidate.json and every module built.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ngcc {

// One line "<file>: key '<key>': <what>".
class ManifestError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct DeclaredInstance {
  std::string name, kat_name, baseline;
  int digest_bits = 0, max_digest_bits = 0;
  bool xof = false;
};

struct DeclaredFamily {
  std::string directory, candidate_id, family, full_name;
  std::vector<DeclaredInstance> instances;
  bool implemented = true;  // false: declared only, no module of ours (docs/families.md)
};

struct BuiltModule {
  std::string target, file, instance, variant, implementation, kind, build_flags;
};

struct Manifest {
  std::string file;
  std::string families_json;  // the `families` array as compact JSON text
  std::vector<DeclaredFamily> families;
  std::vector<BuiltModule> modules;  // in build order
  std::vector<std::string> variants;  // every variant of the variants table (hashes/variants.json)

  // nullptr when not declared / not built.
  const DeclaredInstance *instance(const std::string &name, const DeclaredFamily **family = nullptr) const;
  const BuiltModule *module(const std::string &instance, const std::string &variant) const;
};

// Reads <module_dir>/ngcc_modules.json. Throws ManifestError.
Manifest load_manifest(const std::string &module_dir);
// The same from text; `file` names it in messages.
Manifest parse_manifest(const std::string &text, const std::string &file);

}  // namespace ngcc
