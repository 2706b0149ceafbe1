// Isolated memory figures of one module (docs/architecture.md §4, docs/method.md "Memory"):
//  - static_bytes: Σ p_memsz of the module's PT_LOAD segments, found with
//    dl_iterate_phdr (the published "ELF image", readelf -lW MemSiz sum);
//  - stack and heap high-water marks of ONE call, measured on a dedicated,
//    painted stack with allocation counting switched on for that call only.
// The process-level RSS proxies are taken by ngcc-driver in a fresh process.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>

namespace ngcc::bench {

// Σ p_memsz over PT_LOAD segments of the loaded object containing `address`
// (any symbol of the module, e.g. its CryptHash); 0 if no object contains it.
std::uint64_t static_bytes_of(const void *address);

struct CallMemory {
  std::size_t stack_bytes = 0;  // deepest stack use, minus an empty call's
  std::size_t heap_bytes = 0;   // peak of live requested bytes during the call
  std::size_t allocations = 0;  // number of allocation calls during the call
};

// Runs `call` once on a dedicated 1 MiB stack painted with a pattern, with
// allocation counting on. stack_bytes is the painted region overwritten by
// the call, minus what an empty std::function call overwrites on the same
// stack (the probe's own frames), so it measures the callee's frames.
CallMemory measure_call(const std::function<void()> &call);

}  // namespace ngcc::bench
