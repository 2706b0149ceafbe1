#include "library_plan.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ngcc {
namespace {

using nlohmann::json;

constexpr const char kSchema[] = "ngcc-plan/1";

// The keys of one library, each named with the file and the library's index.
class Reader {
 public:
  Reader(const std::string &file, std::size_t index)
      : where_(file + ": libraries[" + std::to_string(index) + "]: ") {}

  [[noreturn]] void fail(const std::string &key, const std::string &what) const {
    throw PlanError(where_ + "key '" + key + "': " + what);
  }

  const json &member(const json &library, const char *key) const {
    const auto it = library.find(key);
    if (it == library.end()) fail(key, "missing");
    return *it;
  }
  // `non_empty`: "" is refused too.
  std::string text(const json &library, const char *key, bool non_empty) const {
    const json &v = member(library, key);
    if (!v.is_string()) fail(key, std::string("expected a string, found ") + v.type_name());
    if (non_empty && v.get_ref<const std::string &>().empty()) fail(key, "expected a non-empty string");
    return v.get<std::string>();
  }
  int digest_bits(const json &library) const {
    const json &v = member(library, "digest_bits");
    const std::int64_t bits = v.is_number_integer() ? v.get<std::int64_t>() : 0;
    if (bits < 8 || bits > 8192 || bits % 8 != 0)
      fail("digest_bits", "expected an integer in 8..8192, a multiple of 8");
    return static_cast<int>(bits);
  }
  std::vector<std::string> names(const json &library, const char *key) const {
    const json &v = member(library, key);
    if (!v.is_array()) fail(key, std::string("expected an array of strings, found ") + v.type_name());
    std::vector<std::string> out;
    for (const json &name : v) {
      if (!name.is_string()) fail(key, std::string("expected an array of strings, found a ") + name.type_name());
      out.push_back(name.get<std::string>());
    }
    return out;
  }

 private:
  std::string where_;
};

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
    const Reader r(file, i);
    if (!e.is_object()) throw PlanError(file + ": libraries[" + std::to_string(i) + "]: expected an object");
    PlannedLibrary l;
    l.path = r.text(e, "path", true);
    l.kind = r.text(e, "kind", true);
    l.instance = r.text(e, "instance", true);
    l.kat_name = r.text(e, "kat_name", true);
    l.digest_bits = r.digest_bits(e);
    l.variant = r.text(e, "variant", true);
    l.required_extensions = r.names(e, "requires");
    l.flags = r.text(e, "flags", false);
    l.sha256 = r.text(e, "sha256", false);
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
