// A run's library plan (schema ngcc-plan/1): every library one run takes, in
// order, and what each is. hashbench.plan writes it (tools/ngcc kat, ct, field)
// from a build's module manifest and campaign files; ngcc-kat --plan reads it.
#pragma once

#include <stdexcept>
#include <string>
#include <vector>

namespace ngcc {

// One line "<file>: libraries[<i>]: key '<key>': <what>".
class PlanError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

struct PlannedLibrary {
  std::string path, kind, instance, kat_name, variant, flags, sha256;
  int digest_bits = 0;
  std::vector<std::string> required_extensions;  // "requires": named as in common/cpu_features.hpp
  // A module of our build says what it is (ngcc_instance() and the
  // ngcc_modules.json beside it); a library of any other kind ("submitted",
  // "baseline") is what the plan says.
  bool describes_itself() const { return kind == "candidate"; }
};

struct LibraryPlan {
  std::string file;
  std::vector<PlannedLibrary> libraries;  // in the plan's order
};

// Reads the plan at `path`. Throws PlanError.
LibraryPlan load_library_plan(const std::string &path);
// The same from text; `file` names it in messages.
LibraryPlan parse_library_plan(const std::string &text, const std::string &file);

}  // namespace ngcc
