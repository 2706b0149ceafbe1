// One module = one Laurus instance and one variant. CMake sets
// LAURUS_INSTANCE (index into laurus::kInstances), NGCC_VARIANT, and
// LAURUS_OPT for the opt variant (x86-64-v3; AVX2 is its baseline, so there is
// no run-time dispatch: no AVX-512 path was written, see permutation_avx2.cpp).
#include "common/module.hpp"
#include "laurus/laurus.hpp"
#include "laurus/permutation.hpp"

#ifndef LAURUS_INSTANCE
#error "LAURUS_INSTANCE must be defined (index into laurus::kInstances)"
#endif

namespace {

constexpr laurus::Instance kInstance = laurus::kInstances[LAURUS_INSTANCE];

#ifdef LAURUS_OPT
constexpr laurus::Permutation kPermute = laurus::permute_avx2;
const char *code_path() { return "avx2"; }
#else
constexpr laurus::Permutation kPermute = laurus::permute_portable;
const char *code_path() { return "portable"; }
#endif

void hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
          std::size_t out_bytes) {
  laurus::Mode<kInstance.capacity_bits>::hash(kPermute, kInstance.fid, msg, msg_bits, out,
                                              out_bytes);
}

const ngcc_instance_info kInfo = {
    kInstance.name,
    kInstance.kat_name,
    "hash-14",
    "Laurus",
    static_cast<int>(kInstance.digest_bits),
    kInstance.is_xof ? 1 : 0,
    kInstance.is_xof ? NGCC_XOF_MAX_DIGEST_BITS : static_cast<int>(kInstance.digest_bits),
    NGCC_VARIANT,
    code_path,
};

}  // namespace

NGCC_DEFINE_MODULE(kInfo, hash)
