// AFS-TrEDM unit tests: every vector and intermediate value of
// docs/specs/hash-01-afs-tredm.md (tables in spec_vectors.hpp): the constants,
// the S-box and the linear layer as specified, the permutation and the
// absorption of every implementation, the framing, and the digests of every
// module.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "afs_tredm/afs_tredm.hpp"
#include "spec_vectors.hpp"
#include "test_support.hpp"

namespace ngcc::afs_tredm {
namespace {

namespace spec = afs_tredm_spec;

// Over the implementation table, and over the modules of each instance.
class AfsTrEdmImplementation : public ngcc::test::ImplementationTest<Implementation> {};
class AfsTrEdm512Module : public ngcc::test::ModuleTest {};
class AfsTrEdm768Module : public ngcc::test::ModuleTest {};
class AfsTrEdm1024Module : public ngcc::test::ModuleTest {};

const Params *const kAllParams[] = {&kAfsTrEdm512, &kAfsTrEdm768, &kAfsTrEdm1024};

State to_state(const std::uint64_t (&lanes)[25]) {
  State s{};
  std::copy(std::begin(lanes), std::end(lanes), s.begin());
  return s;
}
State test_input_t() { return to_state(spec::kT); }

State random_state(std::mt19937_64 &rng) {
  State s;
  for (auto &v : s) v = rng();
  return s;
}

// ------------------------------------------------------------- constants
TEST(AfsTrEdmConstants, InitialValuesFollowTheGenerationRule) {
  EXPECT_EQ(fnv1a64(kAfsTrEdm512.domain), spec::kFnvSeed512);
  EXPECT_EQ(fnv1a64(kAfsTrEdm768.domain), spec::kFnvSeed768);
  EXPECT_EQ(fnv1a64(kAfsTrEdm1024.domain), spec::kFnvSeed1024);
  EXPECT_EQ(initial_value(kAfsTrEdm512), to_state(spec::kIv512));
  EXPECT_EQ(initial_value(kAfsTrEdm768), to_state(spec::kIv768));
  EXPECT_EQ(initial_value(kAfsTrEdm1024), to_state(spec::kIv1024));
}

TEST(AfsTrEdmConstants, RoundConstants) {
  for (int i = 0; i < kLanes; ++i) {
    EXPECT_EQ(kRoundConstants.rc[0][i], spec::kRcRound0[i]) << i;
    EXPECT_EQ(kRoundConstants.rc[1][i], spec::kRcRound1[i]) << i;
    EXPECT_EQ(kRoundConstants.rc[23][i], spec::kRcRound23[i]) << i;
  }
  const auto xor_of_rounds = [](int rounds) {
    std::uint32_t acc = 0;
    for (int r = 0; r < rounds; ++r)
      for (int i = 0; i < kLanes; ++i) acc ^= kRoundConstants.rc[r][i];
    return acc;
  };
  EXPECT_EQ(xor_of_rounds(12), spec::kRcXor12);
  EXPECT_EQ(xor_of_rounds(20), spec::kRcXor20);
  EXPECT_EQ(xor_of_rounds(24), spec::kRcXor24);
}

TEST(AfsTrEdmConstants, SuffixLanes) {
  EXPECT_EQ(kAfsTrEdm512.suffix_lane(), 0x0200040002400002ULL);
  EXPECT_EQ(kAfsTrEdm768.suffix_lane(), 0x0300030003400002ULL);
  EXPECT_EQ(kAfsTrEdm1024.suffix_lane(), 0x0400020004400002ULL);
}

// GF(2^5) check values of §3.4, through the bitsliced alpha step with
// one-bit slices.
std::uint8_t gf_multiply(std::uint8_t c, std::uint8_t v) {
  std::uint8_t s[5], acc[5] = {};
  for (int k = 0; k < 5; ++k) s[k] = (v >> k) & 1;
  for (int m = 0; m < 5; ++m) {
    if ((c >> m) & 1)
      for (int k = 0; k < 5; ++k) acc[k] ^= s[k];
    multiply_by_alpha(s);
  }
  std::uint8_t out = 0;
  for (int k = 0; k < 5; ++k) out |= static_cast<std::uint8_t>(acc[k] << k);
  return out;
}
TEST(AfsTrEdmConstants, FieldMultiplication) {
  EXPECT_EQ(gf_multiply(0x02, 0x10), 0x05);
  EXPECT_EQ(gf_multiply(0x11, 0x13), 0x0B);
}

// ------------------------------------------------------------- S-box
TEST(AfsTrEdmSbox, CheckValues) {
  for (const auto &c : spec::kSbox) EXPECT_EQ(sbox(c.in, c.c), c.out) << std::hex << c.in;
}

TEST(AfsTrEdmSbox, LayerOfRoundZeroOnZeroState) {
  for (int i = 0; i < kLanes; ++i)
    EXPECT_EQ(sbox(0, kRoundConstants.rc[0][i]), spec::kSboxLayerRound0Zero[i]) << i;
}

// ------------------------------------------------------------- linear layer
TEST(AfsTrEdmLinear, AllSixPhasesOnT) {
  for (int t = 0; t < kMaxRounds; ++t) {  // the phase is t mod 6
    State a = test_input_t();
    linear_layer(a, t);
    EXPECT_EQ(a, to_state(spec::kLinearT[t % 6])) << "t = " << t;
  }
}

TEST(AfsTrEdmLinear, StepByStepPhaseZero) {
  State a = test_input_t();
  mix_columns(a.data());
  EXPECT_EQ(a, to_state(spec::kAfterMcol));
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) a[lane(x, y)] = rotr64(a[lane(x, y)], kRho[x][y]);
  EXPECT_EQ(a, to_state(spec::kAfterRho));
  move_lanes(a, pi_destination);
  EXPECT_EQ(a, to_state(spec::kAfterPi));
  for (auto &v : a) v ^= rotr64(v, 17) ^ rotr64(v, 32);
  EXPECT_EQ(a, to_state(spec::kAfterMu));
}

TEST(AfsTrEdmLinear, TauPermutations) {
  const auto tau = [](int d) {
    State a = test_input_t();
    move_lanes(a, [d](int x, int y) { return tau_destination(d, x, y); });
    return a;
  };
  EXPECT_EQ(tau(0), to_state(spec::kTau0T));
  EXPECT_EQ(tau(3), to_state(spec::kTau3T));
  for (int d = 0; d < 5; ++d)  // tau_d^-1 undoes tau_d
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) {
        const int moved = tau_destination(d, x, y);
        EXPECT_EQ(tau_inverse_destination(d, moved % 5, moved / 5), lane(x, y));
      }
}

