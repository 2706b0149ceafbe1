// AFS-TrEDM unit tests: every vector and intermediate value of
// shared/research/hash-01-afs-tredm.md (tables in spec_vectors.hpp), the
// portable and AVX2 rounds called directly, digests at the module boundary.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "afs_tredm/afs_tredm.hpp"
#include "spec_vectors.hpp"
#include "test_support.hpp"

namespace {

using namespace ngcc::afs_tredm;
namespace spec = afs_tredm_spec;

State to_state(const std::uint64_t (&lanes)[25]) {
  State s{};
  for (int i = 0; i < kLanes; ++i) s[i] = lanes[i];
  return s;
}
State test_input_t() { return to_state(spec::kT); }

// Rounds implementations under test (AVX2 only where it is built and runs).
std::vector<std::pair<std::string, RoundsFunction>> rounds_implementations() {
  std::vector<std::pair<std::string, RoundsFunction>> impls = {{"portable", portable::rounds}};
#if NGCC_HAVE_OPT
  if (__builtin_cpu_supports("avx2")) impls.emplace_back("avx2", avx2::rounds);
#endif
  return impls;
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

// GF(2^5) check values of spec §3.4, through the bitsliced alpha step with
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
  for (const auto &c : spec::kSbox) EXPECT_EQ(portable::sbox(c.in, c.c), c.out) << std::hex << c.in;
}

TEST(AfsTrEdmSbox, LayerOfRoundZeroOnZeroState) {
  for (int i = 0; i < kLanes; ++i)
    EXPECT_EQ(portable::sbox(0, kRoundConstants.rc[0][i]), spec::kSboxLayerRound0Zero[i]) << i;
}

// ------------------------------------------------------------- linear layer
TEST(AfsTrEdmLinear, AllSixPhasesOnT) {
  for (int t = 0; t < kMaxRounds; ++t) {  // the phase is t mod 6
    State a = test_input_t();
    portable::linear_layer(a, t);
    EXPECT_EQ(a, to_state(spec::kLinearT[t % 6])) << "t = " << t;
  }
}

TEST(AfsTrEdmLinear, StepByStepPhaseZero) {
  State a = test_input_t();
  mix_columns(a.data());
  EXPECT_EQ(a, to_state(spec::kAfterMcol));
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) a[lane(x, y)] = ngcc::rotr64(a[lane(x, y)], kRho[x][y]);
  EXPECT_EQ(a, to_state(spec::kAfterRho));
  State moved{};
  for (int x = 0; x < 5; ++x)
    for (int y = 0; y < 5; ++y) moved[pi_destination(x, y)] = a[lane(x, y)];
  EXPECT_EQ(moved, to_state(spec::kAfterPi));
  for (auto &v : moved) v ^= ngcc::rotr64(v, 17) ^ ngcc::rotr64(v, 32);
  EXPECT_EQ(moved, to_state(spec::kAfterMu));
}

TEST(AfsTrEdmLinear, TauPermutations) {
  const State t = test_input_t();
  const auto tau = [&t](int d) {
    State out{};
    for (int x = 0; x < 5; ++x)
      for (int y = 0; y < 5; ++y) out[tau_destination(d, x, y)] = t[lane(x, y)];
    return out;
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
      v = ngcc::rotr64(v, static_cast<unsigned>(kFused[p][q].rot));
      out[q] = v ^ ngcc::rotr64(v, 17) ^ ngcc::rotr64(v, 32);
    }
    EXPECT_EQ(out, to_state(spec::kLinearT[p])) << "phase " << p;
  }
}

// ------------------------------------------------------------- permutation
TEST(AfsTrEdmPermutation, ZeroState) {
  for (const auto &[name, rounds] : rounds_implementations()) {
    const std::pair<int, const std::uint64_t (*)[25]> cases[] = {
        {1, &spec::kZero1}, {12, &spec::kZero12}, {20, &spec::kZero20}, {24, &spec::kZero24}};
    for (const auto &[n, expected] : cases) {
      State a{};
      rounds(a, 0, n);
      EXPECT_EQ(a, to_state(*expected)) << name << ", " << n << " rounds";
      State split{};  // g then h: the round index stays global
      rounds(split, 0, n / 2);
      rounds(split, n / 2, n);
      EXPECT_EQ(split, a) << name << ", " << n << " rounds split";
    }
  }
}

TEST(AfsTrEdmPermutation, Avx2EqualsPortableOnRandomStates) {
#if NGCC_HAVE_OPT
  ASSERT_TRUE(__builtin_cpu_supports("avx2")) << "the opt modules need AVX2";
  std::mt19937_64 rng(20261129);
  for (int trial = 0; trial < 200; ++trial) {
    State a{};
    for (auto &v : a) v = rng();
    const int first = static_cast<int>(rng() % (kMaxRounds + 1));
    const int last = first + static_cast<int>(rng() % (kMaxRounds + 1 - first));
    State b = a;
    portable::rounds(a, first, last);
    avx2::rounds(b, first, last);
    EXPECT_EQ(a, b) << "rounds " << first << ".." << last;
  }
#else
  GTEST_SKIP() << "AVX2 variant not built (NGCC_BUILD_OPT=OFF)";
#endif
}

