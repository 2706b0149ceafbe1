// Portable MasterCube primitive: the layers of §4 on the state's 64-bit
// words, four cells each (permutation.hpp), so that one word operation does
// four cells: CrossMix, MixColumns and MAndRX pair whole words, a row is two
// words. Byte order enters only where bytes are absorbed (load_le64).
#include <utility>

#include "mastercube/mastercube.hpp"

namespace ngcc::mastercube {
namespace layers {
namespace {

// The lowest bit of every cell of a word.
constexpr std::uint64_t kEveryCell = 0x0001000100010001;

// Every cell of x rotated right by n (§3): the bits that x >> n moves into a
// cell from its neighbour are replaced by those that x << (16 - n) moves out.
constexpr std::uint64_t rotr_cells(std::uint64_t x, unsigned n) {
  const std::uint64_t low = (0xFFFFu >> n) * kEveryCell;
  return n == 0 ? x : ((x >> n) & low) | ((x << (16 - n)) & ~low);
}

// §3: F[a,b,g](x) = (x >>> a AND x >>> b) XOR x >>> g, on four cells.
template <unsigned A, unsigned B, unsigned G>
constexpr std::uint64_t andrx(std::uint64_t x) {
  return (rotr_cells(x, A) & rotr_cells(x, B)) ^ rotr_cells(x, G);
}

// Row r is words 2r (cells 0-3) and 2r+1 (cells 4-7); rows 2i and 2i+1 are
// the four words 4i .. 4i+3, "quad" i. A row is rotated left by n cells
// (new[c] = old[(c + n) mod 8]) by shifting its 128 bits right by 16n.
void rotate_row_left(State &s, int row, unsigned n) {
  std::uint64_t lo = s.word[2 * row], hi = s.word[2 * row + 1];
  if (n >= 4) std::swap(lo, hi);
  const unsigned bits = 16 * (n % 4);
  if (bits != 0) {
    const std::uint64_t new_lo = (lo >> bits) | (hi << (64 - bits));
    hi = (hi >> bits) | (lo << (64 - bits));
    lo = new_lo;
  }
  s.word[2 * row] = lo;
  s.word[2 * row + 1] = hi;
}

// MC on one half (§4.4): for p = 0, 1 the rows base+p, base+2+p, base+4+p,
// i.e. words base + j, base + 4 + j, base + 8 + j for j = 0..3 (j = 2p + word
// of the row). `upper` selects M1 = [0 1 1; 1 0 1; 1 1 1], otherwise
// M2 = [1 0 1; 0 1 1; 1 1 1].
void mix_columns_half(State &s, int base, bool upper) {
  for (int j = 0; j < 4; ++j) {
    std::uint64_t &a = s.word[base + j], &b = s.word[base + 4 + j], &e = s.word[base + 8 + j];
    const std::uint64_t a0 = a, b0 = b;
    a = upper ? b0 ^ e : a0 ^ e;
    b = upper ? a0 ^ e : b0 ^ e;
    e = a0 ^ b0 ^ e;
  }
}

// Lane (x, y) = (U, W) = (row y, row 6+y) at column x: U in word j < 12, W in
// word j + 12. `steps` is applied to every such pair of words (four lanes).
template <class Steps>
void for_each_lane_word(State &s, Steps steps) {
  for (int j = 0; j < kWords / 2; ++j) {
    std::uint64_t u = s.word[j], w = s.word[j + kWords / 2];
    steps(u, w);
    s.word[j] = u;
    s.word[j + kWords / 2] = w;
  }
}

// §4.7: K as the two words of row 0.
constexpr std::uint64_t row_constant_word(int half) {
  std::uint64_t w = 0;
  for (int c = 0; c < 4; ++c) w |= std::uint64_t{kRoundConstantRow[4 * half + c]} << (16 * c);
  return w;
}

}  // namespace

// x'_i = x_i ^ x_{i+1} ^ x_{i+4} for the rows x_i = 2i + p, done on quads
// (both parities at once); x_{i+1} ^ x_{i+4} is the same for i and i + 3.
void cross_mix(State &s) {
  std::uint64_t pair[3][4];
  for (int m = 0; m < 3; ++m) {
    for (int j = 0; j < 4; ++j) pair[m][j] = s.word[4 * m + j] ^ s.word[4 * (m + 3) + j];
  }
  for (int i = 0; i < 6; ++i) {
    for (int j = 0; j < 4; ++j) s.word[4 * i + j] ^= pair[(i + 1) % 3][j];
  }
}

void swap_rows(State &s) {
  for (int row = kHalfRows; row < kRows; row += 2) {
    std::swap(s.word[2 * row], s.word[2 * row + 2]);
    std::swap(s.word[2 * row + 1], s.word[2 * row + 3]);
  }
}

// Six Feistel half-steps per lane, and their inverse in reverse order.
void mandrx(State &s) {
  for_each_lane_word(s, [](std::uint64_t &u, std::uint64_t &w) {
    w ^= andrx<0, 1, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<9, 12, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<0, 1, 8>(u);
    u ^= andrx<8, 9, 0>(w);
  });
}

void mandrx_inverse(State &s) {
  for_each_lane_word(s, [](std::uint64_t &u, std::uint64_t &w) {
    u ^= andrx<8, 9, 0>(w);
    w ^= andrx<0, 1, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<9, 12, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<0, 1, 8>(u);
  });
}

void mix_columns(State &s) {
  mix_columns_half(s, 0, true);
  mix_columns_half(s, kWords / 2, false);
}

void shift_rows(State &s) {
  for (int y = 1; y < kHalfRows; ++y) {
    rotate_row_left(s, y, unsigned(y));
    rotate_row_left(s, kHalfRows + y, unsigned(kCols - y));
  }
}

void shift_rows_inverse(State &s) {
  for (int y = 1; y < kHalfRows; ++y) {
    rotate_row_left(s, y, unsigned(kCols - y));
    rotate_row_left(s, kHalfRows + y, unsigned(y));
  }
}

// new[c] = old[c-2] ^ old[c] ^ old[c+2]: for the low word (cells 0-3) the
// cells c-2 are (6, 7, 0, 1) and c+2 are (2, 3, 4, 5), for the high word the
// other way round; both sums are the two words' XOR with its halves swapped.
void mix_rows(State &s) {
  for (int row = 0; row < kRows; ++row) {
    const std::uint64_t t = rotl64(s.word[2 * row] ^ s.word[2 * row + 1], 32);
    s.word[2 * row] ^= t;
    s.word[2 * row + 1] ^= t;
  }
}

void add_constant(State &s, unsigned k) {
  s.word[0] ^= row_constant_word(0) ^ k * kEveryCell;
  s.word[1] ^= row_constant_word(1) ^ k * kEveryCell;
}

void half_exchange(State &s) {
  for_each_lane_word(s, [](std::uint64_t &u, std::uint64_t &w) { std::swap(u, w); });
}

void forward_round(State &s, unsigned k) {
  cross_mix(s);
  swap_rows(s);
  mandrx(s);
  cross_mix(s);
  swap_rows(s);
  mix_columns(s);
  shift_rows(s);
  mix_rows(s);
  add_constant(s, k);
}

// As implemented (§6): forward MC instead of its inverse, and an extra HX.
void inverse_round(State &s, unsigned k) {
  add_constant(s, k);
  mix_rows(s);
  shift_rows_inverse(s);
  mix_columns(s);
  swap_rows(s);
  cross_mix(s);
  mandrx_inverse(s);
  half_exchange(s);
  swap_rows(s);
  cross_mix(s);
}

// §7: forward branch with constants 0..8, inverse branch with 17 down to 9
// (as implemented), outputs XORed. The branches are independent; they are
// computed round by round side by side.
void cube_f(State &s) {
  State t = s;
  for (unsigned k = 0; k <= 8; ++k) {
    forward_round(s, k);
    inverse_round(t, 17 - k);
  }
  for (int i = 0; i < kWords; ++i) s.word[i] ^= t.word[i];
}

}  // namespace layers

namespace {

// The state as it is (common/block_loop.hpp).
struct Portable : block_loop::AsIs<State> {
  static void permute(State &s) { layers::cube_f(s); }
  // §8.1: block bytes 8i .. 8i+7 are word i (little-endian cells, §2.2).
  template <const Params &P>
  static void absorb_block(State &state, const std::uint8_t *block) {
    for (std::size_t i = 0; i < P.rate_bytes / 8; ++i) state.word[i] ^= load_le64(block + 8 * i);
    layers::cube_f(state);
  }
};

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures,
                               block_loop::absorb_blocks<Portable, BlockShapes>,
                               block_loop::permute<Portable>};

}  // namespace ngcc::mastercube
