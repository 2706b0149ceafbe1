// The MasterCube primitive Cube-f (§§2-7 of docs/specs/hash-17-mastercube.md)
// and the block absorption built on it: the state, the round constants, and
// the table of implementations, each with the same operations. Cube-f is a
// transformation, not a permutation (§7).
#pragma once

#include <cstddef>
#include <cstdint>

#include "common/cpu_features.hpp"

namespace ngcc::mastercube {

// §2.1-§2.2: 96 cells of 16 bits in 12 rows x 8 columns; rows 0-5 are the
// upper half, rows 6-11 the lower half. Four cells share a 64-bit word: cell
// (row, col) is bits 16 (col % 4) .. 16 (col % 4) + 15 of word 2 row + col / 4.
// Word i is thus bytes 8i .. 8i+7 of the little-endian serialisation (§2.2),
// the upper half is words 0-11 and the lower half words 12-23.
constexpr int kRows = 12;
constexpr int kCols = 8;
constexpr int kHalfRows = 6;
constexpr int kWords = 24;

struct State {
  std::uint64_t word[kWords];
};

constexpr std::uint16_t cell(const State &s, int row, int col) {
  return static_cast<std::uint16_t>(s.word[2 * row + col / 4] >> (16 * (col % 4)));
}
constexpr void set_cell(State &s, int row, int col, std::uint16_t value) {
  std::uint64_t &w = s.word[2 * row + col / 4];
  const int shift = 16 * (col % 4);
  w = (w & ~(std::uint64_t{0xFFFF} << shift)) | std::uint64_t{value} << shift;
}

// §4.7 AddConstant: row 0 ^= K ^ k in round k. K is frac(pi), written in the
// spec as 243F 6A88 85A3 08D3 1319 8A2E 0370 7344; as implemented (and in the
// KATs) the word written at position j lands in cell 7 - j.
inline constexpr std::uint16_t kRoundConstantRow[kCols] = {0x7344, 0x0370, 0x8A2E, 0x1319,
                                                           0x08D3, 0x85A3, 0x6A88, 0x243F};

struct Params;  // mastercube.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // For each of n_blocks consecutive p.rate_bytes-byte blocks: XOR the block
  // into cells 0 .. rate_bytes/2 - 1 as little-endian words (§2.2), then
  // apply Cube-f.
  void (*absorb_blocks)(State &state, const std::uint8_t *blocks, std::size_t n_blocks, const Params &p);
  // Cube-f (§7), in place; named as the other families' primitive, though
  // Cube-f is no permutation.
  void (*permute)(State &state);
};

// The implementations, one per permutation_<implementation>.cpp that this
// build compiles (the object each defines is its row's in
// hashes/variants.json), and their table kImplementations: declared in
// mastercube/implementations.hpp, which cmake/NgccFamily.cmake writes.

// The layers and rounds of the portable implementation (§§4-7), one function
// each so that the intermediate values of §12 can be checked.
namespace layers {
void cross_mix(State &s);                 // CM  §4.1 (involution)
void swap_rows(State &s);                 // SR  §4.2 (involution)
void mandrx(State &s);                    // MAndRX §4.3
void mandrx_inverse(State &s);            // MAndRX^-1 §4.3
void mix_columns(State &s);               // MC  §4.4 (M1 upper, M2 lower)
void shift_rows(State &s);                // SHR §4.5
void shift_rows_inverse(State &s);        // SHR^-1 §4.5
void mix_rows(State &s);                  // MR  §4.6 (involution)
void add_constant(State &s, unsigned k);  // AC(k) §4.7
void half_exchange(State &s);             // HX  §6
void forward_round(State &s, unsigned k);  // R_k  §5
void inverse_round(State &s, unsigned k);  // IR_k §6, as implemented
void cube_f(State &s);                     // §7
}  // namespace layers

}  // namespace ngcc::mastercube

#include "mastercube/implementations.hpp"
