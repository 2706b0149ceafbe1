// One MasterCube module: MASTERCUBE_DIGEST_BITS selects the instance and
// MASTERCUBE_OPT the primitive (set per module in CMakeLists.txt).
#include "common/module.hpp"
#include "mastercube/mastercube.hpp"

namespace {

using namespace ngcc::mastercube;

#if MASTERCUBE_DIGEST_BITS == 512
constexpr const Params &kParams = kMasterCube512;
#elif MASTERCUBE_DIGEST_BITS == 768
constexpr const Params &kParams = kMasterCube768;
#elif MASTERCUBE_DIGEST_BITS == 1024
constexpr const Params &kParams = kMasterCube1024;
#else
#error "MASTERCUBE_DIGEST_BITS must be 512, 768 or 1024"
#endif

#if MASTERCUBE_OPT
const Primitive &primitive() { return avx2_primitive(); }
const char *code_path() { return "avx2"; }
#else
const Primitive &primitive() { return portable_primitive(); }
const char *code_path() { return "portable"; }
#endif

void hash_message(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
                  std::size_t /*out_bytes: always the digest length*/) {
  hash(primitive(), kParams, msg, msg_bits, out);
}

const ngcc_instance_info kInfo{
    kParams.name, kParams.name, "hash-17", "MasterCube", MASTERCUBE_DIGEST_BITS, 0,
    MASTERCUBE_DIGEST_BITS, NGCC_VARIANT, code_path};

}  // namespace

NGCC_DEFINE_MODULE(kInfo, hash_message)
