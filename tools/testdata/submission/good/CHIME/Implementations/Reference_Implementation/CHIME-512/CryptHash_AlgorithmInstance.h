/* Test fixture of ngcc-hashbench: an instance header in the layout of the
 * NICCS API_CryptHash package (the three macros and the prototype). */
#ifndef CRYPTHASH_ALGORITHM_INSTANCE_H
#define CRYPTHASH_ALGORITHM_INSTANCE_H

#define OUTPUT_BLANK_TEST_VECTORS 0
#define ALGORITHM_INSTANCE "CHIME-512"
#define DIGEST_BIT_LENGTH 512

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits,
              unsigned char *digest);

#endif