TEST(AfsTrEdmLinear, FusedTableEqualsAppendixA) {
  for (int p = 0; p < 6; ++p)
    for (int q = 0; q < kLanes; ++q) {
      EXPECT_EQ(kFused[p][q].mask, spec::kAppendixA[p][q].mask) << p << "/" << q;
      EXPECT_EQ(kFused[p][q].rot, spec::kAppendixA[p][q].rot) << p << "/" << q;
    }
}

TEST(AfsTrEdmLinear, FusedFormOnT) {
  const State t = test_input_t();
  for (int p = 0; p < 6; ++p) {
    State out{};
    for (int q = 0; q < kLanes; ++q) {
      std::uint64_t v = 0;
      for (int j = 0; j < kLanes; ++j)
        if ((kFused[p][q].mask >> j) & 1) v ^= t[j];
      v = rotr64(v, static_cast<unsigned>(kFused[p][q].rot));
      out[q] = v ^ rotr64(v, 17) ^ rotr64(v, 32);
    }
    EXPECT_EQ(out, to_state(spec::kLinearT[p])) << "phase " << p;
  }
}

// ------------------------------------------------------------- permutation
TEST_P(AfsTrEdmImplementation, PermuteZeroState) {
  const std::pair<int, const std::uint64_t (*)[25]> cases[] = {
      {1, &spec::kZero1}, {12, &spec::kZero12}, {20, &spec::kZero20}, {24, &spec::kZero24}};
  for (const auto &[n, expected] : cases) {
    State a{};
    impl().permute(a, 0, n);
    EXPECT_EQ(a, to_state(*expected)) << n << " rounds";
    State split{};  // g then h: the round index stays global
    impl().permute(split, 0, n / 2);
    impl().permute(split, n / 2, n);
    EXPECT_EQ(split, a) << n << " rounds split";
  }
}

