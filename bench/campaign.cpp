#include "campaign.hpp"

#include <yaml-cpp/yaml.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <initializer_list>
#include <map>
#include <regex>
#include <set>
#include <sstream>

namespace ngcc::bench {
namespace {

constexpr std::uint64_t kMaxMessageBytes = 16u << 20;  // as the published driver
// The guide's S1-S8 (NICCS x86 guide §3.4.2; docs/method.md "What is measured"),
// when a campaign names none.
const std::vector<std::uint64_t> kGuideSizes = {32, 128, 512, 1024, 4096, 8192, 16384, 65536};
// Variant labels of rows that are not a library's: the baselines' and the
// label of a library for a candidate the build does not declare. Our own
// variants, the rows of the variants table, come with the manifest.
const std::vector<std::string> kOtherLabels = {"openssl", "iccs", "external"};

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

  // The items of the list under `key` (absent or null: none).
  std::vector<YAML::Node> list_at(const YAML::Node &map, const char *key) const {
    const YAML::Node v = map[key];
    if (!v.IsDefined() || v.IsNull()) return {};
    if (!v.IsSequence()) fail(v, key, "expected a list");
    return std::vector<YAML::Node>(v.begin(), v.end());
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

std::string joined(const std::vector<std::string> &names) {
  std::string out;
  for (const auto &n : names) out += (out.empty() ? "" : ", ") + n;
  return out.empty() ? "none" : out;
}

// Reads the campaign against the manifest; one instance per object.
class CampaignReader {
 public:
  CampaignReader(const std::string &file, const Manifest &manifest, const std::string &module_dir)
      : r_(file), file_(file), manifest_(manifest), module_dir_(module_dir) {
    for (const BuiltModule &m : manifest.modules)
      if (m.kind == "baseline") built_baselines_.push_back(m.instance);
    for (const DeclaredFamily &f : manifest.families)
      for (const DeclaredInstance &i : f.instances) declared_.push_back(i.name);
  }

  Campaign read(const YAML::Node &root) {
    if (!root.IsMap()) r_.fail(root, "(top level)", "expected a mapping with keys sizes, variants, ...");
    r_.check_keys(root, "", {"sizes", "variants", "baselines", "overrides", "libraries"});
    Campaign c;
    c.file = file_;
    read_sizes(root, &c);
    if (root["variants"].IsDefined()) variants_ = read_variants(root["variants"], "variants");
    read_extra_baselines(root);
    read_overrides(root);
    std::vector<ModuleSpec> libraries = read_libraries(root);

    // A declared-only candidate is measured only as a library the campaign names.
    for (const DeclaredFamily &f : manifest_.families)
      if (f.implemented)
        for (const DeclaredInstance &i : f.instances) add_candidates(f, i, &c);
    for (const BuiltModule &m : manifest_.modules)
      if (m.kind == "baseline" && wanted_baselines_.erase(m.instance)) c.modules.push_back(baseline(m.instance, &m));
    for (const auto &name : wanted_baselines_)  // declared, not built
      if (!name.empty()) c.modules.push_back(baseline(name, nullptr));
    c.modules.insert(c.modules.end(), libraries.begin(), libraries.end());
    return c;
  }

 private:
  struct Override {
    std::vector<std::string> variants;
    std::string baseline;
  };

  void read_sizes(const YAML::Node &root, Campaign *c) const {
    const YAML::Node sizes = root["sizes"];
    if (!sizes.IsDefined()) {
      c->sizes = kGuideSizes;
      return;
    }
    if (!sizes.IsSequence() || sizes.size() == 0) r_.fail(sizes, "sizes", "expected a non-empty list of byte counts");
    for (std::size_t i = 0; i < sizes.size(); ++i)
      c->sizes.push_back(r_.uint_of(sizes[i], Reader::index("sizes", i), 1, kMaxMessageBytes));
  }

  std::vector<std::string> read_variants(const YAML::Node &list, const std::string &key) const {
    const std::vector<std::string> &ours = manifest_.variants;
    if (!list.IsSequence() || list.size() == 0) r_.fail(list, key, "expected a non-empty list of " + joined(ours));
    std::vector<std::string> out;
    for (std::size_t i = 0; i < list.size(); ++i) {
      const YAML::Node v = list[i];
      if (!v.IsScalar() || std::find(ours.begin(), ours.end(), v.Scalar()) == ours.end())
        r_.fail(v, Reader::index(key, i), "expected one of " + joined(ours));
      out.push_back(v.Scalar());
    }
    return out;
  }

  // A baseline named at `node` must be one the build has.
  std::string built_baseline(const YAML::Node &node, const std::string &key) const {
    if (!node.IsScalar() || node.Scalar().empty()) r_.fail(node, key, "expected a baseline name, e.g. SHA-512");
    const std::string &name = node.Scalar();
    if (std::find(built_baselines_.begin(), built_baselines_.end(), name) == built_baselines_.end())
      r_.fail(node, key, "'" + name + "' is not a baseline this build has (" + joined(built_baselines_) + ")");
    return name;
  }

  // A declared instance named at `node`.
  const DeclaredInstance &declared(const YAML::Node &node, const std::string &key,
                                   const DeclaredFamily **family = nullptr) const {
    const DeclaredInstance *i = manifest_.instance(node.Scalar(), family);
    if (i == nullptr)
      r_.fail(node, key, "'" + node.Scalar() + "' is not an instance the build declares (" + joined(declared_) + ")");
    return *i;
  }

  void read_extra_baselines(const YAML::Node &root) {
    const std::vector<YAML::Node> list = r_.list_at(root, "baselines");
    for (std::size_t i = 0; i < list.size(); ++i)
      wanted_baselines_.insert(built_baseline(list[i], Reader::index("baselines", i)));
  }

  void read_overrides(const YAML::Node &root) {
    const std::vector<YAML::Node> list = r_.list_at(root, "overrides");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = Reader::index("overrides", i);
      const YAML::Node e = list[i];
      r_.check_keys(e, where, {"instance", "variants", "baseline"});
      r_.string_at(e, where, "instance", true);
      const std::string name = declared(e["instance"], Reader::join(where, "instance")).name;
      if (overrides_.count(name))
        r_.fail(e["instance"], Reader::join(where, "instance"), "'" + name + "' overridden twice");
      Override o;
      if (e["variants"].IsDefined()) o.variants = read_variants(e["variants"], Reader::join(where, "variants"));
      if (e["baseline"].IsDefined()) o.baseline = built_baseline(e["baseline"], Reader::join(where, "baseline"));
      overrides_[name] = o;
    }
  }

  std::vector<ModuleSpec> read_libraries(const YAML::Node &root) {
    std::vector<ModuleSpec> out;
    std::set<std::string> keys;
    const std::vector<YAML::Node> list = r_.list_at(root, "libraries");
    for (std::size_t i = 0; i < list.size(); ++i) {
      const std::string where = Reader::index("libraries", i);
      const YAML::Node e = list[i];
      if (!e.IsMap()) r_.fail(e, where, "expected a mapping");
      const bool declared_form = e["instance"].IsDefined();
      if (declared_form == e["name"].IsDefined())
        r_.fail(e, where, "give either instance (a declared parameter set) or name (any other candidate)");
      ModuleSpec m = declared_form ? submitted(e, where) : external(e, where);
      const std::string path = r_.string_at(e, where, "path", true);
      m.path = path[0] == '/' ? path : dir_of(file_) + "/" + path;
      m.build_flags = r_.string_at(e, where, "build_flags", declared_form);
      m.flags_source = r_.string_at(e, where, "flags_source", false);
      if (!m.flags_source.empty() && m.flags_source != "guide" && m.flags_source != "harness-default")
        r_.fail(e["flags_source"], Reader::join(where, "flags_source"), "expected guide or harness-default");
      m.needs = cpu_features(e, where);
      m.line = e.Mark().line + 1;
      if (!keys.insert(m.key()).second) r_.fail(e, where, "duplicate library " + m.key());
      out.push_back(m);
    }
    return out;
  }

  // A library's cpu_features: the extensions it was compiled for, a list of
  // names as common/cpu_features.hpp spells them (absent: none).
  CpuFeatures cpu_features(const YAML::Node &e, const std::string &where) const {
    const YAML::Node v = e["cpu_features"];
    if (!v.IsDefined()) return 0;
    const std::string key = Reader::join(where, "cpu_features");
    std::string names;
    if (v.IsSequence()) {
      for (const YAML::Node &name : v) {
        if (!name.IsScalar()) r_.fail(name, key, "expected a list of extension names");
        names += name.Scalar() + " ";
      }
    } else {
      names = r_.string_at(e, where, "cpu_features", true);
    }
    std::string unknown;
    const CpuFeatures needs = cpu_features_named(names, &unknown);
    if (!unknown.empty()) r_.fail(v, key, "unknown CPU feature '" + unknown + "' (known: " +
                                              cpu_feature_names(~CpuFeatures{0}) + ")");
    return needs;
  }

  // {instance, variant, path, build_flags, flags_source, digest_bits,
  // cpu_features}: the identity comes from the declaration.
  ModuleSpec submitted(const YAML::Node &e, const std::string &where) {
    r_.check_keys(e, where, {"instance", "variant", "path", "build_flags", "flags_source", "digest_bits",
                             "cpu_features"});
    r_.string_at(e, where, "instance", true);
    const DeclaredFamily *family = nullptr;
    const DeclaredInstance &i = declared(e["instance"], Reader::join(where, "instance"), &family);
    ModuleSpec m = described(*family, i);
    m.kind = ModuleSpec::Kind::kSubmitted;
    m.variant = label(e, where, true);
    if (e["digest_bits"].IsDefined()) {
      const auto bits = r_.uint_of(e["digest_bits"], Reader::join(where, "digest_bits"), 8, 65536);
      if (static_cast<int>(bits) != i.digest_bits)
        r_.fail(e["digest_bits"], Reader::join(where, "digest_bits"),
                std::to_string(bits) + " differs from the declared width of " + i.name + " (" +
                    std::to_string(i.digest_bits) + ")");
    }
    const auto o = overrides_.find(i.name);
    if (o != overrides_.end() && !o->second.baseline.empty()) m.baseline = o->second.baseline;
    wanted_baselines_.insert(m.baseline);
    return m;
  }

  // A library's variant label (absent and not required: "").
  std::string label(const YAML::Node &e, const std::string &where, bool required) const {
    const std::string v = r_.string_at(e, where, "variant", required);
    static const std::regex pattern("[a-z0-9][a-z0-9-]*");
    std::vector<std::string> reserved = manifest_.variants;
    reserved.insert(reserved.end(), kOtherLabels.begin(), kOtherLabels.end());
    if (!v.empty() && (!std::regex_match(v, pattern) || std::find(reserved.begin(), reserved.end(), v) != reserved.end()))
      r_.fail(e["variant"], Reader::join(where, "variant"),
              "'" + v + "': a label of lower-case letters, digits and '-' other than " + joined(reserved) +
                  " (e.g. submitted-opt)");
    return v;
  }

  // {name, path, candidate_id, digest_bits, variant, family, baseline,
  // build_flags, flags_source, cpu_features}.
  ModuleSpec external(const YAML::Node &e, const std::string &where) {
    r_.check_keys(e, where, {"name", "path", "candidate_id", "digest_bits", "variant", "family", "baseline",
                             "build_flags", "flags_source", "cpu_features"});
    ModuleSpec m;
    m.kind = ModuleSpec::Kind::kExternal;
    m.variant = label(e, where, false);
    if (m.variant.empty()) m.variant = "external";
    m.instance = r_.string_at(e, where, "name", true);
    const std::string key = Reader::join(where, "name");
    if (manifest_.instance(m.instance) != nullptr)
      r_.fail(e["name"], key, "'" + m.instance + "' is a declared instance: write instance: " + m.instance +
                                  " and a variant label");
    if (std::find(built_baselines_.begin(), built_baselines_.end(), m.instance) != built_baselines_.end())
      r_.fail(e["name"], key, "'" + m.instance + "' is the name of a baseline");
    m.candidate_id = r_.string_at(e, where, "candidate_id", true);
    if (!e["digest_bits"].IsDefined()) r_.fail(e, Reader::join(where, "digest_bits"), "missing key");
    m.digest_bits = static_cast<int>(r_.uint_of(e["digest_bits"], Reader::join(where, "digest_bits"), 8, 65536));
    if (m.digest_bits % 8 != 0)
      r_.fail(e["digest_bits"], Reader::join(where, "digest_bits"), "must be a multiple of 8");
    m.family = r_.string_at(e, where, "family", false);
    if (m.family.empty()) m.family = m.instance;
    m.full_name = m.family;
    m.kat_name = m.instance;
    if (e["baseline"].IsDefined()) {
      m.baseline = built_baseline(e["baseline"], Reader::join(where, "baseline"));
      wanted_baselines_.insert(m.baseline);
    }
    return m;
  }

  static ModuleSpec described(const DeclaredFamily &f, const DeclaredInstance &i) {
    ModuleSpec m;
    m.instance = i.name;
    m.baseline = i.baseline;
    m.candidate_id = f.candidate_id;
    m.family = f.family;
    m.full_name = f.full_name;
    m.kat_name = i.kat_name;
    m.digest_bits = i.digest_bits;
    m.xof = i.xof;
    return m;
  }

  void add_candidates(const DeclaredFamily &f, const DeclaredInstance &i, Campaign *c) {
    const auto o = overrides_.find(i.name);
    std::vector<std::string> variants = variants_;
    if (o != overrides_.end() && !o->second.variants.empty()) variants = o->second.variants;
    if (variants.empty()) {  // every variant built
      for (const BuiltModule &m : manifest_.modules)
        if (m.instance == i.name && m.kind == "candidate") variants.push_back(m.variant);
      if (variants.empty()) variants.push_back("ref");  // reported as not built
    }
    for (const std::string &v : variants) {
      ModuleSpec m = described(f, i);
      if (o != overrides_.end() && !o->second.baseline.empty()) m.baseline = o->second.baseline;
      m.variant = v;
      const BuiltModule *built = manifest_.module(i.name, v);
      m.path = built != nullptr ? module_dir_ + "/" + built->file : "";
      c->modules.push_back(m);
      wanted_baselines_.insert(m.baseline);
    }
  }

  ModuleSpec baseline(const std::string &name, const BuiltModule *built) const {
    ModuleSpec m;
    m.kind = ModuleSpec::Kind::kBaseline;
    m.instance = name;
    // The build's label (openssl, iccs); a declared baseline that is not
    // built is named as an OpenSSL one, which every declared baseline is.
    m.variant = built != nullptr ? built->variant : "openssl";
    m.path = built != nullptr ? module_dir_ + "/" + built->file : "";
    return m;
  }

  const Reader r_;
  const std::string file_;
  const Manifest &manifest_;
  const std::string module_dir_;
  std::vector<std::string> built_baselines_, declared_;
  std::vector<std::string> variants_;  // empty: every variant built
  std::map<std::string, Override> overrides_;
  std::set<std::string> wanted_baselines_;
};

}  // namespace

const char *ModuleSpec::kind_name() const {
  switch (kind) {
    case Kind::kCandidate: return "candidate";
    case Kind::kBaseline: return "baseline";
    case Kind::kSubmitted: return "submitted";
    case Kind::kExternal: break;
  }
  return "external";
}

Campaign load_campaign(const std::string &file, const Manifest &manifest, const std::string &module_dir) {
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
  return CampaignReader(file, manifest, module_dir).read(root);
}

}  // namespace ngcc::bench
