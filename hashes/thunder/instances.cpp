// One Thunder module: compiled once per (instance, variant). CMake sets
// NGCC_THUNDER_PARAMS to the instance's Params object (thunder.hpp) and, for
// the opt variant, NGCC_THUNDER_OPT.
#include "common/module.hpp"
#include "thunder/thunder.hpp"

namespace {

namespace th = ngcc::thunder;
constexpr const th::Params &kParams = th::NGCC_THUNDER_PARAMS;

#ifdef NGCC_THUNDER_OPT
constexpr th::Permutation kPermute = th::permute_avx2;
const char *code_path() { return "avx2"; }
#else
constexpr th::Permutation kPermute = th::permute_portable;
const char *code_path() { return "portable"; }
#endif

void hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out, std::size_t out_bytes) {
  th::hash<kParams>(kPermute, msg, msg_bits, out, out_bytes);
}

const ngcc_instance_info kInfo = {
    kParams.name,
    kParams.name,  // the KAT ALGORITHM_INSTANCE is the instance name
    "hash-33",
    "Thunder",
    kParams.digest_bits(),
    kParams.is_xof ? 1 : 0,
    kParams.is_xof ? NGCC_XOF_MAX_DIGEST_BITS : kParams.digest_bits(),
    NGCC_VARIANT,
    &code_path,
};

}  // namespace

NGCC_DEFINE_MODULE(kInfo, hash)
