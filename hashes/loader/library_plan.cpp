#include "library_plan.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

#include "json_fields.hpp"

namespace ngcc {
namespace {

using nlohmann::json;

constexpr const char kSchema[] = "ngcc-plan/1";

// The width ngcc-kat and the bench can pass to CryptHash.
int digest_bits(const JsonFields<PlanError> &r, const json &library) {
  const json &v = r.member(library, "", "digest_bits");
  const std::int64_t bits = v.is_number_integer() ? v.get<std::int64_t>() : 0;
  if (bits < 8 || bits > 8192 || bits % 8 != 0) r.fail("digest_bits", "expected an integer in 8..8192, a multiple of 8");
  return static_cast<int>(bits);
}

}  // namespace

LibraryPlan parse_library_plan(const std::string &text, const std::string &file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error &e) {
    throw PlanError(file + ": not JSON: " + e.what());
  }
  if (!doc.is_object() || doc.value("schema", json()) != kSchema)
    throw PlanError(file + ": not a library plan (schema " + kSchema + ")");
  const auto libraries = doc.find("libraries");
  if (libraries == doc.end() || !libraries->is_array())
    throw PlanError(file + ": key 'libraries': expected an array");
  LibraryPlan plan;
  plan.file = file;
  for (std::size_t i = 0; i < libraries->size(); ++i) {
    const json &e = (*libraries)[i];
    const JsonFields<PlanError> r(file + ": " + json_index("libraries", i) + ": ");
    if (!e.is_object()) throw PlanError(file + ": " + json_index("libraries", i) + ": expected an object");
    PlannedLibrary l;
    l.path = r.text(e, "", "path", true);
    l.kind = r.text(e, "", "kind", true);
    l.instance = r.text(e, "", "instance", true);
    l.kat_name = r.text(e, "", "kat_name", true);
    l.digest_bits = digest_bits(r, e);
    l.variant = r.text(e, "", "variant", true);
    l.required_extensions = r.strings(e, "", "requires");
    l.flags = r.text(e, "", "flags");
    l.sha256 = r.text(e, "", "sha256");
    plan.libraries.push_back(std::move(l));
  }
  return plan;
}

LibraryPlan load_library_plan(const std::string &path) {
  std::ifstream in(path);
  if (!in)
    throw PlanError(path + ": cannot open the library plan: " + std::strerror(errno) +
                    " (tools/ngcc kat and ct write one: hashbench.plan)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_library_plan(text.str(), path);
}

}  // namespace ngcc
