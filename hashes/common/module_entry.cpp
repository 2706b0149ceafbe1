// CryptHash and ngcc_instance() of every module: the argument policy of
// ngcc/crypthash.h, applied here once for every module, then the CPU check.
#include <string>

#include "common/module.hpp"

namespace ngcc {
namespace {

const char *code_path();

// The module's description as ngcc_instance() returns it. Built in place
// once, on first use, and immutable afterwards (its strings back the
// pointers in `info`).
struct Description {
  explicit Description(const ModuleDefinition &m)
      : cpu_features(cpu_feature_names(m.needs)),
        code_path(m.info.implementation),
        support(cpu_support(m.needs)),
        info(m.info) {
    if (!cpu_features.empty()) code_path += " (" + cpu_features + ")";
    if (!support.ok())
      code_path += ": " + unsupported_reason(support) + "; CryptHash returns NGCC_ERR_UNSUPPORTED_CPU";
    info.cpu_features = cpu_features.c_str();
    info.code_path = ngcc::code_path;
  }
  Description(const Description &) = delete;
  Description &operator=(const Description &) = delete;

  std::string cpu_features, code_path;
  CpuSupport support;
  ngcc_instance_info info;
};

const Description &description() {
  static const Description d(kModuleDefinition);
  return d;
}

const char *code_path() { return description().code_path.c_str(); }

}  // namespace
}  // namespace ngcc

extern "C" NGCC_EXPORT const ngcc_instance_info *ngcc_instance(void) {
  return &ngcc::description().info;
}

extern "C" NGCC_EXPORT int CryptHash(int digest_len_bits, const unsigned char *msg,
                                     unsigned long long msg_len_bits, unsigned char *digest) {
  const ngcc::Description &d = ngcc::description();
  if (digest == nullptr) return NGCC_ERR_NULL_DIGEST;
  if (msg == nullptr && msg_len_bits > 0) return NGCC_ERR_NULL_MESSAGE;
  const bool accepted =
      d.info.is_xof ? (digest_len_bits > 0 && digest_len_bits % 8 == 0 &&
                       digest_len_bits <= d.info.max_digest_bits)
                    : digest_len_bits == d.info.digest_bits;
  if (!accepted) return NGCC_ERR_DIGEST_LENGTH;
  if (ngcc::kModuleDefinition.lengths == ngcc::MessageLengths::kWholeBytes && msg_len_bits % 8 != 0)
    return NGCC_ERR_MESSAGE_LENGTH;
  if (!d.support.ok()) return NGCC_ERR_UNSUPPORTED_CPU;
  static const std::uint8_t empty[1] = {0};
  ngcc::kModuleDefinition.hash(msg != nullptr ? msg : empty, msg_len_bits, digest,
                               static_cast<std::size_t>(digest_len_bits / 8));
  return NGCC_OK;
}
