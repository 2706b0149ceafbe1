// Portable reference of the Laurus permutation (§3.5): ι, χ, θ, π per round,
// each step written as the digest states it. No intrinsics, host-endian free
// (the state is an array of 64-bit words).
#include "laurus/permutation.hpp"

#include "common/bits.hpp"

namespace laurus {
namespace {

// §3.2, 5-AND form: a0..a4 are rows 0..4 of one column.
void chi_column(std::uint64_t w[kStateWords], unsigned j) {
  const std::uint64_t a0 = w[j], a1 = w[5 + j], a2 = w[10 + j], a3 = w[15 + j], a4 = w[20 + j];
  const std::uint64_t b4 = a0 ^ (a3 & a4);
  const std::uint64_t b3 = a4 ^ (a2 & a3);
  const std::uint64_t b2 = a3 ^ (a1 & a2);
  const std::uint64_t b1 = a2 ^ (a1 & b4);
  const std::uint64_t b0 = a1 ^ (b3 & b4);
  w[j] = b0;
  w[5 + j] = b1;
  w[10 + j] = b2;
  w[15 + j] = b3;
  w[20 + j] = b4;
}

// §3.3: Xj <- Xj ^ rotr(E, tj) ^ F, E = XOR of the row, F = XOR of rotl(Xk, tk).
void theta_row(std::uint64_t w[kStateWords], unsigned i) {
  std::uint64_t *x = w + 5 * i;
  const unsigned *t = kThetaRotations[i];
  std::uint64_t e = 0, f = 0;
  for (unsigned j = 0; j < 5; ++j) {
    e ^= x[j];
    f ^= ngcc::rotl64(x[j], t[j]);
  }
  for (unsigned j = 0; j < 5; ++j) x[j] ^= ngcc::rotr64(e, t[j]) ^ f;
}

void pi(std::uint64_t w[kStateWords]) {
  std::uint64_t source[kStateWords];
  for (unsigned k = 0; k < kStateWords; ++k) source[k] = w[k];
  for (unsigned k = 0; k < kStateWords; ++k) w[k] = source[kPiSource[k]];
}

}  // namespace

void permute_portable_rounds(std::uint64_t w[kStateWords], unsigned rounds) {
  for (unsigned k = 0; k < rounds; ++k) {
    w[0] ^= kRoundConstants[k];
    for (unsigned j = 0; j < 5; ++j) chi_column(w, j);
    for (unsigned i = 0; i < 5; ++i) theta_row(w, i);
    pi(w);
  }
}

void permute_portable(std::uint64_t w[kStateWords]) { permute_portable_rounds(w, kRounds); }

}  // namespace laurus
