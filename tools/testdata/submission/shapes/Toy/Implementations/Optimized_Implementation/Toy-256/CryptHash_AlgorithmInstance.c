#include "CryptHash_AlgorithmInstance.h"
#include "toy.hpp"

int CryptHash(int digest_len_bits, const unsigned char *msg, unsigned long long msg_len_bits, unsigned char *digest)
{
    return toy_hash(msg, static_cast<std::size_t>((msg_len_bits + 7) / 8), digest,
                    static_cast<std::size_t>(digest_len_bits / 8));
}
