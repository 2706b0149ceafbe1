// Differential fuzzer for one family (NGCC_FUZZ_FAMILY, e.g. "CHIME"): loads
// every module of that family from NGCC_MODULE_DIR (via the one loader, so the
// variants keep their own symbols) and checks, for each input:
//   - no variant crashes or trips ASan/UBSan (modules are instrumented);
//   - every variant returns NGCC_OK and the digest of ref;
//   - the unused low bits of a partial last byte do not change the digest.
// A module this CPU cannot run (NGCC_ERR_UNSUPPORTED_CPU; NGCC_CPU_DISABLE
// hides features as for every tool) is left out with one line at start-up.
//
// Input layout: byte 0 picks the instance, byte 1 (low 3 bits) the number of
// unused low bits r of the last message byte, bytes 2..3 (XOF instances) the
// output length, the rest is the message: bit length 8*len - r.
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "common/cpu_features.hpp"
#include "ngcc/module_loader.hpp"

namespace {

struct Instance {
  std::string name;
  std::unique_ptr<ngcc::Module> ref;
  std::vector<std::unique_ptr<ngcc::Module>> others;  // every other variant built and runnable
};

std::vector<Instance> &instances() {
  static std::vector<Instance> all;
  return all;
}

[[noreturn]] void fail(const char *what, const Instance &inst, std::uint64_t bits, int digest_bits) {
  std::fprintf(stderr, "differential_fuzzer: FAIL: %s: %s (msg_len_bits %llu, digest_len_bits %d)\n",
               inst.name.c_str(), what, static_cast<unsigned long long>(bits), digest_bits);
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerInitialize(int *, char ***) {
  if (const std::string error = ngcc::cpu_disable_error(); !error.empty()) {
    std::fprintf(stderr, "differential_fuzzer: %s\n", error.c_str());
    std::exit(2);
  }
  std::map<std::string, Instance> found;
  for (const auto &entry : std::filesystem::directory_iterator(NGCC_MODULE_DIR)) {
    const std::string file = entry.path().filename().string();
    // lib<Family>-<...>.so, e.g. libCHIME-512-opt.so
    if (file.rfind(std::string("lib") + NGCC_FUZZ_FAMILY + "-", 0) != 0 || entry.path().extension() != ".so")
      continue;
    auto module = std::make_unique<ngcc::Module>(ngcc::Module::load(entry.path().string()));
    const ngcc_instance_info *info = module->info();
    if (info == nullptr || std::strcmp(info->family, NGCC_FUZZ_FAMILY) != 0) continue;
    const std::vector<std::uint8_t> empty(1);
    std::vector<std::uint8_t> out(static_cast<std::size_t>(info->digest_bits / 8));
    if (module->hash(info->digest_bits, empty.data(), 0, out.data()) == NGCC_ERR_UNSUPPORTED_CPU) {
      std::fprintf(stderr, "differential_fuzzer: skipping %s: %s\n", file.c_str(), info->code_path());
      continue;
    }
    Instance &inst = found[info->name];
    inst.name = info->name;
    if (std::strcmp(info->variant, "ref") == 0)
      inst.ref = std::move(module);
    else
      inst.others.push_back(std::move(module));
  }
  for (auto &[name, inst] : found) {
    if (!inst.ref) {
      std::fprintf(stderr, "differential_fuzzer: %s has no ref module\n", name.c_str());
      std::abort();
    }
    std::string variants;
    for (const auto &m : inst.others) variants += std::string(" ") + m->info()->variant;
    std::fprintf(stderr, "differential_fuzzer: %s ref vs%s\n", name.c_str(),
                 variants.empty() ? " nothing (ref only)" : variants.c_str());
    instances().push_back(std::move(inst));
  }
  if (instances().empty()) {
    std::fprintf(stderr, "differential_fuzzer: no %s modules in %s\n", NGCC_FUZZ_FAMILY, NGCC_MODULE_DIR);
    std::abort();
  }
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size) {
  if (size < 4) return 0;
  const Instance &inst = instances()[data[0] % instances().size()];
  const ngcc_instance_info *info = inst.ref->info();
  const unsigned unused = data[1] & 7;
  int digest_bits = info->digest_bits;
  if (info->is_xof) {
    const unsigned v = static_cast<unsigned>(data[2]) << 8 | data[3];
    // Mostly up to 4 KiB of output; 0xFFFF asks for the maximum.
    digest_bits = v == 0xFFFF ? info->max_digest_bits : 8 * (1 + static_cast<int>(v % 4096));
  }
  const std::uint8_t *msg = data + 4;
  const std::size_t bytes = size - 4;
  const std::uint64_t bits = bytes == 0 ? 0 : 8 * static_cast<std::uint64_t>(bytes) - unused;

  std::vector<std::uint8_t> ref(digest_bits / 8), other(digest_bits / 8);
  if (inst.ref->hash(digest_bits, msg, bits, ref.data()) != NGCC_OK) fail("ref rejected valid arguments", inst, bits, digest_bits);
  for (const auto &m : inst.others) {
    const std::string variant = m->info()->variant;
    if (m->hash(digest_bits, msg, bits, other.data()) != NGCC_OK)
      fail((variant + " rejected valid arguments").c_str(), inst, bits, digest_bits);
    if (ref != other) fail(("ref and " + variant + " digests differ").c_str(), inst, bits, digest_bits);
  }
  if (bits % 8 != 0) {
    // Same message with the unused low bits flipped (exact-size copy: ASan
    // still sees reads past the end).
    std::vector<std::uint8_t> flipped(msg, msg + bytes);
    flipped.back() ^= static_cast<std::uint8_t>(0xFFu >> (bits % 8));
    if (inst.ref->hash(digest_bits, flipped.data(), bits, other.data()) != NGCC_OK || ref != other)
      fail("unused low bits of the last byte change the digest", inst, bits, digest_bits);
  }
  return 0;
}