TEST_P(AfsTrEdmImplementation, RoundsAgreeWithPortableOnRandomStates) {
  std::mt19937_64 rng(20261129);
  for (int trial = 0; trial < 200; ++trial) {
    State a = random_state(rng);
    const int first = static_cast<int>(rng() % (kMaxRounds + 1));
    const int last = first + static_cast<int>(rng() % (kMaxRounds + 1 - first));
    State b = a;
    kPortable.permute(a, first, last);
    impl().permute(b, first, last);
    EXPECT_EQ(a, b) << "rounds " << first << ".." << last;
  }
}

// Multi-block absorb from random states, every instance (the rate layout,
// the feed-forward and the state carried from block to block).
TEST_P(AfsTrEdmImplementation, AbsorbAgreesWithPortableOnRandomStatesAndBlocks) {
  std::mt19937_64 rng(2026);
  for (const Params *p : kAllParams) {
    for (std::size_t nblocks = 0; nblocks <= 5; ++nblocks) {
      State a = random_state(rng);
      const auto blocks = ngcc::test::random_bytes(rng, nblocks * p->rate_bytes());
      State b = a;
      kPortable.absorb_blocks(a, blocks.data(), nblocks, *p);
      impl().absorb_blocks(b, blocks.data(), nblocks, *p);
      EXPECT_EQ(a, b) << p->digest_bits << ", " << nblocks << " blocks";
    }
  }
}

// ------------------------------------------------------------- mode
std::uint64_t frame_lane(const std::uint8_t *frame, int i) { return load_be64(frame + 8 * i); }

TEST(AfsTrEdmMode, FramingExamples) {
  std::uint8_t frame[kMaxFrameBytes];
  const std::uint8_t abc[] = {'a', 'b', 'c'};
  ASSERT_EQ(build_frame(kAfsTrEdm512, abc, 24, 24, frame), 1);
  EXPECT_EQ(frame_lane(frame, 0), 0x6162638000000000ULL);
  EXPECT_EQ(frame_lane(frame, 14), 0x18u);
  EXPECT_EQ(frame_lane(frame, 15), 0x0200040002400002ULL);

  const std::uint8_t a0[] = {0xA0}, a1[] = {0xA1};
  ASSERT_EQ(build_frame(kAfsTrEdm512, a1, 7, 7, frame), 1);  // unused low bit ignored
  EXPECT_EQ(frame_lane(frame, 0), 0xA100000000000000ULL);
  EXPECT_EQ(frame_lane(frame, 14), 0x7u);
  std::uint8_t frame_a0[kMaxFrameBytes];
  build_frame(kAfsTrEdm512, a0, 7, 7, frame_a0);
  EXPECT_TRUE(std::equal(frame, frame + kMaxFrameBytes, frame_a0));

  const std::uint8_t ac20[] = {0xAC, 0x20};
  ASSERT_EQ(build_frame(kAfsTrEdm1024, ac20, 11, 11, frame), 1);
  EXPECT_EQ(frame_lane(frame, 0), 0xAC30000000000000ULL);
  EXPECT_EQ(frame_lane(frame, 6), 0xBu);
}

