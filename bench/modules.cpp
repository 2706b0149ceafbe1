#include "modules.hpp"

#include <openssl/crypto.h>
#include <unistd.h>

#include <optional>

#include "guarded_call.hpp"
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
  // A library's ngcc_instance(), if it has one, need not be ours: nothing of
  // it is called in this process.
  m->code_path = s.ours() && info->code_path != nullptr ? info->code_path() : s.kind_name();
}

// In a guarded child (guarded_call.hpp): one call at every campaign size with
// the measuring buffers' layout, then the loader's pre-flight (every bit
// length up to 1024, and 2^20 bits). The first call that misbehaves decides.
ngcc::Verdict guarded_check(const std::string &path, int digest_bits, const std::vector<std::uint64_t> &sizes) {
  ngcc::GuardedChild child = ngcc::GuardedChild::spawn([&](ngcc::CallWatch &watch) {
    const ngcc::Module module = ngcc::Module::load(path);
    ngcc::GuardedHasher hasher(module.crypt_hash(), digest_bits, &watch);
    std::uint64_t call = 0;
    for (const std::uint64_t bytes : sizes) {
      const MeasuringBuffers buffers(bytes, digest_bits);
      if (ngcc::Verdict v = hasher.hash(buffers.message(), bytes * 8, call++); !v.ok()) return v;
    }
    return ngcc::Verdict{};
  });
  const ngcc::Verdict v = child.wait();
  return v.ok() ? ngcc::preflight(path, digest_bits) : v;
}

// What a verdict that is not ok says, naming the call.
std::string misbehaviour(const ngcc::Verdict &v) {
  const std::string message = v.msg_bits % 8 == 0 ? std::to_string(v.msg_bits / 8) + "-byte message"
                                                  : std::to_string(v.msg_bits) + "-bit message";
  const std::string call = "CryptHash(" + std::to_string(v.digest_bits) + ", " + message + ")";
  switch (v.kind) {
    case ngcc::Verdict::Kind::kReturned:
      return call + " returned " + std::to_string(v.value) +
             (v.value == NGCC_ERR_DIGEST_LENGTH ? " (it rejects the width)" : "");
    case ngcc::Verdict::Kind::kFailed: return v.describe();
    default: return v.describe() + " (" + call + ")";
  }
}

}  // namespace

LoadedCampaign load_modules(const Campaign &c, bool allow_missing) {
  LoadedCampaign out;
  for (const ModuleSpec &spec : c.modules) {
    const std::string at = where(c, spec);
    auto skip = [&](const std::string &why, const std::string &cause) {
      out.skipped.push_back({spec.key(), why, cause});
    };
    if (spec.ours() && (spec.path.empty() || access(spec.path.c_str(), F_OK) != 0)) {
      const std::string why = spec.path.empty() ? "not built (the build has no such module)"
                                                : "not built (" + spec.path + " not found)";
      if (!allow_missing) throw ModuleError(at + ": " + why + "; build it, or pass --ngcc_allow_missing to skip it");
      skip(why, "not built");
      continue;
    }
    // Not even loaded: its code could only die of an illegal instruction here.
    if (const CpuSupport support = cpu_support(spec.needs); !support.ok()) {
      skip("this CPU cannot run it (built for " + cpu_feature_names(spec.needs) + ", " + unsupported_reason(support) +
               ")",
           unsupported_reason(support));
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
    const ngcc::Verdict v = guarded_check(spec.path, m->spec.digest_bits, c.sizes);
    if (v.kind == ngcc::Verdict::Kind::kReturned && v.value == NGCC_ERR_UNSUPPORTED_CPU) {
      // Its ngcc_instance() names the extensions it needs, where it has one.
      const CpuSupport support = cpu_support(cpu_features_named(m->cpu_features));
      skip("this CPU cannot run it (" + m->code_path + ")",
           support.ok() ? "its CryptHash says this CPU cannot run it" : unsupported_reason(support));
      continue;
    }
    if (!v.ok()) throw ModuleError(at + ": " + misbehaviour(v));
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
