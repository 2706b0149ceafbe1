#include "module_manifest.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

namespace ngcc {
namespace {

using nlohmann::json;

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const std::string &key, const std::string &what) const {
    throw ManifestError(file_ + ": key '" + key + "': " + what);
  }

  const json &member(const json &object, const std::string &where, const char *key, json::value_t type) const {
    const std::string at = where.empty() ? key : where + "." + key;
    const auto it = object.find(key);
    if (it == object.end()) fail(at, "missing key");
    const bool number = type == json::value_t::number_integer &&
                        (it->is_number_integer() || it->is_number_unsigned());
    if (!number && it->type() != type)
      fail(at, std::string("expected ") + name_of(type) + ", found " + it->type_name());
    return *it;
  }
  std::string text(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::string).get<std::string>();
  }
  int integer(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::number_integer).get<int>();
  }
  const json &array(const json &object, const std::string &where, const char *key) const {
    return member(object, where, key, json::value_t::array);
  }

 private:
  static const char *name_of(json::value_t t) {
    switch (t) {
      case json::value_t::string: return "a string";
      case json::value_t::array: return "an array";
      case json::value_t::boolean: return "a boolean";
      default: return "a number";
    }
  }
  std::string file_;
};

std::string index(const char *key, std::size_t i) { return std::string(key) + "[" + std::to_string(i) + "]"; }

}  // namespace

const DeclaredInstance *Manifest::instance(const std::string &name, const DeclaredFamily **family) const {
  for (const DeclaredFamily &f : families)
    for (const DeclaredInstance &i : f.instances)
      if (i.name == name) {
        if (family != nullptr) *family = &f;
        return &i;
      }
  return nullptr;
}

const BuiltModule *Manifest::module(const std::string &instance, const std::string &variant) const {
  for (const BuiltModule &m : modules)
    if (m.instance == instance && m.variant == variant) return &m;
  return nullptr;
}

Manifest parse_manifest(const std::string &text, const std::string &file) {
  json doc;
  try {
    doc = json::parse(text);
  } catch (const json::parse_error &e) {
    throw ManifestError(file + ": malformed JSON at byte " + std::to_string(e.byte) + " (rebuild: cmake writes it)");
  }
  const Reader r(file);
  if (!doc.is_object()) r.fail("(top level)", "expected an object");
  if (r.text(doc, "", "schema") != "ngcc-modules/1") r.fail("schema", "expected ngcc-modules/1");
  Manifest m;
  m.file = file;
  const json &families = r.array(doc, "", "families");
  m.families_json = families.dump();
  for (std::size_t i = 0; i < families.size(); ++i) {
    const std::string where = index("families", i);
    const json &f = families[i];
    if (!f.is_object()) r.fail(where, "expected an object");
    DeclaredFamily d{r.text(f, where, "directory"), r.text(f, where, "candidate_id"), r.text(f, where, "family"),
                     r.text(f, where, "full_name"), {}};
    const json &instances = r.array(f, where, "instances");
    for (std::size_t k = 0; k < instances.size(); ++k) {
      const std::string at = where + "." + index("instances", k);
      const json &e = instances[k];
      if (!e.is_object()) r.fail(at, "expected an object");
      d.instances.push_back({r.text(e, at, "name"), r.text(e, at, "kat_name"), r.text(e, at, "baseline"),
                             r.integer(e, at, "digest_bits"), r.integer(e, at, "max_digest_bits"),
                             r.member(e, at, "xof", json::value_t::boolean).get<bool>()});
    }
    if (f.contains("implemented")) d.implemented = r.member(f, where, "implemented", json::value_t::boolean).get<bool>();
    m.families.push_back(std::move(d));
  }
  const json &modules = r.array(doc, "", "modules");
  for (std::size_t i = 0; i < modules.size(); ++i) {
    const std::string where = index("modules", i);
    const json &e = modules[i];
    if (!e.is_object()) r.fail(where, "expected an object");
    m.modules.push_back({r.text(e, where, "target"), r.text(e, where, "file"), r.text(e, where, "instance"),
                         r.text(e, where, "variant"), r.text(e, where, "implementation"), r.text(e, where, "kind"),
                         r.text(e, where, "build_flags")});
  }
  const json &variants = r.array(doc, "", "variants");
  for (std::size_t i = 0; i < variants.size(); ++i) {
    if (!variants[i].is_string() || variants[i].get<std::string>().empty())
      r.fail(index("variants", i), "expected a variant name");
    m.variants.push_back(variants[i].get<std::string>());
  }
  return m;
}

Manifest load_manifest(const std::string &module_dir) {
  const std::string file = module_dir + "/ngcc_modules.json";
  std::ifstream in(file);
  if (!in)
    throw ManifestError(file + ": cannot open the module manifest: " + std::strerror(errno) +
                        " (--ngcc_module_dir names a build's modules directory)");
  std::ostringstream text;
  text << in.rdbuf();
  return parse_manifest(text.str(), file);
}

}  // namespace ngcc
