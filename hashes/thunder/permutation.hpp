// The Thunder permutation Thunder-p (§3 of docs/specs/hash-33-thunder.md) and
// the block absorption built on it (§4.2): the state, the constants, and the
// table of implementations, each with the same operations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/cpu_features.hpp"

namespace ngcc::thunder {

// §2: 5 x 5 lanes of 64 bits, lane (x, y) is word x + 5y (common/lanes.hpp).
constexpr int kLanes = 25;
using State = std::array<std::uint64_t, kLanes>;
constexpr int kRounds = 12;

// §3.1, transcribed from its tables.
// Round constants RC[i], XORed into lane 0 by ι.
inline constexpr std::uint64_t kRoundConstants[kRounds] = {
    0x0001, 0x0003, 0x000A, 0x0088, 0x8081, 0x8002, 0x0009, 0x0083, 0x800A, 0x0089, 0x8083, 0x800B};
// ρ: right-rotation amount of lane k.
inline constexpr unsigned kRho[kLanes] = {45, 33, 13, 1,  27, 40, 52, 19, 47, 9,  34, 5, 0,
                                          2,  37, 48, 30, 61, 8,  38, 6,  18, 49, 17, 43};
// θ: T[y], u and s.
inline constexpr unsigned kThetaT[5] = {41, 50, 6, 10, 27};
inline constexpr unsigned kThetaU = 26;
inline constexpr unsigned kThetaS = 36;

struct Params;  // thunder.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // For each of nblocks consecutive rate_bytes blocks (§4.2): XOR block bytes
  // 8i..8i+7 (big-endian) into lane 24 - i, apply Thunder-p, and XOR the
  // capacity lanes as they were just before it back into the capacity.
  void (*absorb_blocks)(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p);
  // Thunder-p (§3), in place.
  void (*permute)(State &state);
};

// The implementations, one per permutation_<implementation>.cpp that this
// build compiles (the object each defines is its row's in
// hashes/variants.json), and their table kImplementations: declared in
// thunder/implementations.hpp, which cmake/NgccFamily.cmake writes.

// The five steps of a round of the portable implementation (§3.2), for the
// round-0 trace of §11.
namespace steps {
void iota(State &state, int round);
void rho(State &state);
void theta(State &state);
void pi(State &state);
void psi(State &state);
}  // namespace steps

}  // namespace ngcc::thunder

#include "thunder/implementations.hpp"
