#include "toy.h"

int main(void)
{
    unsigned char digest[128];
    toy_fold((const unsigned char *)"abc", 3, digest, sizeof digest);
    return digest[0];
}
