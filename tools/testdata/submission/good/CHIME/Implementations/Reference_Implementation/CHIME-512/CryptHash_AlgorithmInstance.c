/* Test fixture: the instance's CryptHash. Like much submitted reference code
 * it writes its whole digest whatever digest_len_bits says. */
#include "CryptHash_AlgorithmInstance.h"
#include "chime.h"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest) {
  (void)digest_len_bits;
  chime512(msg, msg_len_bits, digest);
  return 0;
}
