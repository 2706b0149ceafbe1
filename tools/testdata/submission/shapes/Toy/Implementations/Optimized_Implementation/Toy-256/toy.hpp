#ifndef TOY_HPP
#define TOY_HPP
#include <cstddef>

int toy_hash(const unsigned char *msg, std::size_t bytes, unsigned char *digest, std::size_t digest_bytes);
#endif
