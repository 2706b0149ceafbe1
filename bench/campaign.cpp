#include "campaign.hpp"

#include <yaml-cpp/yaml.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <set>
#include <sstream>

namespace ngcc::bench {
namespace {

constexpr std::uint64_t kMaxMessageBytes = 16u << 20;  // as the published driver

class Reader {
 public:
  explicit Reader(std::string file) : file_(std::move(file)) {}

  [[noreturn]] void fail(const YAML::Node &at, const std::string &key, const std::string &what) const {
    std::ostringstream s;
    s << file_;
    if (at.IsDefined() && at.Mark().line >= 0) s << ':' << at.Mark().line + 1;
    s << ": key '" << key << "': " << what;
    throw CampaignError(s.str());
  }

  // Rejects keys outside `allowed` (naming the first unknown one).
  void check_keys(const YAML::Node &map, const std::string &where,
                  std::initializer_list<const char *> allowed) const {
    if (!map.IsMap()) fail(map, where, "expected a mapping");
    for (const auto &kv : map) {
      const std::string k = kv.first.Scalar();
      bool known = false;
      std::string list;
      for (const char *a : allowed) {
        known = known || k == a;
        list += list.empty() ? a : std::string(", ") + a;
      }
      if (!known) fail(kv.first, join(where, k), "unknown key (expected one of: " + list + ")");
    }
  }

  std::string string_at(const YAML::Node &map, const std::string &where, const char *k,
                        bool required) const {
    const YAML::Node v = map[k];
    if (!v.IsDefined() || v.IsNull()) {
      if (required) fail(map, join(where, k), "missing key");
      return {};
    }
    if (!v.IsScalar() || v.Scalar().empty()) fail(v, join(where, k), "expected a non-empty string");
    return v.Scalar();
  }

  std::uint64_t uint_of(const YAML::Node &v, const std::string &key, std::uint64_t lo,
                        std::uint64_t hi) const {
    std::uint64_t x = 0;
    if (!v.IsScalar()) fail(v, key, "expected an integer");
    try {
      const std::string &s = v.Scalar();
      if (s.empty() || s.find_first_not_of("0123456789") != std::string::npos) throw 0;
      x = std::stoull(s);
    } catch (...) {
      fail(v, key, "expected an integer, got '" + v.Scalar() + "'");
    }
    if (x < lo || x > hi)
      fail(v, key, std::to_string(x) + " out of range [" + std::to_string(lo) + ", " +
                       std::to_string(hi) + "]");
    return x;
  }

  static std::string join(const std::string &where, const std::string &k) {
    return where.empty() ? k : where + "." + k;
  }
  static std::string index(const std::string &where, std::size_t i) {
    return where + "[" + std::to_string(i) + "]";
  }

 private:
  std::string file_;
};

std::string dir_of(const std::string &file) {
  const auto slash = file.find_last_of('/');
  return slash == std::string::npos ? "." : file.substr(0, slash);
}

std::string replace_all(std::string s, const std::string &from, const std::string &to) {
  for (auto p = s.find(from); p != std::string::npos; p = s.find(from, p + to.size()))
    s.replace(p, from.size(), to);
  return s;
}

}  // namespace

Campaign load_campaign(const std::string &file, const std::string &module_dir) {
  {
    std::ifstream probe(file);
    if (!probe) throw CampaignError(file + ": cannot open campaign file: " + std::strerror(errno));
  }
  YAML::Node root;
  try {
    root = YAML::LoadFile(file);
  } catch (const YAML::Exception &e) {
    std::ostringstream s;
    s << file;
    if (e.mark.line >= 0) s << ':' << e.mark.line + 1 << ':' << e.mark.column + 1;
    s << ": malformed YAML: " << e.msg;
    throw CampaignError(s.str());
  }
  const Reader r(file);
  if (!root.IsMap()) r.fail(root, "(top level)", "expected a mapping with keys sizes, instances, ...");
  r.check_keys(root, "", {"sizes", "variants", "instances", "baselines", "external"});

  Campaign c;
  c.file = file;
  const YAML::Node sizes = root["sizes"];
  if (!sizes.IsDefined()) r.fail(root, "sizes", "missing key");
  if (!sizes.IsSequence() || sizes.size() == 0) r.fail(sizes, "sizes", "expected a non-empty list of byte counts");
  for (std::size_t i = 0; i < sizes.size(); ++i)
    c.sizes.push_back(r.uint_of(sizes[i], Reader::index("sizes", i), 1, kMaxMessageBytes));

  std::vector<std::string> default_variants;
  const YAML::Node variants = root["variants"];
  auto read_variants = [&r](const YAML::Node &list, const std::string &key) {
    if (!list.IsSequence() || list.size() == 0) r.fail(list, key, "expected a non-empty list of ref/opt");
    std::vector<std::string> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const YAML::Node v = list[i];
      if (!v.IsScalar() || (v.Scalar() != "ref" && v.Scalar() != "opt"))
        r.fail(v, Reader::index(key, i), "expected ref or opt");
      out.push_back(v.Scalar());
    }
    return out;
  };
  default_variants = variants.IsDefined() ? read_variants(variants, "variants")
                                          : std::vector<std::string>{"ref", "opt"};

