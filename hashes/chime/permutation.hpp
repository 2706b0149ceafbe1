// The CHIME permutation P15 / P20 (§4-§8 of docs/specs/hash-26-chime.md) and
// the block absorption built on it: the state, the round constants, and the
// table of implementations, each with the same operations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/bits.hpp"
#include "common/cpu_features.hpp"

namespace ngcc::chime {

// §2/§3: the state is six branches A0, A1, B0, B1, C0, C1 of four 64-bit
// words, in that order; word n is branch n/4, index n%4.
constexpr unsigned kBranchWords = 4;
constexpr unsigned kStateWords = 24;
using State = std::array<std::uint64_t, kStateWords>;

// §6: one 64-bit constant per round, XORed into all four words of A0.
// Transcribed from the table of §6 (rule: ((i+1)*0x9E3779B97F4A7C15) ^
// (0xDEADBEEF00000000 | i); the unit tests check both).
inline constexpr std::uint64_t kRoundConstants[20] = {
    0x409AC7567F4A7C15, 0xE2C34D9DFE94F82B, 0x040BD3C37DDF743D, 0xA670580AFD29F057,
    0xC9B8DE707C746C6D, 0x6BE164B7FBBEE87B, 0x8D29EAFD7B096495, 0x2F167324FA53E0AF,
    0x515EF96A799E5CB5, 0xF0877FD1F8E8D8DB, 0x12CF8417783354ED, 0xB4340A5EF77DD0F7,
    0xD67C908476C84D1D, 0x79A516CBF612C92B, 0x9BED9F31755D4535, 0x3DDA2578F4A7C15F,
    0x5F02ABBE73F23D75, 0xC14B31E5F33CB96B, 0x60B3B62B7287359D, 0x82F83C92F1D1B1B7,
};

// §7, §8: the end of round r on six branches a0, a1, b0, b1, c0, c1 of any
// branch type, in place: chi on the two triples the parity of r picks, then
// the branch rotation, forward or backward by the parity of r / 3. With r
// known at compile time the rotation is a renaming.
template <class Registers>
using BranchOf = decltype(Registers::a0);
template <unsigned r, class Registers>
NGCC_ALWAYS_INLINE void chi_and_rotate(
    Registers &s, void (*chi)(BranchOf<Registers> &, BranchOf<Registers> &, BranchOf<Registers> &)) {
  if constexpr (r % 2 == 0) {
    chi(s.a0, s.b0, s.c0);
    chi(s.a1, s.b1, s.c1);
  } else {
    chi(s.a0, s.b1, s.c1);
    chi(s.a1, s.b0, s.c0);
  }
  if constexpr ((r / 3) % 2 == 0)
    s = {s.c1, s.a0, s.a1, s.b0, s.b1, s.c0};  // forward
  else
    s = {s.a1, s.b0, s.b1, s.c0, s.c1, s.a0};  // backward
}

struct Params;  // chime.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // For each of nblocks consecutive rate-sized blocks: XOR it into the rate,
  // apply P, and for CHIME-1024 XOR the capacity as it was before P back into
  // the capacity (§10, §11).
  void (*absorb_blocks)(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p);
  // P with 15 or 20 rounds (§8), in place.
  void (*permute)(State &state, unsigned rounds);
};

// The implementations, one per permutation_<implementation>.cpp that this
// build compiles (the object each defines is its row's in
// hashes/variants.json), and their table kImplementations: declared in
// chime/implementations.hpp, which cmake/NgccFamily.cmake writes.

}  // namespace ngcc::chime

#include "chime/implementations.hpp"
