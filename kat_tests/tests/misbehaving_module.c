/* A library exporting CryptHash that misbehaves in one way, chosen when it
 * is built (NGCC_MISBEHAVE), for the tests that ngcc-kat and the guarded
 * calls name what it did and survive it:
 *   1 writes 128 bytes whatever digest_len_bits asks for
 *   2 reads the byte after the message
 *   3 writes to address 0 in the call with msg_len_bits 5
 *   4 exports ngcc_instance() and returns NGCC_ERR_UNSUPPORTED_CPU, as an
 *     avx512 module does on a CPU without AVX-512
 *   5 returns NGCC_ERR_MESSAGE_LENGTH for every length, whole bytes too */
#include <string.h>

#include "ngcc/crypthash.h"

NGCC_EXPORT int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
                          unsigned char *digest) {
  const unsigned long long bytes = msg_len_bits / 8 + (msg_len_bits % 8 != 0);
  (void)digest_len_bits, (void)msg, (void)bytes, (void)digest;
#if NGCC_MISBEHAVE == 1
  memset(digest, 0xA5, 128);
#elif NGCC_MISBEHAVE == 2
  digest[0] = ((const volatile unsigned char *)msg)[bytes];
#elif NGCC_MISBEHAVE == 3
  if (msg_len_bits == 5) *(volatile int *)0 = 1;
#elif NGCC_MISBEHAVE == 4
  return NGCC_ERR_UNSUPPORTED_CPU;
#elif NGCC_MISBEHAVE == 5
  return NGCC_ERR_MESSAGE_LENGTH;
#endif
  return NGCC_OK;
}

#if NGCC_MISBEHAVE == 4
/* As long as a real one (module.hpp), so a tool that shortens it shows. */
static const char *code_path(void) {
  return "avx512 (AVX2 BMI1 BMI2 FMA AVX512F AVX512BW AVX512VL AVX512VBMI2): not supported by this CPU, which lacks "
         "AVX512F AVX512BW AVX512VL AVX512VBMI2; CryptHash returns NGCC_ERR_UNSUPPORTED_CPU";
}

NGCC_EXPORT const ngcc_instance_info *ngcc_instance(void) {
  static const ngcc_instance_info info = {
      "CHIME-512", "CHIME-512", "hash-26", "CHIME", "The Hash Function CHIME", 512, 0, 512, "SHA-512",
      "avx512",    "avx512",    "",        "AVX512F", code_path};
  return &info;
}
#endif
