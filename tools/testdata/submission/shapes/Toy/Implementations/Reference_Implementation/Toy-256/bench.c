#include <stdio.h>
#include "CryptHash_AlgorithmInstance.h"

int main(void)
{
    unsigned char digest[DIGEST_BIT_LENGTH / 8];
    printf("%d\n", CryptHash(DIGEST_BIT_LENGTH, (const unsigned char *)"abc", 24, digest));
    return 0;
}
