#include "kat_describe.hpp"

#include <cstring>

namespace ngcc::kat {
namespace {

template <std::size_t N>
void copy_text(char (&to)[N], const char *from) {
  std::strncpy(to, from ? from : "", N - 1);
}

template <std::size_t N>
std::string text(const char (&from)[N]) {
  return std::string(from, strnlen(from, N));
}

const RunOptions::Library *library_of(const RunOptions &options, const std::string &path) {
  const auto it = options.libraries.find(path);
  return it != options.libraries.end() ? &it->second : nullptr;
}

void take_library(const RunOptions::Library &library, ModuleOutcome &o) {
  o.name = o.kat_name = library.kat_name;
  o.variant = library.variant;
  o.digest_bits = library.digest_bits;
}

}  // namespace

Verdict read_module_facts(CallWatch &watch, ModuleFacts &facts, const std::string &path, int digest_bits) {
  const Module module = Module::load(path);
  const ngcc_instance_info *info = module.info();
  if (info != nullptr) {
    facts.has_info = 1;
    facts.digest_bits = info->digest_bits;
    copy_text(facts.name, info->name);
    copy_text(facts.kat_name, info->kat_name);
    copy_text(facts.candidate_id, info->candidate_id);
    copy_text(facts.family, info->family);
    copy_text(facts.variant, info->variant);
    copy_text(facts.code_path, info->code_path ? info->code_path() : "");
  }
  facts.complete = 1;
  // One call with valid arguments tells whether this CPU can run the module
  // at all; anything else it does is found, and named, by the KAT jobs.
  const int bits = digest_bits ? digest_bits : facts.digest_bits;
  if (info != nullptr && bits > 0) {
    GuardedHasher hasher(module.crypt_hash(), bits, &watch);
    const GuardedBuffer empty(0);
    const Verdict v = hasher.hash(empty.end(), 0);
    facts.unsupported_cpu = v.kind == Verdict::Kind::kReturned && v.value == NGCC_ERR_UNSUPPORTED_CPU;
  }
  return {};
}

int caller_digest_bits(const RunOptions &options, const std::string &path) {
  const RunOptions::Library *library = library_of(options, path);
  return library != nullptr ? library->digest_bits : options.digest_bits;
}

Identified identify(const ModuleFacts &f, const Verdict &v, const RunOptions &options, const std::string &path,
                    ModuleOutcome &o) {
  Identified out;
  if (!f.complete) {
    out.setup_error =
        v.kind == Verdict::Kind::kFailed ? v.error : path + ": loading it or calling ngcc_instance(): " + v.describe();
    return out;
  }
  o.has_info = f.has_info != 0;
  o.name = text(f.name);
  o.kat_name = options.name.empty() ? text(f.kat_name) : options.name;
  o.candidate_id = text(f.candidate_id);
  o.family = text(f.family);
  o.variant = text(f.variant);
  o.code_path = text(f.code_path);
  o.digest_bits = options.digest_bits ? options.digest_bits : f.digest_bits;
  if (const RunOptions::Library *library = library_of(options, path)) take_library(*library, o);
  if (o.name.empty()) o.name = o.kat_name;
  if (o.kat_name.empty() || o.digest_bits == 0) {
    out.setup_error = path + ": exports only CryptHash; give --name and --digest-bits";
  } else if (!valid_algorithm_instance(o.kat_name)) {
    out.setup_error = path + ": ngcc_instance() names an invalid ALGORITHM_INSTANCE '" + o.kat_name + "'";
  } else if (o.digest_bits <= 0 || o.digest_bits % 8 != 0 || o.digest_bits > 8192) {
    out.setup_error = path + ": a digest of " + std::to_string(o.digest_bits) +
                      " bits cannot be run (the KAT files need a multiple of 8 in 8..8192)";
  } else {
    if (f.unsupported_cpu)
      o.skipped = o.code_path.empty() ? "CryptHash returned NGCC_ERR_UNSUPPORTED_CPU; not run"
                                      : "not run: " + o.code_path;
    out.usable = o.skipped.empty();
  }
  return out;
}

bool skipped_for_its_extensions(const RunOptions &options, const std::string &path, ModuleOutcome &o) {
  const RunOptions::Library *library = library_of(options, path);
  if (library == nullptr) return false;
  const CpuSupport support = cpu_support(library->needs);
  if (support.ok()) return false;
  take_library(*library, o);
  o.skipped = "built for " + cpu_feature_names(library->needs) + ", " + unsupported_reason(support) + "; not run";
  return true;
}

}  // namespace ngcc::kat
