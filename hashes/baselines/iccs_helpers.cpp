// The ICCS helper functions sm3hash, pseudohash and pseudoXOF as same-run
// baselines (docs/iccs-helpers.md: definitions, widths, key and source), on
// OpenSSL libcrypto's SM3 (GB/T 32905-2016) and HMAC (RFC 2104). The
// published campaign's relative figures divide by pseudoXOF at the
// candidate's width. One module per (helper, width), chosen by compile
// definitions (CMakeLists.txt):
//   NGCC_ICCS_NAME    instance name, e.g. "pseudoXOF-512"
//   NGCC_ICCS_HELPER  kSm3hash, kPseudohash or kPseudoXof
//   NGCC_ICCS_BITS    the output width, the only one CryptHash accepts
//
// The definitions are on byte strings and no bit-level extension is
// published, so a message length that is not a multiple of 8 is refused
// with NGCC_ERR_MESSAGE_LENGTH (MessageLengths::kWholeBytes below) rather
// than given a digest of our invention.
#include <openssl/core_names.h>
#include <openssl/evp.h>
#include <openssl/params.h>

#include <algorithm>
#include <array>
#include <cstdint>
#include <initializer_list>

#include "common/module.hpp"
#include "process_lifetime.hpp"

namespace {

enum class Helper { kSm3hash, kPseudohash, kPseudoXof };
constexpr Helper kHelper = Helper::NGCC_ICCS_HELPER;
constexpr int kBits = NGCC_ICCS_BITS;

static_assert(kBits > 0 && kBits % 8 == 0, "the helpers output whole bytes");
static_assert(kHelper != Helper::kSm3hash || kBits == 256, "sm3hash is SM3, 256 bits");
static_assert(kHelper != Helper::kPseudohash || kBits == 512 || kBits == 768 || kBits == 1024,
              "pseudohash is defined for 512, 768 and 1024 bits only");

constexpr const char *kFullName = kHelper == Helper::kSm3hash      ? "ICCS sm3hash: SM3 (OpenSSL EVP)"
                                  : kHelper == Helper::kPseudohash ? "ICCS pseudohash: HMAC-SM3 cascade (OpenSSL EVP)"
                                                                   : "ICCS pseudoXOF: SM3 counter-mode KDF (OpenSSL EVP)";

using Sm3Digest = std::array<std::uint8_t, 32>;  // GB/T 32905-2016: 256 bits

// The fixed HMAC key of the helpers (docs/iccs-helpers.md; published in
// ngcc-harness performance/iccs/selftest.py). 64 bytes, SM3's block size, so
// RFC 2104 uses it as is.
constexpr std::uint8_t kMacKey[64] = {
    0x53, 0x07, 0xf6, 0xd5, 0xeb, 0x6a, 0x3c, 0xed, 0x3d, 0x24, 0xc5, 0x3c, 0xc9, 0xc8, 0x2c, 0xce,
    0x2f, 0x89, 0x36, 0x39, 0x70, 0x23, 0xf0, 0x69, 0x5c, 0x26, 0xc8, 0x0c, 0x1a, 0xb1, 0x82, 0xa7,
    0x1d, 0xb0, 0x2b, 0xa9, 0x2f, 0x54, 0x40, 0x18, 0x11, 0x5a, 0x96, 0xe7, 0x19, 0x66, 0x2c, 0xa3,
    0x2b, 0x7c, 0x7e, 0xfc, 0x0a, 0x6d, 0x24, 0x82, 0x15, 0x07, 0x66, 0xba, 0x6f, 0x65, 0x5b, 0x8e,
};

// One part of a concatenation: the definitions hash and MAC concatenations,
// which are fed part by part instead of being copied together.
struct Bytes {
  Bytes(const std::uint8_t *bytes, std::size_t count) : data(bytes), size(count) {}
  template <std::size_t N>
  Bytes(const std::array<std::uint8_t, N> &bytes) : data(bytes.data()), size(N) {}
  template <std::size_t N>
  Bytes(const std::uint8_t (&bytes)[N]) : data(bytes), size(N) {}
  const std::uint8_t *data;
  std::size_t size;
};

// Fetched once per process (an implicit fetch per call would cost more than
// a short message's hash); immutable afterwards.
const EVP_MD *sm3_algorithm() {
  static const EVP_MD *const md = kept_for_the_process(EVP_MD_fetch(nullptr, "SM3", nullptr));
  return md;
}

EVP_MAC *hmac_algorithm() {
  static EVP_MAC *const mac = kept_for_the_process(EVP_MAC_fetch(nullptr, "HMAC", nullptr));
  return mac;
}

// sm3(parts...): false if libcrypto failed.
bool sm3(std::initializer_list<Bytes> parts, Sm3Digest &out) {
  EVP_MD_CTX *ctx = EVP_MD_CTX_new();
  bool ok = ctx != nullptr && sm3_algorithm() != nullptr && EVP_DigestInit_ex2(ctx, sm3_algorithm(), nullptr) == 1;
  for (const Bytes &part : parts) ok = ok && EVP_DigestUpdate(ctx, part.data, part.size) == 1;
  ok = ok && EVP_DigestFinal_ex(ctx, out.data(), nullptr) == 1;
  EVP_MD_CTX_free(ctx);
  return ok;
}

// mac(parts...): HMAC-SM3 under kMacKey; false if libcrypto failed.
bool mac(std::initializer_list<Bytes> parts, Sm3Digest &out) {
  EVP_MAC_CTX *ctx = hmac_algorithm() != nullptr ? EVP_MAC_CTX_new(hmac_algorithm()) : nullptr;
  char digest_name[] = "SM3";
  const OSSL_PARAM params[] = {OSSL_PARAM_construct_utf8_string(OSSL_MAC_PARAM_DIGEST, digest_name, 0),
                               OSSL_PARAM_construct_end()};
  bool ok = ctx != nullptr && EVP_MAC_init(ctx, kMacKey, sizeof kMacKey, params) == 1;
  for (const Bytes &part : parts) ok = ok && EVP_MAC_update(ctx, part.data, part.size) == 1;
  std::size_t written = 0;
  ok = ok && EVP_MAC_final(ctx, out.data(), &written, out.size()) == 1 && written == out.size();
  EVP_MAC_CTX_free(ctx);
  return ok;
}

// sm3hash(m): SM3 of the message.
bool sm3hash(Bytes m, std::uint8_t *out, std::size_t) {
  Sm3Digest digest;
  const bool ok = sm3({m}, digest);
  std::copy(digest.begin(), digest.end(), out);
  return ok;
}

// pseudoXOF(w, m): sm3(m ‖ ct) for the 32-bit big-endian counter ct = 1, 2,
// ..., concatenated and cut to out_bytes. Every block hashes the whole
// message again, as the definition reads.
bool pseudo_xof(Bytes m, std::uint8_t *out, std::size_t out_bytes) {
  bool ok = true;
  for (std::uint32_t ct = 1; ok && out_bytes > 0; ++ct) {
    const std::uint8_t counter[4] = {static_cast<std::uint8_t>(ct >> 24), static_cast<std::uint8_t>(ct >> 16),
                                     static_cast<std::uint8_t>(ct >> 8), static_cast<std::uint8_t>(ct)};
    Sm3Digest block;
    ok = sm3({m, counter}, block);
    const std::size_t n = std::min(out_bytes, block.size());
    out = std::copy_n(block.begin(), n, out);
    out_bytes -= n;
  }
  return ok;
}

// pseudohash(w, m), w = 8 * out_bytes in {512, 768, 1024}: h1 ‖ ... ‖ h(w/256),
// computing only the blocks the width needs.
bool pseudohash(Bytes m, std::uint8_t *out, std::size_t out_bytes) {
  const std::uint8_t dom[2] = {static_cast<std::uint8_t>(out_bytes * 8 / 256), 0};
  const std::size_t blocks = out_bytes / sizeof(Sm3Digest);
  Sm3Digest h1, h2, h3, h4, k1, k2, k3, k4;
  bool ok = mac({dom, m}, k1) && sm3({m, dom}, h1) && sm3({k1, h1}, h2);
  if (blocks >= 3) ok = ok && mac({h1}, k2) && sm3({h2, k2}, h3);
  if (blocks >= 4) ok = ok && mac({h2}, k3) && mac({h3}, k4) && sm3({k3, h3, k4}, h4);
  const Sm3Digest *const output[] = {&h1, &h2, &h3, &h4};
  for (std::size_t i = 0; i < blocks; ++i) out = std::copy(output[i]->begin(), output[i]->end(), out);
  return ok;
}

// module_entry.cpp has checked the arguments: out_bytes = kBits / 8 and
// msg_bits a multiple of 8.
void hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out, std::size_t out_bytes) {
  // One entry per Helper, in its order: the module's is chosen at compile time.
  constexpr bool (*kHelpers[])(Bytes, std::uint8_t *, std::size_t) = {sm3hash, pseudohash, pseudo_xof};
  const Bytes m(msg, static_cast<std::size_t>(msg_bits / 8));
  const bool ok = kHelpers[static_cast<int>(kHelper)](m, out, out_bytes);
  // The CryptHash boundary has no code for a library failure; an all-zero
  // digest makes one visible in any comparison (as instances.cpp does).
  if (!ok) std::fill_n(out, out_bytes, 0);
}

}  // namespace

const ngcc::ModuleDefinition ngcc::kModuleDefinition{
    {NGCC_ICCS_NAME, NGCC_ICCS_NAME, "baseline", "ICCS", kFullName, kBits, 0, kBits, "", "iccs", "openssl-evp",
     NGCC_MODULE_BUILD_FLAGS, nullptr, nullptr},
    0,
    hash,
    ngcc::MessageLengths::kWholeBytes,
};
