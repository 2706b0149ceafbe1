// A module of a test family whose code this CPU "cannot run": CryptHash
// checks its arguments, then returns NGCC_ERR_UNSUPPORTED_CPU, as an avx512
// module does on a CPU without AVX-512. The bench must skip it, naming it.
#include "ngcc/crypthash.h"

namespace {

const char *code_path() { return "avx512 (AVX512F): not supported by this CPU, which lacks AVX512F"; }

const ngcc_instance_info kInfo = {
    "Probe-32", "Probe-32", "hash-98", "Test", "The Test Probe", 32, 0, 32, "SHA-256", "avx512", "avx512",
    "-O2", "AVX512F", code_path,
};

}  // namespace

extern "C" NGCC_EXPORT const ngcc_instance_info *ngcc_instance(void) { return &kInfo; }

extern "C" NGCC_EXPORT int CryptHash(int digest_len_bits, const unsigned char *msg,
                                     unsigned long long msg_len_bits, unsigned char *digest) {
  if (digest == nullptr) return NGCC_ERR_NULL_DIGEST;
  if (msg == nullptr && msg_len_bits > 0) return NGCC_ERR_NULL_MESSAGE;
  if (digest_len_bits != 32) return NGCC_ERR_DIGEST_LENGTH;
  return NGCC_ERR_UNSUPPORTED_CPU;
}
