// Self-test of the ct check: a module that branches on, and indexes a table
// with, the message. ctest expects ctgrind.py to report both sites.
#include <cstddef>
#include <cstdint>

#include "common/module.hpp"

namespace {

const std::uint8_t kTable[256] = {1, 2, 3};

void leaky_hash(const std::uint8_t *msg, std::uint64_t msg_bits, std::uint8_t *out, std::size_t out_bytes) {
  std::uint8_t acc = 0;
  for (std::uint64_t i = 0; i < msg_bits / 8; ++i) {
    if (msg[i] & 1) acc ^= 0x5A;  // secret-dependent branch
    acc ^= kTable[msg[i]];        // secret-dependent index
  }
  for (std::size_t i = 0; i < out_bytes; ++i) out[i] = acc;
}

}  // namespace

const ngcc::ModuleDefinition ngcc::kModuleDefinition{
    {"CT-Leaky", "CT-Leaky", "selftest", "selftest", "ct self-test", 256, 0, 256, "", "ref", "leaky",
     "-O0 -g", nullptr, nullptr},
    0,
    leaky_hash,
    ngcc::MessageLengths::kAnyBits,
};
