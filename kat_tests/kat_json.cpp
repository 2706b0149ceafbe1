#include "kat_json.hpp"

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>

namespace ngcc::kat {
namespace {

using Json = nlohmann::ordered_json;
constexpr char kSchema[] = "ngcc-kat/1";

Json module_json(const ModuleOutcome &m) {
  Json module = {{"module", m.stem},           {"path", m.path},         {"module_sha256", m.sha256},
                 {"name", m.name},             {"kat_name", m.kat_name}, {"candidate_id", m.candidate_id},
                 {"family", m.family},         {"variant", m.variant},   {"code_path", m.code_path},
                 {"digest_bits", m.digest_bits}, {"files", Json::array()}};
  if (!m.skipped.empty()) module["skipped"] = m.skipped;
  for (const auto &f : m.files) {
    Json file = {{"kind", kind_name(f.kind)}, {"file", f.file},         {"status", f.status},
                 {"canonical_sha256", f.canonical}, {"expected_sha256", f.expected},
                 {"manifest_entry", f.entry},   {"seconds", f.seconds}, {"path", f.path}};
    // The partial file of a library that misbehaved has no digest to compare.
    if (!f.error.empty()) file.erase("canonical_sha256"), file["error"] = f.error;
    if (!f.diagnosis.empty()) file["diagnosis"] = f.diagnosis;
    if (f.kept) file["kept"] = true;
    module["files"].push_back(file);
  }
  return module;
}

// Reads one document, naming where it is malformed.
class Reader {
 public:
  explicit Reader(std::string path) : path_(std::move(path)) {}

  [[noreturn]] void fail(const std::string &where, const std::string &what) const {
    throw KatJsonError(path_ + ": " + (where.empty() ? "" : where + ": ") + what);
  }

  const Json &member(const Json &object, const char *key, const std::string &where, Json::value_t type,
                     bool required) const {
    static const Json absent;
    const auto it = object.find(key);
    const std::string at = where.empty() ? key : where + "." + key;
    if (it == object.end()) {
      if (required) fail(at, "missing");
      return absent;
    }
    const bool number = type == Json::value_t::number_float && it->is_number();
    const bool integer = type == Json::value_t::number_integer && it->is_number_integer();
    if (it->type() != type && !number && !integer) fail(at, std::string("expected ") + type_name(type) + ", found " + it->type_name());
    return *it;
  }

  std::string text(const Json &object, const char *key, const std::string &where, bool required = true) const {
    const Json &v = member(object, key, where, Json::value_t::string, required);
    return v.is_string() ? v.get<std::string>() : std::string();
  }

 private:
  static const char *type_name(Json::value_t type) {
    switch (type) {
      case Json::value_t::string: return "a string";
      case Json::value_t::array: return "an array";
      case Json::value_t::number_integer: return "an integer";
      case Json::value_t::number_float: return "a number";
      case Json::value_t::boolean: return "true or false";
      default: return "an object";
    }
  }
  std::string path_;
};

}  // namespace

void write_kat_json(const std::string &path, const RunResult &result, const RunRecord &run) {
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  Json doc = {{"schema", kSchema},          {"date", date},
              {"command", run.command},     {"jobs", run.jobs},
              {"wall_seconds", result.wall_seconds}, {"complete", run.complete},
              {"modules", Json::array()}};
  if (const char *hidden = std::getenv(ngcc::kCpuDisableVariable)) doc[ngcc::kCpuDisableVariable] = hidden;
  for (const auto &m : result.modules) doc["modules"].push_back(module_json(m));
  if (const auto dir = std::filesystem::path(path).parent_path(); !dir.empty())
    std::filesystem::create_directories(dir);
  const std::string partial = path + ".partial";
  std::ofstream js(partial);
  js << doc.dump(1) << "\n";
  js.close();
  if (!js) throw std::runtime_error(partial + ": cannot write JSON");
  std::error_code error;
  std::filesystem::rename(partial, path, error);
  if (error) throw std::runtime_error(path + ": cannot replace it with " + partial + ": " + error.message());
}

std::vector<EarlierFile> read_earlier_files(const std::string &path) {
  const Reader r(path);
  std::ifstream in(path);
  if (!in) r.fail("", "cannot read it");
  Json doc;
  try {
    doc = Json::parse(in);
  } catch (const Json::parse_error &e) {
    r.fail("", std::string("not JSON: ") + e.what());
  }
  if (!doc.is_object()) r.fail("", "not a JSON object");
  if (const std::string schema = r.text(doc, "schema", ""); schema != kSchema)
    r.fail("schema", "'" + schema + "', expected '" + kSchema + "'");
  std::vector<EarlierFile> out;
  const Json &modules = r.member(doc, "modules", "", Json::value_t::array, true);
  for (std::size_t i = 0; i < modules.size(); ++i) {
    const std::string where = "modules[" + std::to_string(i) + "]";
    const Json &m = modules[i];
    if (!m.is_object()) r.fail(where, "not an object");
    EarlierFile module;
    module.module_sha256 = r.text(m, "module_sha256", where);
    module.kat_name = r.text(m, "kat_name", where);
    module.digest_bits = r.member(m, "digest_bits", where, Json::value_t::number_integer, true).get<int>();
    const Json &files = r.member(m, "files", where, Json::value_t::array, true);
    for (std::size_t j = 0; j < files.size(); ++j) {
      const std::string at = where + ".files[" + std::to_string(j) + "]";
      const Json &f = files[j];
      if (!f.is_object()) r.fail(at, "not an object");
      EarlierFile file = module;
      FileOutcome &o = file.outcome;
      const std::string kind = r.text(f, "kind", at);
      const auto parsed = parse_kind(kind);
      if (!parsed) r.fail(at + ".kind", "'" + kind + "' is not 2_12, 2_23, 2_33 or Loop");
      o.kind = *parsed;
      o.file = r.text(f, "file", at);
      o.status = r.text(f, "status", at);
      o.path = r.text(f, "path", at, false);
      o.canonical = r.text(f, "canonical_sha256", at, false);
      o.expected = r.text(f, "expected_sha256", at, false);
      o.entry = r.text(f, "manifest_entry", at, false);
      o.error = r.text(f, "error", at, false);
      const Json &seconds = r.member(f, "seconds", at, Json::value_t::number_float, false);
      o.seconds = seconds.is_number() ? seconds.get<double>() : 0;
      const Json &diagnosis = r.member(f, "diagnosis", at, Json::value_t::array, false);
      for (std::size_t k = 0; k < diagnosis.size(); ++k) {
        if (!diagnosis[k].is_string()) r.fail(at + ".diagnosis[" + std::to_string(k) + "]", "expected a string");
        o.diagnosis.push_back(diagnosis[k].get<std::string>());
      }
      out.push_back(std::move(file));
    }
  }
  return out;
}

}  // namespace ngcc::kat
