#include "module_manifest.hpp"

#include <nlohmann/json.hpp>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sstream>

#include "json_fields.hpp"

namespace ngcc {

using nlohmann::json;

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
  const JsonFields<ManifestError> r(file + ": ");
  if (!doc.is_object()) r.fail("(top level)", "expected an object");
  if (r.text(doc, "", "schema") != "ngcc-modules/1") r.fail("schema", "expected ngcc-modules/1");
  Manifest m;
  m.file = file;
  const json &families = r.array(doc, "", "families");
  m.families_json = families.dump();
  for (std::size_t i = 0; i < families.size(); ++i) {
    const std::string where = json_index("families", i);
    const json &f = families[i];
    if (!f.is_object()) r.fail(where, "expected an object");
    DeclaredFamily d{r.text(f, where, "directory"), r.text(f, where, "candidate_id"), r.text(f, where, "family"),
                     r.text(f, where, "full_name"), {}};
    const json &instances = r.array(f, where, "instances");
    for (std::size_t k = 0; k < instances.size(); ++k) {
      const std::string at = where + "." + json_index("instances", k);
      const json &e = instances[k];
      if (!e.is_object()) r.fail(at, "expected an object");
      d.instances.push_back({r.text(e, at, "name"), r.text(e, at, "kat_name"), r.text(e, at, "baseline"),
                             r.integer(e, at, "digest_bits"), r.integer(e, at, "max_digest_bits"),
                             r.boolean(e, at, "xof")});
    }
    if (f.contains("implemented")) d.implemented = r.boolean(f, where, "implemented");
    m.families.push_back(std::move(d));
  }
  const json &modules = r.array(doc, "", "modules");
  for (std::size_t i = 0; i < modules.size(); ++i) {
    const std::string where = json_index("modules", i);
    const json &e = modules[i];
    if (!e.is_object()) r.fail(where, "expected an object");
    m.modules.push_back({r.text(e, where, "target"), r.text(e, where, "file"), r.text(e, where, "instance"),
                         r.text(e, where, "variant"), r.text(e, where, "implementation"), r.text(e, where, "kind"),
                         r.text(e, where, "build_flags")});
  }
  m.variants = r.strings(doc, "", "variants", true);
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