  std::set<std::string> names;
  std::vector<std::pair<std::string, YAML::Node>> baseline_refs;  // checked at the end
  auto add_name = [&](const std::string &name, const YAML::Node &at, const std::string &key) {
    if (!names.insert(name).second) r.fail(at, key, "duplicate name '" + name + "'");
  };

  const YAML::Node instances = root["instances"];
  if (!instances.IsDefined()) r.fail(root, "instances", "missing key");
  if (!instances.IsSequence()) r.fail(instances, "instances", "expected a list");
  for (std::size_t i = 0; i < instances.size(); ++i) {
    const std::string where = Reader::index("instances", i);
    const YAML::Node e = instances[i];
    r.check_keys(e, where, {"name", "variants", "module", "baseline"});
    const std::string name = r.string_at(e, where, "name", true);
    add_name(name, e["name"], Reader::join(where, "name"));
    const std::string pattern = e["module"].IsDefined()
                                    ? r.string_at(e, where, "module", true)
                                    : "lib" + name + "-{variant}.so";
    const std::string baseline = r.string_at(e, where, "baseline", false);
    if (!baseline.empty()) baseline_refs.emplace_back(Reader::join(where, "baseline"), e["baseline"]);
    const auto vs = e["variants"].IsDefined() ? read_variants(e["variants"], Reader::join(where, "variants"))
                                              : default_variants;
    for (const auto &v : vs) {
      ModuleSpec m;
      m.kind = ModuleSpec::Kind::kCandidate;
      m.name = name;
      m.variant = v;
      m.path = module_dir + "/" + replace_all(pattern, "{variant}", v);
      m.baseline = baseline;
      m.line = e.Mark().line + 1;
      c.modules.push_back(m);
    }
  }

  std::set<std::string> baseline_names;
  const YAML::Node baselines = root["baselines"];
  if (baselines.IsDefined() && !baselines.IsNull()) {
    if (!baselines.IsSequence()) r.fail(baselines, "baselines", "expected a list of names");
    for (std::size_t i = 0; i < baselines.size(); ++i) {
      const YAML::Node b = baselines[i];
      const std::string key = Reader::index("baselines", i);
      if (!b.IsScalar() || b.Scalar().empty()) r.fail(b, key, "expected a baseline name, e.g. SHA-512");
      add_name(b.Scalar(), b, key);
      baseline_names.insert(b.Scalar());
      ModuleSpec m;
      m.kind = ModuleSpec::Kind::kBaseline;
      m.name = b.Scalar();
      m.variant = "openssl";
      m.path = module_dir + "/lib" + m.name + "-openssl.so";
      m.line = b.Mark().line + 1;
      c.modules.push_back(m);
    }
  }

  const YAML::Node external = root["external"];
  if (external.IsDefined() && !external.IsNull()) {
    if (!external.IsSequence()) r.fail(external, "external", "expected a list");
    for (std::size_t i = 0; i < external.size(); ++i) {
      const std::string where = Reader::index("external", i);
      const YAML::Node e = external[i];
      r.check_keys(e, where, {"name", "path", "candidate_id", "digest_bits", "family", "baseline"});
      ModuleSpec m;
      m.kind = ModuleSpec::Kind::kExternal;
      m.variant = "external";
      m.name = r.string_at(e, where, "name", true);
      add_name(m.name, e["name"], Reader::join(where, "name"));
      const std::string path = r.string_at(e, where, "path", true);
      m.path = path[0] == '/' ? path : dir_of(file) + "/" + path;
      m.candidate_id = r.string_at(e, where, "candidate_id", true);
      if (!e["digest_bits"].IsDefined()) r.fail(e, Reader::join(where, "digest_bits"), "missing key");
      m.digest_bits = static_cast<int>(
          r.uint_of(e["digest_bits"], Reader::join(where, "digest_bits"), 8, 65536));
      if (m.digest_bits % 8 != 0) r.fail(e["digest_bits"], Reader::join(where, "digest_bits"), "must be a multiple of 8");
      m.family = r.string_at(e, where, "family", false);
      if (m.family.empty()) m.family = m.name;
      m.baseline = r.string_at(e, where, "baseline", false);
      if (!m.baseline.empty()) baseline_refs.emplace_back(Reader::join(where, "baseline"), e["baseline"]);
      m.line = e.Mark().line + 1;
      c.modules.push_back(m);
    }
  }

  for (const auto &[key, node] : baseline_refs)
    if (!baseline_names.count(node.Scalar()))
      r.fail(node, key, "'" + node.Scalar() + "' is not listed under baselines");
  return c;
}

}  // namespace ngcc::bench
