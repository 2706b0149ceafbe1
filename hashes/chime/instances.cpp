// One CHIME module: CHIME_DIGEST_BITS (512 or 1024) selects the instance,
// CHIME_OPT the optimized absorb (see CMakeLists.txt).
#include "chime/chime.hpp"
#include "common/module.hpp"

namespace ngcc::chime {
namespace {

#if CHIME_DIGEST_BITS == 512
constexpr const Params &kParams = kChime512;
#define CHIME_NAME "CHIME-512"
#elif CHIME_DIGEST_BITS == 1024
constexpr const Params &kParams = kChime1024;
#define CHIME_NAME "CHIME-1024"
#else
#error "CHIME_DIGEST_BITS must be 512 or 1024"
#endif

#ifdef CHIME_OPT
constexpr AbsorbFunction kAbsorb = absorb_avx2;
const char *code_path() { return "avx2"; }
#else
constexpr AbsorbFunction kAbsorb = absorb_portable;
const char *code_path() { return "portable"; }
#endif

void hash_message(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
                  std::size_t /*out_bytes: always the instance width*/) {
  hash<kAbsorb>(kParams, msg, msg_bits, out);
}

const ngcc_instance_info kInfo = {
    CHIME_NAME, CHIME_NAME, "hash-26", "CHIME", CHIME_DIGEST_BITS, 0, CHIME_DIGEST_BITS,
    NGCC_VARIANT, code_path,
};

}  // namespace
}  // namespace ngcc::chime

NGCC_DEFINE_MODULE(ngcc::chime::kInfo, ngcc::chime::hash_message)
