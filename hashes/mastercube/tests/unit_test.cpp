// MasterCube unit tests: every vector and intermediate value of
// docs/specs/hash-17-mastercube.md §§11-12 and the padding cases, over the
// implementation table and over the modules.
#include <gtest/gtest.h>

#include <cstdio>
#include <random>
#include <string>
#include <vector>

#include "mastercube/mastercube.hpp"
#include "mastercube/permutation.hpp"
#include "spec_vectors.hpp"
#include "test_support.hpp"

namespace {

using namespace ngcc::mastercube;
namespace v = mastercube_vectors;

class MasterCubeImplementation : public ngcc::test::ImplementationTest<Implementation> {};
class MasterCubeModule : public ngcc::test::ModuleTest {};

State grid(const char *const (&rows)[12]) {
  State s{};
  for (int y = 0; y < kRows; ++y) {
    const auto bytes = ngcc::test::from_hex(rows[y]);  // big-endian words as printed
    for (int x = 0; x < kCols; ++x) {
      set_cell(s, y, x, static_cast<std::uint16_t>(bytes[2 * x] << 8 | bytes[2 * x + 1]));
    }
  }
  return s;
}

std::string print(const State &s) {
  std::string out;
  char hex[8];
  for (int y = 0; y < kRows; ++y) {
    for (int x = 0; x < kCols; ++x) {
      std::snprintf(hex, sizeof hex, "%04X%c", cell(s, y, x), x + 1 < kCols ? ' ' : '\n');
      out += hex;
    }
  }
  return out;
}

#define EXPECT_STATE(expected, actual) EXPECT_EQ(print(expected), print(actual))

State test_state_t() { return grid(v::kT); }

State random_state(std::mt19937_64 &rng) {
  State s;
  for (auto &w : s.word) w = rng();
  return s;
}

// --- §12: layers and rounds of the portable primitive -----------------------

TEST(MasterCubeLayers, TestStateT) {
  State t{};
  for (int k = 0; k < 96; ++k) set_cell(t, k / 8, k % 8, static_cast<std::uint16_t>((2 * k + 1) << 8 | 2 * k));
  EXPECT_STATE(test_state_t(), t);
}

TEST(MasterCubeLayers, FirstRoundOnZeroPutsConstantInRow0) {
  State s{};
  layers::forward_round(s, 0);
  State expected{};
  const auto row0 = ngcc::test::from_hex(v::kR0ZeroRow0);
  for (int x = 0; x < kCols; ++x) set_cell(expected, 0, x, static_cast<std::uint16_t>(row0[2 * x] << 8 | row0[2 * x + 1]));
  EXPECT_STATE(expected, s);
  layers::forward_round(s, 1);
  EXPECT_STATE(grid(v::kR1R0Zero), s);
}

TEST(MasterCubeLayers, BranchesOnZero) {
  State s{}, t{};
  for (unsigned k = 0; k <= 8; ++k) layers::forward_round(s, k);
  EXPECT_STATE(grid(v::kForwardBranchZero), s);
  for (unsigned k = 17; k >= 9; --k) layers::inverse_round(t, k);
  EXPECT_STATE(grid(v::kInverseBranchZero), t);
}

TEST(MasterCubeLayers, ForwardRoundR0OnT) {
  State s = test_state_t();
  layers::cross_mix(s);
  EXPECT_STATE(grid(v::kR0TAfterCM), s);
  layers::swap_rows(s);
  layers::mandrx(s);
  EXPECT_STATE(grid(v::kR0TAfterMAndRX), s);
  layers::cross_mix(s);
  layers::swap_rows(s);
  EXPECT_STATE(grid(v::kR0TAfterCMSR), s);
  layers::mix_columns(s);
  EXPECT_STATE(grid(v::kR0TAfterMC), s);
  layers::shift_rows(s);
  EXPECT_STATE(grid(v::kR0TAfterSHR), s);
  layers::mix_rows(s);
  EXPECT_STATE(grid(v::kR0TAfterMR), s);
  layers::add_constant(s, 0);
  EXPECT_STATE(grid(v::kR0T), s);

  State r = test_state_t();
  layers::forward_round(r, 0);
  EXPECT_STATE(grid(v::kR0T), r);
}

TEST(MasterCubeLayers, InverseRoundIR9OnT) {
  const auto row0_of = [](const char *hex) {
    const auto b = ngcc::test::from_hex(hex);
    std::vector<std::uint16_t> row;
    for (int x = 0; x < kCols; ++x) row.push_back(static_cast<std::uint16_t>(b[2 * x] << 8 | b[2 * x + 1]));
    return row;
  };
  const auto row0 = [](const State &s) {
    std::vector<std::uint16_t> row;
    for (int x = 0; x < kCols; ++x) row.push_back(cell(s, 0, x));
    return row;
  };

  State s = test_state_t();
  layers::add_constant(s, 9);
  EXPECT_EQ(row0_of(v::kIR9TAfterACRow0), row0(s));
  layers::mix_rows(s);
  EXPECT_EQ(row0_of(v::kIR9TAfterMRRow0), row0(s));
  layers::shift_rows_inverse(s);
  EXPECT_STATE(grid(v::kIR9TAfterSHRInv), s);
  layers::mix_columns(s);
  EXPECT_STATE(grid(v::kIR9TAfterMC), s);
  layers::swap_rows(s);
  layers::cross_mix(s);
  EXPECT_STATE(grid(v::kIR9TAfterSRCM), s);
  layers::mandrx_inverse(s);
  EXPECT_STATE(grid(v::kIR9TAfterMAndRXInv), s);
  layers::half_exchange(s);
  layers::swap_rows(s);
  layers::cross_mix(s);
  EXPECT_STATE(grid(v::kIR9T), s);

  State r = test_state_t();
  layers::inverse_round(r, 9);
  EXPECT_STATE(grid(v::kIR9T), r);
}

TEST(MasterCubeLayers, InversesAndInvolutions) {
  std::mt19937_64 rng(17);
  for (int n = 0; n < 100; ++n) {
    const State s0 = random_state(rng);
    State s = s0;
    layers::cross_mix(s);
    layers::cross_mix(s);
    layers::swap_rows(s);
    layers::swap_rows(s);
    layers::mix_rows(s);
    layers::mix_rows(s);
    layers::mandrx(s);
    layers::mandrx_inverse(s);
    layers::shift_rows(s);
    layers::shift_rows_inverse(s);
    EXPECT_STATE(s0, s);
    // §6: the true inverse of R_k (not the IR_k the KATs use) recovers S.
    layers::forward_round(s, 5);
    layers::add_constant(s, 5);
    layers::mix_rows(s);
    layers::shift_rows_inverse(s);
    layers::half_exchange(s);
    layers::mix_columns(s);
    layers::half_exchange(s);
    layers::swap_rows(s);
    layers::cross_mix(s);
    layers::mandrx_inverse(s);
    layers::swap_rows(s);
    layers::cross_mix(s);
    EXPECT_STATE(s0, s);
    // ... while IR_k(R_k(S)) != S (§6).
    layers::forward_round(s, 5);
    layers::inverse_round(s, 5);
    EXPECT_NE(print(s0), print(s));
  }
}

// --- §12: Cube-f ----------------------------------------------------------

TEST_P(MasterCubeImplementation, CubeFOnZeroAndOnT) {
  State zero{};
  impl().permute(zero);
  EXPECT_STATE(grid(v::kCubeFZero), zero);
  State t = test_state_t();
  impl().permute(t);
  EXPECT_STATE(grid(v::kCubeFT), t);
}

TEST_P(MasterCubeImplementation, CubeFAgreesWithPortableOnRandomStates) {
  std::mt19937_64 rng(42);
  for (int n = 0; n < 2000; ++n) {
    State a = random_state(rng);
    State b = a;
    kPortable.permute(a);
    impl().permute(b);
    ASSERT_EQ(print(a), print(b)) << "state #" << n;
  }
}

TEST_P(MasterCubeImplementation, AbsorbAgreesWithPortable) {
  std::mt19937_64 rng(7);
  for (const Params *params : v::kParams) {
    for (std::size_t n_blocks : {0, 1, 2, 5}) {
      std::vector<std::uint8_t> blocks(n_blocks * params->rate_bytes);
      for (auto &b : blocks) b = static_cast<std::uint8_t>(rng());
      State a = random_state(rng);
      State b = a;
      kPortable.absorb_blocks(a, blocks.data(), n_blocks, *params);
      impl().absorb_blocks(b, blocks.data(), n_blocks, *params);
      EXPECT_EQ(print(a), print(b)) << "rate " << params->rate_bytes << ", blocks " << n_blocks;
    }
  }
}

// --- §8.1: padding of the final block ---------------------------------------

TEST(MasterCubePadding, FinalBlockCases) {
  for (const Params *params : v::kParams) {
    const std::size_t R = params->rate_bytes;
    std::vector<std::uint8_t> ones(R, 0xFF), block(R);
    std::vector<std::uint8_t> expected(R, 0);

    pad_final_block(block.data(), R, ones.data(), 0);  // t = 0: 80 00 .. 00 01
    expected[0] = 0x80;
    expected[R - 1] = 0x01;
    EXPECT_EQ(expected, block) << R;

    pad_final_block(block.data(), R, ones.data(), 3);  // 111 then 1, low bits cleared
    expected[0] = 0xF0;
    EXPECT_EQ(expected, block) << R;

    std::vector<std::uint8_t> zeros(R, 0);
    pad_final_block(block.data(), R, zeros.data(), 8 * R - 2);  // t = r-2: bits 0x02, 0x01
    expected.assign(R, 0);
    expected[R - 1] = 0x03;
    EXPECT_EQ(expected, block) << R;

    pad_final_block(block.data(), R, zeros.data(), 8 * R - 1);  // t = r-1: one shared bit
    expected[R - 1] = 0x01;
    EXPECT_EQ(expected, block) << R;

    pad_final_block(block.data(), R, ones.data(), 8 * R - 1);  // message bit r-2 = 1 too
    expected.assign(R, 0xFF);
    EXPECT_EQ(expected, block) << R;
  }
}

// --- §11: digests through the modules ---------------------------------------

std::vector<std::uint8_t> seq(std::size_t n) {
  std::vector<std::uint8_t> m(n);
  for (std::size_t i = 0; i < n; ++i) m[i] = static_cast<std::uint8_t>(i);
  return m;
}

TEST_P(MasterCubeModule, SpecTable11_1) {
  const int i = v::instance_index(info().digest_bits);
  for (const auto &vec : v::kDigests) {
    const auto msg = vec.msg_hex ? ngcc::test::from_hex(vec.msg_hex) : seq(vec.seq_bytes);
    EXPECT_EQ(vec.digest[i], ngcc::test::to_hex(ngcc::test::digest(module(), msg, vec.msg_bits)))
        << "bits " << vec.msg_bits;
  }
}

TEST_P(MasterCubeModule, SpecTable11_2PaddingPairs) {
  const int i = v::instance_index(info().digest_bits);
  const std::size_t R = v::kParams[i]->rate_bytes;
  for (const auto &pair : v::kPaddingPairs) {
    if (pair.instance != i) continue;
    const auto buffer = pair.buffer == 'F'   ? std::vector<std::uint8_t>(R, 0xFF)
                        : pair.buffer == 'S' ? seq(R)
                                             : std::vector<std::uint8_t>(R, 0x00);
    EXPECT_EQ(pair.at_r_minus_1, ngcc::test::to_hex(ngcc::test::digest(module(), buffer, 8 * R - 1)))
        << "buffer " << pair.buffer;
    EXPECT_EQ(pair.at_r_minus_2, ngcc::test::to_hex(ngcc::test::digest(module(), buffer, 8 * R - 2)))
        << "buffer " << pair.buffer;
  }
  if (i == 0) {
    EXPECT_EQ(v::kFullBlockFF512,
              ngcc::test::to_hex(ngcc::test::digest(module(), std::vector<std::uint8_t>(120, 0xFF))));
  }
}

TEST_P(MasterCubeModule, SpecTable11_3PartialBytes) {
  const int i = v::instance_index(info().digest_bits);
  for (const auto &rec : v::kKatRecords) {
    if (rec.instance != i) continue;
    auto msg = ngcc::test::from_hex(rec.msg_hex);
    EXPECT_EQ(rec.digest, ngcc::test::to_hex(ngcc::test::digest(module(), msg, rec.msg_bits)))
        << "bits " << rec.msg_bits;
    // The unused low bits of the last byte must not matter.
    msg.back() = static_cast<std::uint8_t>(msg.back() | (0xFFu >> (rec.msg_bits % 8)));
    EXPECT_EQ(rec.digest, ngcc::test::to_hex(ngcc::test::digest(module(), msg, rec.msg_bits)))
        << "bits " << rec.msg_bits << " with low bits set";
  }
}

TEST_P(MasterCubeModule, Kat223ZeroAndFF) {
  const int i = v::instance_index(info().digest_bits);
  const std::vector<std::uint8_t> zeros(1 << 20, 0x00), ones(1 << 20, 0xFF);
  EXPECT_EQ(v::kKat223Zero[i], ngcc::test::to_hex(ngcc::test::digest(module(), zeros)));
  EXPECT_EQ(v::kKat223FF[i], ngcc::test::to_hex(ngcc::test::digest(module(), ones)));
}

INSTANTIATE_TEST_SUITE_P(Implementations, MasterCubeImplementation,
                         ::testing::ValuesIn(kImplementations), ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, MasterCubeModule,
                         ::testing::ValuesIn(ngcc::test::family_targets("mastercube")),
                         ngcc::test::ParamName());

}  // namespace
