// Portable MasterCube primitive: the layers of §4 on the 12 x 8 cell grid,
// written to be read against the specification rather than to be fast.
#include "mastercube/mastercube.hpp"

#include <utility>

namespace ngcc::mastercube {
namespace layers {
namespace {

// §3: F[a,b,g](x) = (x >>> a AND x >>> b) XOR x >>> g.
template <unsigned A, unsigned B, unsigned G>
constexpr std::uint16_t andrx(std::uint16_t x) {
  return static_cast<std::uint16_t>((rotr16(x, A) & rotr16(x, B)) ^ rotr16(x, G));
}

// Rotates one row left by n cells: new[c] = old[(c + n) mod 8].
void rotate_row_left(std::uint16_t (&row)[kCols], unsigned n) {
  std::uint16_t old[kCols];
  for (unsigned c = 0; c < kCols; ++c) old[c] = row[c];
  for (unsigned c = 0; c < kCols; ++c) row[c] = old[(c + n) % kCols];
}

// MC on one half (§4.4): rows base+p, base+2+p, base+4+p for p = 0, 1.
// `upper` selects M1 = [0 1 1; 1 0 1; 1 1 1], otherwise M2 = [1 0 1; 0 1 1; 1 1 1].
void mix_columns_half(State &s, int base, bool upper) {
  for (int p = 0; p < 2; ++p) {
    for (int x = 0; x < kCols; ++x) {
      const std::uint16_t a = s.row[base + p][x];
      const std::uint16_t b = s.row[base + 2 + p][x];
      const std::uint16_t e = s.row[base + 4 + p][x];
      s.row[base + p][x] = static_cast<std::uint16_t>(upper ? b ^ e : a ^ e);
      s.row[base + 2 + p][x] = static_cast<std::uint16_t>(upper ? a ^ e : b ^ e);
      s.row[base + 4 + p][x] = static_cast<std::uint16_t>(a ^ b ^ e);
    }
  }
}

}  // namespace

void cross_mix(State &s) {
  const State old = s;
  for (int i = 0; i < 6; ++i) {
    for (int p = 0; p < 2; ++p) {
      const auto &u0 = old.row[2 * i + p];
      const auto &u1 = old.row[2 * ((i + 1) % 6) + p];
      const auto &u4 = old.row[2 * ((i + 4) % 6) + p];
      for (int x = 0; x < kCols; ++x) {
        s.row[2 * i + p][x] = static_cast<std::uint16_t>(u0[x] ^ u1[x] ^ u4[x]);
      }
    }
  }
}

void swap_rows(State &s) {
  for (int y = kHalfRows; y < kRows; y += 2) {
    for (int x = 0; x < kCols; ++x) std::swap(s.row[y][x], s.row[y + 1][x]);
  }
}

// Applies `steps` to every lane (x, y) = (U, W) = (row y, row 6+y) at column x.
template <class Steps>
void for_each_lane(State &s, Steps steps) {
  for (int y = 0; y < kHalfRows; ++y) {
    for (int x = 0; x < kCols; ++x) steps(s.row[y][x], s.row[kHalfRows + y][x]);
  }
}

// Six Feistel half-steps per lane, and their inverse in reverse order.
void mandrx(State &s) {
  for_each_lane(s, [](std::uint16_t &u, std::uint16_t &w) {
    w ^= andrx<0, 1, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<9, 12, 8>(u);
    u ^= andrx<14, 5, 0>(w);
    w ^= andrx<0, 1, 8>(u);
    u ^= andrx<8, 9, 0>(w);
  });
}

void mandrx_inverse(State &s) {
  for_each_lane(s, [](std::uint16_t &u, std::uint16_t &w) {
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
  mix_columns_half(s, kHalfRows, false);
}

void shift_rows(State &s) {
  for (int y = 0; y < kHalfRows; ++y) {
    rotate_row_left(s.row[y], unsigned(y));
    rotate_row_left(s.row[kHalfRows + y], unsigned(kCols - y));
  }
}

void shift_rows_inverse(State &s) {
  for (int y = 0; y < kHalfRows; ++y) {
    rotate_row_left(s.row[y], unsigned(kCols - y));
    rotate_row_left(s.row[kHalfRows + y], unsigned(y));
  }
}

void mix_rows(State &s) {
  for (auto &row : s.row) {
    std::uint16_t old[kCols];
    for (unsigned c = 0; c < kCols; ++c) old[c] = row[c];
    for (unsigned c = 0; c < kCols; ++c) {
      row[c] = static_cast<std::uint16_t>(old[(c + kCols - 2) % kCols] ^ old[c] ^
                                          old[(c + 2) % kCols]);
    }
  }
}

void add_constant(State &s, unsigned k) {
  for (int c = 0; c < kCols; ++c) {
    s.row[0][c] = static_cast<std::uint16_t>(s.row[0][c] ^ kRoundConstantRow[c] ^ k);
  }
}

void half_exchange(State &s) {
  for_each_lane(s, [](std::uint16_t &u, std::uint16_t &w) { std::swap(u, w); });
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
// (as implemented), outputs XORed.
void cube_f(State &s) {
  State t = s;
  for (unsigned k = 0; k <= 8; ++k) forward_round(s, k);
  for (unsigned k = 17; k >= 9; --k) inverse_round(t, k);
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < kCols; ++x) s.row[y][x] ^= t.row[y][x];
  }
}

}  // namespace layers

namespace {

void absorb(State &state, const std::uint8_t *blocks, std::size_t n_blocks, const Params &p) {
  for (std::size_t b = 0; b < n_blocks; ++b, blocks += p.rate_bytes) {
    for (std::size_t i = 0; i < p.rate_bytes; i += 2) {
      state.row[i / 16][(i / 2) % kCols] ^= load_le16(blocks + i);
    }
    layers::cube_f(state);
  }
}

}  // namespace

const Implementation kPortable{"portable", kCompiledFeatures, absorb, layers::cube_f};

}  // namespace ngcc::mastercube
