#include <stdio.h>
#include "CryptHash_AlgorithmInstance.h"
#include "toy.c"  /* a program may compile a library source in: it stays a source of the library */

void main(void)  /* as older programs write it */
{
    unsigned char digest[DIGEST_BIT_LENGTH / 8];
    printf("%d\n", CryptHash(DIGEST_BIT_LENGTH, (const unsigned char *)"abc", 24, digest));
}
