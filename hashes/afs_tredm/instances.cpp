// One AFS-TrEDM module: AFS_TREDM_DIGEST_BITS (512, 768 or 1024) selects the
// instance, AFS_TREDM_OPT the AVX2 rounds instead of the portable ones.
#include "afs_tredm/afs_tredm.hpp"
#include "common/module.hpp"

namespace {

using namespace ngcc::afs_tredm;

#if AFS_TREDM_DIGEST_BITS == 512
#define AFS_TREDM_INSTANCE kAfsTrEdm512
#define AFS_TREDM_NAME "AFS-TrEDM-512"
#elif AFS_TREDM_DIGEST_BITS == 768
#define AFS_TREDM_INSTANCE kAfsTrEdm768
#define AFS_TREDM_NAME "AFS-TrEDM-768"
#elif AFS_TREDM_DIGEST_BITS == 1024
#define AFS_TREDM_INSTANCE kAfsTrEdm1024
#define AFS_TREDM_NAME "AFS-TrEDM-1024"
#else
#error "AFS_TREDM_DIGEST_BITS must be 512, 768 or 1024"
#endif

#if AFS_TREDM_OPT
constexpr RoundsFunction kRounds = avx2::rounds;
const char *code_path() { return "avx2"; }
#else
constexpr RoundsFunction kRounds = portable::rounds;
const char *code_path() { return "portable"; }
#endif

void hash_message(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
                  std::size_t /*out_bytes: always d/8, checked by the module policy*/) {
  hash<AFS_TREDM_INSTANCE, kRounds>(msg, msg_bits, out);
}

const ngcc_instance_info kInfo = {
    AFS_TREDM_NAME, AFS_TREDM_NAME, "hash-01", "AFS-TrEDM",
    AFS_TREDM_DIGEST_BITS, 0, AFS_TREDM_DIGEST_BITS, NGCC_VARIANT, code_path,
};

}  // namespace

NGCC_DEFINE_MODULE(kInfo, hash_message)
