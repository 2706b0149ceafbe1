/* Toy instance of our own making: the shape of a NICCS instance directory. */
#ifndef CRYPTHASH_ALGORITHM_INSTANCE_H
#define CRYPTHASH_ALGORITHM_INSTANCE_H

#define ALGORITHM_INSTANCE "Toy-256"
#define DIGEST_BIT_LENGTH 256

#ifdef __cplusplus
extern "C" {
#endif
int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest);
#ifdef __cplusplus
}
#endif
#endif
