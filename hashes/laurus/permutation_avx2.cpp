// Laurus permutation for x86-64-v3 (compiled with -O3 -march=x86-64-v3).
// Same function as permute_portable (§3.5), restructured for speed:
//  - the state lives in local variables (fully unrolled rounds), so π costs
//    nothing: θ writes each result straight to its π destination (§7);
//  - χ uses the 5-AND form; ι is folded into the first χ input;
//  - rotations compile to BMI2 rorx.
#include "laurus/permutation.hpp"

namespace laurus {
namespace {

constexpr std::uint64_t rotl(std::uint64_t x, unsigned n) { return (x << n) | (x >> (64 - n)); }
constexpr std::uint64_t rotr(std::uint64_t x, unsigned n) { return (x >> n) | (x << (64 - n)); }

// kPiDest[s]: where π moves the word at position s (inverse of kPiSource).
struct PiDest {
  unsigned v[kStateWords];
  constexpr PiDest() : v() {
    for (unsigned d = 0; d < kStateWords; ++d) v[kPiSource[d]] = d;
  }
};
constexpr PiDest kPiDest;

// One round from a to b (a and b distinct).
__attribute__((always_inline)) inline void round(const std::uint64_t a[kStateWords],
                                                 std::uint64_t b[kStateWords],
                                                 std::uint64_t rc) {
  std::uint64_t c[kStateWords];
#pragma GCC unroll 5
  for (unsigned j = 0; j < 5; ++j) {
    const std::uint64_t a0 = j == 0 ? a[0] ^ rc : a[j];
    const std::uint64_t a1 = a[5 + j], a2 = a[10 + j], a3 = a[15 + j], a4 = a[20 + j];
    const std::uint64_t b4 = a0 ^ (a3 & a4);
    const std::uint64_t b3 = a4 ^ (a2 & a3);
    c[j] = a1 ^ (b3 & b4);
    c[5 + j] = a2 ^ (a1 & b4);
    c[10 + j] = a3 ^ (a1 & a2);
    c[15 + j] = b3;
    c[20 + j] = b4;
  }
#pragma GCC unroll 5
  for (unsigned i = 0; i < 5; ++i) {
    const std::uint64_t *x = c + 5 * i;
    const unsigned *t = kThetaRotations[i];
    const std::uint64_t e = x[0] ^ x[1] ^ x[2] ^ x[3] ^ x[4];
    const std::uint64_t f = rotl(x[0], t[0]) ^ rotl(x[1], t[1]) ^ rotl(x[2], t[2]) ^
                            rotl(x[3], t[3]) ^ rotl(x[4], t[4]);
#pragma GCC unroll 5
    for (unsigned j = 0; j < 5; ++j) b[kPiDest.v[5 * i + j]] = x[j] ^ rotr(e, t[j]) ^ f;
  }
}

}  // namespace

void permute_avx2(std::uint64_t w[kStateWords]) {
  std::uint64_t a[kStateWords], b[kStateWords];
#pragma GCC unroll 25
  for (unsigned k = 0; k < kStateWords; ++k) a[k] = w[k];
#pragma GCC unroll 16
  for (unsigned k = 0; k < kRounds; k += 2) {
    round(a, b, kRoundConstants[k]);
    round(b, a, kRoundConstants[k + 1]);
  }
#pragma GCC unroll 25
  for (unsigned k = 0; k < kStateWords; ++k) w[k] = a[k];
}

}  // namespace laurus
