// One CryptHash call on a message of MESSAGE_BYTES bytes, linked statically
// with one module's objects: the process tools/hashbench/mca/trace.py traces
// instruction by instruction. Exit status: CryptHash's.
#include <cstdio>
#include <cstdlib>
#include <vector>

#include "ngcc/crypthash.h"

int main(int argc, char **argv) {
  if (argc != 3) {
    std::fprintf(stderr, "usage: %s DIGEST_BITS MESSAGE_BYTES\n", argv[0]);
    return 2;
  }
  const int digest_bits = std::atoi(argv[1]);
  const unsigned long long bytes = std::strtoull(argv[2], nullptr, 10);
  std::vector<unsigned char> msg(bytes + 1), digest(static_cast<std::size_t>(digest_bits) / 8 + 1);
  for (unsigned long long i = 0; i < bytes; ++i) msg[i] = static_cast<unsigned char>(i * 131 + 7);
  return CryptHash(digest_bits, msg.data(), 8 * bytes, digest.data());
}
