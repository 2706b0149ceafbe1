#include "modules.hpp"

#include <openssl/crypto.h>
#include <unistd.h>

#include <optional>

#include "memory_probe.hpp"
#include "message.hpp"
#include "sha256_file.hpp"

namespace ngcc::bench {
namespace {

// "<campaign>:<line>: <key>" for a library, "<key>" for ours.
std::string where(const Campaign &c, const ModuleSpec &s) {
  return s.line > 0 ? c.file + ":" + std::to_string(s.line) + ": " + s.key() : s.key();
}

// Fills in what ngcc_instance() (ours) or the campaign (libraries) says.
void describe(LoadedModule *m, const std::string &at) {
  const ngcc_instance_info *info = m->module.info();
  const ModuleSpec s = m->spec;
  if (s.ours()) {
    if (info == nullptr) throw ModuleError(at + ": " + s.path + ": no ngcc_instance() (not a module of this build)");
    if (s.instance != info->name || s.variant != info->variant)
      throw ModuleError(at + ": " + s.path + ": ngcc_instance() says it is " + info->name + "/" + info->variant +
                        " (stale build? rebuild)");
    if (s.kind == ModuleSpec::Kind::kCandidate && info->digest_bits != s.digest_bits)
      throw ModuleError(at + ": " + s.path + ": ngcc_instance() says " + std::to_string(info->digest_bits) +
                        " bits, the declaration " + std::to_string(s.digest_bits) + " (stale build? rebuild)");
    m->implementation = info->implementation;
    m->cpu_features = info->cpu_features != nullptr ? info->cpu_features : "";
    if (s.kind == ModuleSpec::Kind::kBaseline) {  // described by the module alone
      m->spec.candidate_id = info->candidate_id;
      m->spec.family = info->family;
      m->spec.full_name = info->full_name;
      m->spec.kat_name = info->kat_name;
      m->spec.digest_bits = info->digest_bits;
      m->spec.xof = info->is_xof != 0;
      m->build_flags = OpenSSL_version(OPENSSL_CFLAGS);
      m->wrapper_build_flags = info->build_flags;
    } else {
      m->build_flags = info->build_flags;
    }
  } else {
    if (s.kind == ModuleSpec::Kind::kSubmitted && info != nullptr && s.instance != info->name)
      throw ModuleError(at + ": " + s.path + ": ngcc_instance() says it is " + info->name);
    m->implementation = s.kind_name();
    m->build_flags = s.build_flags;
  }
  m->code_path = info != nullptr && info->code_path != nullptr ? info->code_path() : s.kind_name();
}

// CryptHash at every size: the status it returns, 0 when all succeed.
int first_failure(const LoadedModule &m, const std::vector<std::uint64_t> &sizes, std::uint64_t *failed_at) {
  std::vector<std::uint8_t> digest(static_cast<std::size_t>(m.spec.digest_bits / 8) + 64);
  for (const std::uint64_t bytes : sizes) {
    const std::vector<std::uint8_t> msg = benchmark_message(bytes);
    const int rc = m.module.hash(m.spec.digest_bits, msg.data(), bytes * 8, digest.data());
    if (rc != 0) {
      *failed_at = bytes;
      return rc;
    }
  }
  return 0;
}

}  // namespace

LoadedCampaign load_modules(const Campaign &c, bool allow_missing) {
  LoadedCampaign out;
  for (const ModuleSpec &spec : c.modules) {
    const std::string at = where(c, spec);
    auto skip = [&](const std::string &why) { out.skipped.push_back(spec.key() + ": " + why); };
    if (spec.ours() && (spec.path.empty() || access(spec.path.c_str(), F_OK) != 0)) {
      const std::string why = spec.path.empty() ? "not built (the build has no such module)"
                                                : "not built (" + spec.path + " not found)";
      if (!allow_missing) throw ModuleError(at + ": " + why + "; build it, or pass --ngcc_allow_missing to skip it");
      skip(why);
      continue;
    }
    std::optional<ngcc::Module> loaded;
    try {
      loaded.emplace(ngcc::Module::load(spec.path));
    } catch (const ngcc::LoadError &e) {
      throw ModuleError(at + ": " + e.what());
    }
    auto m = std::make_unique<LoadedModule>(spec, std::move(*loaded));
    describe(m.get(), at);
    std::uint64_t bytes = 0;
    const int rc = first_failure(*m, c.sizes, &bytes);
    if (rc == NGCC_ERR_UNSUPPORTED_CPU) {
      skip("this CPU cannot run it (" + m->code_path + ")");
      continue;
    }
    if (rc != 0)
      throw ModuleError(at + ": CryptHash(" + std::to_string(spec.digest_bits) + ", " + std::to_string(bytes) +
                        "-byte message) returned " + std::to_string(rc) +
                        (rc == NGCC_ERR_DIGEST_LENGTH ? " (it rejects the width)" : ""));
    try {
      m->sha256 = ngcc::sha256_file(spec.path);
    } catch (const std::runtime_error &e) {
      throw ModuleError(at + ": " + e.what());
    }
    m->static_bytes = static_bytes_of(reinterpret_cast<const void *>(m->module.crypt_hash()));
    out.modules.push_back(std::move(m));
  }
  return out;
}

}  // namespace ngcc::bench