TEST(AfsTrEdmMode, OneOrTwoFrameBlocks) {
  std::uint8_t tail[kMaxRateBytes] = {}, frame[kMaxFrameBytes];
  const std::pair<const Params *, std::uint64_t> largest_single[] = {
      {&kAfsTrEdm512, 895}, {&kAfsTrEdm768, 639}, {&kAfsTrEdm1024, 383}};
  for (const auto &[p, bits] : largest_single) {
    EXPECT_EQ(build_frame(*p, tail, bits, bits, frame), 1) << p->digest_bits;
    EXPECT_EQ(build_frame(*p, tail, bits + 1, bits + 1, frame), 2) << p->digest_bits;
    // Two blocks: the padding bit opens lane R-2 of the first block, the
    // length and suffix close the second one.
    const int r = p->rate_lanes;
    EXPECT_EQ(frame_lane(frame, r - 2), 0x8000000000000000ULL);
    EXPECT_EQ(frame_lane(frame, 2 * r - 3), 0u);
    EXPECT_EQ(frame_lane(frame, 2 * r - 2), bits + 1);
    EXPECT_EQ(frame_lane(frame, 2 * r - 1), p->suffix_lane());
    EXPECT_EQ(build_frame(*p, tail, 0, 1000 * p->rate_bits(), frame), 1);
    EXPECT_EQ(frame_lane(frame, 0), 0x8000000000000000ULL);
  }
}

TEST_P(AfsTrEdmImplementation, TraceOfEmptyMessage512) {
  std::uint8_t frame[kMaxFrameBytes];
  ASSERT_EQ(build_frame(kAfsTrEdm512, nullptr, 0, 0, frame), 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(frame_lane(frame, i), spec::kTrace512Frame[i]) << i;
  State a = initial_value(kAfsTrEdm512);
  for (int i = 0; i < 16; ++i) a[i] ^= frame_lane(frame, i);
  const State before_g = a;
  impl().permute(a, 0, 6);
  EXPECT_EQ(a, to_state(spec::kTrace512AfterG));
  for (int i = 16; i < kLanes; ++i) a[i] ^= before_g[i];
  EXPECT_EQ(a, to_state(spec::kTrace512AfterFeedForward));
  impl().permute(a, 6, 12);
  EXPECT_EQ(a, to_state(spec::kTrace512Final));
}

TEST_P(AfsTrEdmImplementation, FinalStatesOfEmptyMessage) {
  const std::pair<const Params *, const std::uint64_t (*)[25]> cases[] = {
      {&kAfsTrEdm512, &spec::kTrace512Final},
      {&kAfsTrEdm768, &spec::kFinal768Empty},
      {&kAfsTrEdm1024, &spec::kFinal1024Empty}};
  for (const auto &[p, expected] : cases) {
    std::uint8_t frame[kMaxFrameBytes];
    ASSERT_EQ(build_frame(*p, nullptr, 0, 0, frame), 1);
    State a = initial_value(*p);
    impl().absorb_blocks(a, frame, 1, *p);
    EXPECT_EQ(a, to_state(*expected)) << p->digest_bits;
  }
}

// ------------------------------------------------------------- digests (modules)
template <std::size_t N>
void expect_digests(const ngcc::Module &module, const spec::DigestCase (&cases)[N]) {
  for (const auto &c : cases)
    EXPECT_EQ(ngcc::test::to_hex(ngcc::test::digest(module, ngcc::test::from_hex(c.msg), c.bits)),
              ngcc::test::to_hex(ngcc::test::from_hex(c.digest)))
        << c.bits << " bits";
}

TEST_P(AfsTrEdm512Module, SubmittedKatRecords) { expect_digests(module(), spec::kKat512); }
TEST_P(AfsTrEdm768Module, SubmittedKatRecords) { expect_digests(module(), spec::kKat768); }
TEST_P(AfsTrEdm1024Module, SubmittedKatRecords) { expect_digests(module(), spec::kKat1024); }
TEST_P(AfsTrEdm512Module, AdditionalVectors) { expect_digests(module(), spec::kExtra512); }
TEST_P(AfsTrEdm768Module, AdditionalVectors) { expect_digests(module(), spec::kExtra768); }
TEST_P(AfsTrEdm1024Module, AdditionalVectors) { expect_digests(module(), spec::kExtra1024); }

INSTANTIATE_TEST_SUITE_P(Implementations, AfsTrEdmImplementation, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm512Module,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-512")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm768Module,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-768")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm1024Module,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-1024")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::afs_tredm
