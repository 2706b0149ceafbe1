// One OpenSSL EVP baseline per module (see CMakeLists.txt): the bench measures
// these in the same run as the candidates. Compile definitions:
//   NGCC_BASELINE_NAME  instance name, e.g. "SHA-512"
//   NGCC_BASELINE_EVP   OpenSSL 3 algorithm name, e.g. "SHA2-512"
//   NGCC_BASELINE_BITS  digest width used by the bench (KAT width compared with)
//   NGCC_BASELINE_XOF   1 for SHAKE256 (any multiple of 8 up to 65536 bits)
//
// Bit strings: these are byte-oriented hashes. A message of n bits is hashed
// as ceil(n/8) bytes; when n is not a multiple of 8 the last byte is hashed
// with its unused low bits cleared (so they never change the digest, as
// crypthash.h requires), which is NOT the bit-level SHA-2/SHA-3 of the n-bit
// string. The bench only uses whole bytes.
#include <openssl/evp.h>

#include <cstdint>

#include "common/module.hpp"
#include "process_lifetime.hpp"

namespace {

// Fetched once per process (OpenSSL 3 implicit fetches cost more than a
// small hash); immutable afterwards.
const EVP_MD *digest_algorithm() {
  static const EVP_MD *const md = kept_for_the_process(EVP_MD_fetch(nullptr, NGCC_BASELINE_EVP, nullptr));
  return md;
}

void hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out,
          std::size_t out_bytes) {
  const std::uint64_t whole = msg_bits / 8;
  const unsigned rest = static_cast<unsigned>(msg_bits % 8);
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  bool ok = ctx != nullptr && digest_algorithm() != nullptr &&
            EVP_DigestInit_ex2(ctx, digest_algorithm(), nullptr) == 1 &&
            EVP_DigestUpdate(ctx, msg, static_cast<std::size_t>(whole)) == 1;
  if (ok && rest != 0) {
    const std::uint8_t last = static_cast<std::uint8_t>(msg[whole] & (0xFFu << (8 - rest)));
    ok = EVP_DigestUpdate(ctx, &last, 1) == 1;
  }
#if NGCC_BASELINE_XOF
  ok = ok && EVP_DigestFinalXOF(ctx, out, out_bytes) == 1;
#else
  ok = ok && EVP_DigestFinal_ex(ctx, out, nullptr) == 1;
#endif
  // The CryptHash boundary has no error code for a library failure; an
  // all-zero digest makes it visible in any comparison instead of leaving
  // stale bytes.
  if (!ok)
    for (std::size_t i = 0; i < out_bytes; ++i) out[i] = 0;
  EVP_MD_CTX_free(ctx);
}

}  // namespace

const ngcc::ModuleDefinition ngcc::kModuleDefinition{
    {NGCC_BASELINE_NAME, NGCC_BASELINE_EVP, "baseline", "OpenSSL", NGCC_BASELINE_EVP " (OpenSSL EVP)",
     NGCC_BASELINE_BITS, NGCC_BASELINE_XOF,
     NGCC_BASELINE_XOF ? NGCC_XOF_MAX_DIGEST_BITS : NGCC_BASELINE_BITS, "", "openssl",
     "openssl-evp", NGCC_MODULE_BUILD_FLAGS, nullptr, nullptr},
    0,
    hash,
    ngcc::MessageLengths::kAnyBits,
};
