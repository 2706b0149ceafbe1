// A module with a known memory use per CryptHash call, for the memory-probe
// test: 16 KiB of stack (one array, touched byte by byte) and a heap peak of
// exactly 15000 requested bytes (10000 + 5000 live together, then 3000).
// Exports only CryptHash; it is not an NGCC hash (the "digest" is a checksum).
#include <cstdlib>
#include <cstring>

#include "ngcc/crypthash.h"

namespace {

constexpr std::size_t kStackArray = 16384;

__attribute__((noinline)) unsigned stack_part(const unsigned char *msg, unsigned long long bytes) {
  volatile unsigned char buf[kStackArray];
  for (std::size_t i = 0; i < kStackArray; ++i) buf[i] = static_cast<unsigned char>(i + (bytes ? msg[0] : 0));
  unsigned sum = 0;
  for (std::size_t i = 0; i < kStackArray; i += 512) sum += buf[i];
  return sum;
}

__attribute__((noinline)) unsigned heap_part() {
  auto *a = static_cast<unsigned char *>(std::malloc(10000));
  auto *b = static_cast<unsigned char *>(std::malloc(5000));
  if (a == nullptr || b == nullptr) {
    std::free(a);
    std::free(b);
    return 0;
  }
  std::memset(a, 1, 10000);
  std::memset(b, 2, 5000);
  unsigned sum = a[9999] + b[4999];
  std::free(a);
  std::free(b);
  auto *c = static_cast<unsigned char *>(std::malloc(3000));
  if (c != nullptr) {
    std::memset(c, 3, 3000);
    sum += c[2999];
  }
  std::free(c);
  return sum;
}

}  // namespace

extern "C" NGCC_EXPORT int CryptHash(int digest_len_bits, const unsigned char *msg,
                                     unsigned long long msg_len_bits, unsigned char *digest) {
  if (digest == nullptr || digest_len_bits != 32) return NGCC_ERR_DIGEST_LENGTH;
  const unsigned sum = heap_part() + stack_part(msg, msg_len_bits / 8);
  std::memcpy(digest, &sum, 4);
  return NGCC_OK;
}
