#include "toy.h"

void toy_fold(const unsigned char *msg, unsigned long long bytes, unsigned char *digest, unsigned digest_bytes)
{
    unsigned long long i;
    for (i = 0; i < digest_bytes; i++)
        digest[i] = (unsigned char)i;
    for (i = 0; i < bytes; i++)
        digest[i % digest_bytes] ^= msg[i];
}
