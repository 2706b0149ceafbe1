#include "test_support.hpp"

#include <algorithm>
#include <cctype>
#include <fstream>
#include <stdexcept>

namespace ngcc::test {
namespace {

struct Manifest {
  std::vector<DeclaredInstance> instances;
  std::vector<BuiltModule> modules;
};

// The build's module manifest (hashes/loader/module_manifest.hpp), each
// instance with its candidate's facts beside it.
Manifest read_manifest() {
  const ngcc::Manifest built = ngcc::load_manifest(NGCC_MODULE_DIR);
  Manifest m;
  for (const auto &f : built.families)
    for (const auto &i : f.instances)
      m.instances.push_back({f.directory, f.candidate_id, f.family, f.full_name, i.name, i.kat_name, i.baseline,
                             i.digest_bits, i.max_digest_bits, i.xof});
  m.modules = built.modules;
  return m;
}

const Manifest &manifest() {
  static const Manifest m = read_manifest();
  return m;
}

}  // namespace

const std::vector<DeclaredInstance> &declared_instances() { return manifest().instances; }

const DeclaredInstance &declared_instance(const std::string &name) {
  for (const auto &i : declared_instances())
    if (i.name == name) return i;
  throw std::runtime_error("no family declares an instance '" + name + "'");
}

const std::vector<BuiltModule> &built_modules() { return manifest().modules; }

std::vector<std::string> candidate_targets() {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "candidate") out.push_back(m.target);
  return out;
}

std::vector<std::string> instance_targets(const std::string &instance) {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "candidate" && m.instance == instance) out.push_back(m.target);
  return out;
}

std::vector<std::string> family_targets(const std::string &family_dir) {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "candidate" && declared_instance(m.instance).family_dir == family_dir)
      out.push_back(m.target);
  return out;
}

std::vector<std::string> built_variants() {
  std::vector<std::string> out;
  for (const auto &m : built_modules())
    if (m.kind == "candidate" && std::find(out.begin(), out.end(), m.variant) == out.end())
      out.push_back(m.variant);
  return out;
}

std::string module_path(const std::string &target) {
  return std::string(NGCC_MODULE_DIR) + "/lib" + target + ".so";
}

Module load(const std::string &target) { return Module::load(module_path(target)); }

bool runs_here(const Module &module) {
  const ngcc_instance_info *info = module.info();
  std::vector<std::uint8_t> out(static_cast<std::size_t>(info->digest_bits / 8));
  return module.hash(info->digest_bits, nullptr, 0, out.data()) != NGCC_ERR_UNSUPPORTED_CPU;
}

std::string test_name(std::string_view param) {
  std::string s(param);
  for (char &c : s)
    if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
  return s;
}

void ModuleTest::SetUp() {
  module_ = std::make_unique<Module>(load(GetParam()));
  ASSERT_NE(module_->info(), nullptr) << GetParam() << " exports no ngcc_instance()";
  if (!runs_here(*module_)) GTEST_SKIP() << GetParam() << ": " << module_->info()->code_path();
}

std::vector<std::uint8_t> random_bytes(std::mt19937_64 &rng, std::size_t n) {
  std::vector<std::uint8_t> v(n);
  for (auto &b : v) b = static_cast<std::uint8_t>(rng());
  return v;
}

std::vector<std::uint8_t> digest(const Module &module, const std::vector<std::uint8_t> &msg,
                                 std::uint64_t msg_bits, int digest_bits) {
  if (digest_bits == 0) digest_bits = module.info()->digest_bits;
  std::vector<std::uint8_t> out(static_cast<std::size_t>(digest_bits / 8));
  const int rc = module.hash(digest_bits, msg.data(), msg_bits, out.data());
  if (rc != 0) ADD_FAILURE() << module.path() << ": CryptHash returned " << rc;
  return out;
}

}  // namespace ngcc::test
