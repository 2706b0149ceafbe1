/* Test fixture: a syntax error the submission builder must report in one line. */
#include "CryptHash_AlgorithmInstance.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest) {
  return digest_len_bits msg_len_bits;
}
