#include "toy.hpp"

extern "C" int toy_extra(void);  // in ../common/extra.c, which the settings add

int toy_hash(const unsigned char *msg, std::size_t bytes, unsigned char *digest, std::size_t digest_bytes)
{
    for (std::size_t i = 0; i < digest_bytes; i++)
        digest[i] = static_cast<unsigned char>(i);
    for (std::size_t i = 0; i < bytes; i++)
        digest[i % digest_bytes] ^= msg[i];
    return toy_extra() - 1;
}
