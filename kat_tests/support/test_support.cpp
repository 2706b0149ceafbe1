#include "test_support.hpp"

#include <gtest/gtest.h>


namespace ngcc::test {

std::string module_path(const std::string &target) {
  return std::string(NGCC_MODULE_DIR) + "/lib" + target + ".so";
}

Module load(const std::string &target) { return Module::load(module_path(target)); }

const std::vector<std::string> &built_variants() {
#if NGCC_HAVE_OPT
  static const std::vector<std::string> variants = {"ref", "opt"};
#else
  static const std::vector<std::string> variants = {"ref"};
#endif
  return variants;
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