// ------------------------------------------------------------- mode
std::uint64_t frame_lane(const std::uint8_t *frame, int i) { return ngcc::load_be64(frame + 8 * i); }

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
  std::uint8_t tail[128] = {}, frame[kMaxFrameBytes];
  const std::pair<const Instance *, std::uint64_t> largest_single[] = {
      {&kAfsTrEdm512, 895}, {&kAfsTrEdm768, 639}, {&kAfsTrEdm1024, 383}};
  for (const auto &[inst, bits] : largest_single) {
    EXPECT_EQ(build_frame(*inst, tail, bits, bits, frame), 1) << inst->digest_bits;
    EXPECT_EQ(build_frame(*inst, tail, bits + 1, bits + 1, frame), 2) << inst->digest_bits;
    // Two blocks: the padding bit opens lane R-2 of the first block, the
    // length and suffix close the second one.
    const int r = inst->rate_lanes;
    EXPECT_EQ(frame_lane(frame, r - 2), 0x8000000000000000ULL);
    EXPECT_EQ(frame_lane(frame, 2 * r - 3), 0u);
    EXPECT_EQ(frame_lane(frame, 2 * r - 2), bits + 1);
    EXPECT_EQ(frame_lane(frame, 2 * r - 1), inst->suffix_lane());
    EXPECT_EQ(build_frame(*inst, tail, 0, 1000 * inst->rate_bits(), frame), 1);
    EXPECT_EQ(frame_lane(frame, 0), 0x8000000000000000ULL);
  }
}

TEST(AfsTrEdmMode, TraceOfEmptyMessage512) {
  std::uint8_t frame[kMaxFrameBytes];
  ASSERT_EQ(build_frame(kAfsTrEdm512, nullptr, 0, 0, frame), 1);
  for (int i = 0; i < 16; ++i) EXPECT_EQ(frame_lane(frame, i), spec::kTrace512Frame[i]) << i;
  for (const auto &[name, rounds] : rounds_implementations()) {
    State a = initial_value(kAfsTrEdm512);
    for (int i = 0; i < 16; ++i) a[i] ^= frame_lane(frame, i);
    const State before_g = a;
    rounds(a, 0, 6);
    EXPECT_EQ(a, to_state(spec::kTrace512AfterG)) << name;
    for (int i = 16; i < kLanes; ++i) a[i] ^= before_g[i];
    EXPECT_EQ(a, to_state(spec::kTrace512AfterFeedForward)) << name;
    rounds(a, 6, 12);
    EXPECT_EQ(a, to_state(spec::kTrace512Final)) << name;
  }
}

template <const Instance &Inst, RoundsFunction Rounds>
State final_state_of_empty_message() {
  std::uint8_t frame[kMaxFrameBytes];
  build_frame(Inst, nullptr, 0, 0, frame);
  State a = initial_value(Inst);
  absorb<Inst, Rounds>(a, frame);
  return a;
}
TEST(AfsTrEdmMode, FinalStatesOfEmptyMessage) {
  EXPECT_EQ((final_state_of_empty_message<kAfsTrEdm512, portable::rounds>()),
            to_state(spec::kTrace512Final));
  EXPECT_EQ((final_state_of_empty_message<kAfsTrEdm768, portable::rounds>()),
            to_state(spec::kFinal768Empty));
  EXPECT_EQ((final_state_of_empty_message<kAfsTrEdm1024, portable::rounds>()),
            to_state(spec::kFinal1024Empty));
#if NGCC_HAVE_OPT
  EXPECT_EQ((final_state_of_empty_message<kAfsTrEdm768, avx2::rounds>()),
            to_state(spec::kFinal768Empty));
  EXPECT_EQ((final_state_of_empty_message<kAfsTrEdm1024, avx2::rounds>()),
            to_state(spec::kFinal1024Empty));
#endif
}

// ------------------------------------------------------------- digests (module boundary)
// The modules of one instance built in this tree, e.g. AFS-TrEDM-512-ref and -opt.
std::vector<std::string> module_names(int bits) {
  std::vector<std::string> names;
  for (const auto &variant : ngcc::test::built_variants())
    names.push_back("AFS-TrEDM-" + std::to_string(bits) + "-" + variant);
  return names;
}

template <std::size_t N>
void expect_digests(int bits, const spec::DigestCase (&cases)[N]) {
  for (const auto &name : module_names(bits)) {
    const ngcc::Module module = ngcc::test::load(name);
    ASSERT_NE(module.info(), nullptr);
    EXPECT_STREQ(module.info()->name, ("AFS-TrEDM-" + std::to_string(bits)).c_str());
    EXPECT_STREQ(module.info()->kat_name, module.info()->name);
    EXPECT_STREQ(module.info()->candidate_id, "hash-01");
    EXPECT_STREQ(module.info()->family, "AFS-TrEDM");
    EXPECT_EQ(module.info()->digest_bits, bits);
    EXPECT_EQ(module.info()->is_xof, 0);
    EXPECT_EQ(module.info()->max_digest_bits, bits);
    for (const auto &c : cases) {
      const auto msg = ngcc::test::from_hex(c.msg);
      const auto expected = ngcc::test::from_hex(c.digest);
      EXPECT_EQ(ngcc::test::to_hex(ngcc::test::digest(module, msg, c.bits)),
                ngcc::test::to_hex(expected))
          << name << ", " << c.bits << " bits";
    }
  }
}

TEST(AfsTrEdmDigest, SubmittedKatRecords512) { expect_digests(512, spec::kKat512); }
TEST(AfsTrEdmDigest, SubmittedKatRecords768) { expect_digests(768, spec::kKat768); }
TEST(AfsTrEdmDigest, SubmittedKatRecords1024) { expect_digests(1024, spec::kKat1024); }
TEST(AfsTrEdmDigest, AdditionalVectors512) { expect_digests(512, spec::kExtra512); }
TEST(AfsTrEdmDigest, AdditionalVectors768) { expect_digests(768, spec::kExtra768); }
TEST(AfsTrEdmDigest, AdditionalVectors1024) { expect_digests(1024, spec::kExtra1024); }

}  // namespace
