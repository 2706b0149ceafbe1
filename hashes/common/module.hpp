// The one module definition. Every module of ours is two translation units:
// a definition generated per (instance, implementation) from its family's
// candidate.json (cmake/module_definition.cpp.in, compiled with the
// variant's flags), and module_entry.cpp (compiled with the reference flags,
// so the argument and CPU checks run on any x86-64), which exports CryptHash
// and ngcc_instance().
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/cpu_features.hpp"
#include "ngcc/crypthash.h"

namespace ngcc {

// The algorithm proper: msg is never NULL when msg_bits > 0, out has
// out_bytes bytes, out_bytes*8 is a width the instance accepts and msg_bits
// a length it is defined for.
using HashFunction = void (*)(const std::uint8_t *msg, std::uint64_t msg_bits,
                              std::uint8_t *out, std::size_t out_bytes);

// The message lengths an algorithm is defined for: every bit length (every
// candidate), or whole bytes only (the ICCS helpers, docs/iccs-helpers.md),
// whose CryptHash refuses the others with NGCC_ERR_MESSAGE_LENGTH.
enum class MessageLengths { kAnyBits, kWholeBytes };

struct ModuleDefinition {
  // Everything but cpu_features and code_path, which module_entry.cpp derives.
  ngcc_instance_info info;
  CpuFeatures needs;  // the extensions the algorithm code was compiled for
  HashFunction hash;
  MessageLengths lengths;
};

// Defined in the module's generated source.
extern const ModuleDefinition kModuleDefinition;

}  // namespace ngcc
