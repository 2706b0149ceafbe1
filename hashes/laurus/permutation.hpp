// The Laurus permutation P (§3): constants and the two implementations.
#pragma once

#include <cstdint>

#include "laurus/laurus.hpp"

namespace laurus {

// §3.1, table; RC[k+1] = RC[k] * x in GF(2^64) mod
// x^64 + x^63 + x^62 + x^54 + x^40 + x^35 + x^15 + x + 1 (checked by a unit test).
inline constexpr std::uint64_t kRoundConstants[kRounds] = {
    0xb7e151628aed2a6a, 0xaf82a3cd15dad4d7, 0x9f4546922bb529ad, 0xfeca8c2c576ad359,
    0x3dd51950aed526b1, 0x7baa32a15daa4d62, 0xf7546542bb549ac4, 0x2ee8cb8d76a9b58b,
    0x5dd1971aed536b16, 0xbba32e35daa6d62c, 0xb7065d63b54d2c5b, 0xae4cbbcf6a9ad8b5,
    0x9cd97696d5353169, 0xf9f2ec25aa6ae2d1, 0x33a5d94354d545a1, 0x674bb286a9aa8b42,
};

// §3.3: rotation amounts of θ, T[row][column].
inline constexpr unsigned kThetaRotations[5][5] = {
    {31, 1, 4, 21, 22},  {19, 12, 15, 34, 13}, {28, 35, 58, 9, 23},
    {55, 18, 5, 27, 44}, {14, 43, 53, 20, 25},
};

// §3.4: π, W'[dest] = W[kPiSource[dest]] = W[5((i+2j) mod 5) + (3i+3j) mod 5].
inline constexpr unsigned kPiSource[kStateWords] = {
    0, 13, 21, 9, 17, 8, 16, 4, 12, 20, 11, 24, 7, 15, 3, 19, 2, 10, 23, 6, 22, 5, 18, 1, 14,
};

// Portable reference (permutation.cpp), readable against §3.5.
void permute_portable(std::uint64_t w[kStateWords]);
// First `rounds` rounds only, for the round check values of §9.4.
void permute_portable_rounds(std::uint64_t w[kStateWords], unsigned rounds);

// x86-64-v3 implementation (permutation_avx2.cpp); same output as the above.
void permute_avx2(std::uint64_t w[kStateWords]);

}  // namespace laurus
