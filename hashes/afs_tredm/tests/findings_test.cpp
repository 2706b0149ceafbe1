// Finding hash-01-2 (docs/specs/hash-01-afs-tredm.md §10): the final framed
// block is absorbed like any other block, so after hashing M the state is
// R || z || u (rate, published digest, one hidden lane A[24]). For
// M' = P(M) || R, with P(M) the full framing of M, the state after P(M) is
// again R || z || u, absorbing R leaves 0^r || z || u, and H(M') is a
// function of the public z and the 64-bit u alone. The tests show this
// structure at every parameter set, for every implementation and against
// every module; a reduced enumeration over 2^8 candidates for u stands in
// for the 2^64 one.
#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "afs_tredm/afs_tredm.hpp"
#include "test_support.hpp"

namespace ngcc::afs_tredm {
namespace {

using Bytes = std::vector<std::uint8_t>;

// Over the implementation table, and over the modules of each instance.
class AfsTrEdmFinding : public ngcc::test::ImplementationTest<Implementation> {};
class AfsTrEdm512Finding : public ngcc::test::ModuleTest {};
class AfsTrEdm768Finding : public ngcc::test::ModuleTest {};
class AfsTrEdm1024Finding : public ngcc::test::ModuleTest {};

constexpr int kHidden = kLanes - 1;  // A[24], never output

Bytes message(std::uint64_t bits) {
  Bytes m(bytes_for_bits(bits));
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return m;
}

template <const Params &P>
struct Replay {
  static constexpr int kRate = P.rate_lanes;

  // The lengths tried: short, around the one-or-two frame blocks boundary,
  // a whole block, several blocks and a partial byte.
  static std::vector<std::uint64_t> lengths() {
    const std::uint64_t r = P.rate_bits();
    return {0, 7, 24, r - 129, r - 128, r, 3 * r + 5};
  }

  // P(M): the complete blocks of M, then its frame (whole rate blocks).
  static Bytes framed(const Bytes &m, std::uint64_t bits) {
    const std::uint64_t full = bits / P.rate_bits();
    Bytes out(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(full * P.rate_bytes()));
    std::uint8_t frame[kMaxFrameBytes];
    const int blocks =
        build_frame(P, m.data() + full * P.rate_bytes(), bits - full * P.rate_bits(), bits, frame);
    out.insert(out.end(), frame, frame + blocks * P.rate_bytes());
    return out;
  }

  // The state after absorbing whole blocks from the IV.
  static State absorbed(const Implementation &impl, const Bytes &blocks) {
    State a = initial_value(P);
    impl.absorb_blocks(a, blocks.data(), blocks.size() / P.rate_bytes(), P);
    return a;
  }

  static Bytes digest_of_state(const State &a) {
    Bytes out(P.digest_bits / 8);
    for (int i = 0; i < P.digest_lanes(); ++i) store_be64(out.data() + 8 * i, a[kRate + i]);
    return out;
  }

  // M' = P(M) || R, R the rate of the final state s of M.
  static Bytes extension(const Bytes &framed_m, const State &s) {
    Bytes m_prime = framed_m;
    for (int i = 0; i < kRate; ++i) {
      std::uint8_t lane_bytes[8];
      store_be64(lane_bytes, s[i]);
      m_prime.insert(m_prime.end(), lane_bytes, lane_bytes + 8);
    }
    return m_prime;
  }

  // The attacker's prediction of H(M') from the digest z of M and a guess u.
  static Bytes predict(const Implementation &impl, const Bytes &z, std::uint64_t u,
                       std::uint64_t bits_of_m_prime) {
    State a{};  // 0^r || z || u
    for (int i = 0; i < P.digest_lanes(); ++i) a[kRate + i] = load_be64(z.data() + 8 * i);
    a[kHidden] = u;
    const std::uint8_t zero_block[kMaxRateBytes] = {};
    impl.absorb_blocks(a, zero_block, 1, P);
    std::uint8_t frame[kMaxFrameBytes];
    const int blocks = build_frame(P, nullptr, 0, bits_of_m_prime, frame);
    impl.absorb_blocks(a, frame, static_cast<std::size_t>(blocks), P);
    return digest_of_state(a);
  }

  static Bytes hash_with(const Implementation &impl, const Bytes &m, std::uint64_t bits) {
    Bytes out(P.digest_bits / 8);
    hash<P>(impl, m.data(), bits, out.data(), out.size());
    return out;
  }

  // The structure, with the implementation both as the hash and as the model.
  static void structure(const Implementation &impl) {
    for (const std::uint64_t bits : lengths()) {
      SCOPED_TRACE("|M| = " + std::to_string(bits));
      const Bytes m = message(bits);
      const Bytes framed_m = framed(m, bits);
      const State s = absorbed(impl, framed_m);
      const Bytes z = hash_with(impl, m, bits);
      ASSERT_EQ(z, digest_of_state(s)) << "the digest is lanes R .. R + d/64 - 1";

      // M' is a whole number of blocks: its first blocks are exactly P(M),
      // which recreate s (the digest check above: the mode ends in the state
      // of absorbing P(M)); absorbing R then cancels the rate before g.
      const Bytes m_prime = extension(framed_m, s);

      const std::uint64_t bits_prime = m_prime.size() * 8;
      const Bytes h_prime = hash_with(impl, m_prime, bits_prime);
      EXPECT_EQ(predict(impl, z, s[kHidden], bits_prime), h_prime);

      // Reduced enumeration: among 256 guesses of u exactly the true one matches.
      int matches = 0;
      for (std::uint64_t k = 0; k < 256; ++k)
        matches += predict(impl, z, s[kHidden] ^ (k << 40), bits_prime) == h_prime;
      EXPECT_EQ(matches, 1);

      // Control: a changed rate block is not predicted.
      Bytes control = m_prime;
      control.back() ^= 1;
      EXPECT_NE(predict(impl, z, s[kHidden], bits_prime), hash_with(impl, control, bits_prime));
    }
  }

  // Against a module: its digests are the model's, and its H(M') is predicted
  // from its own z and the hidden lane.
  static void against(const ngcc::Module &module) {
    for (const std::uint64_t bits : lengths()) {
      SCOPED_TRACE("|M| = " + std::to_string(bits));
      const Bytes m = message(bits);
      const Bytes framed_m = framed(m, bits);
      const State s = absorbed(kPortable, framed_m);
      const Bytes z = ngcc::test::digest(module, m, bits);
      ASSERT_EQ(z, digest_of_state(s));
      const Bytes m_prime = extension(framed_m, s);
      const std::uint64_t bits_prime = m_prime.size() * 8;
      EXPECT_EQ(predict(kPortable, z, s[kHidden], bits_prime),
                ngcc::test::digest(module, m_prime, bits_prime));
    }
  }
};

TEST_P(AfsTrEdmFinding, Hash01_2_FinalBlockReplay) {
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm512>::structure(impl()));
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm768>::structure(impl()));
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm1024>::structure(impl()));
}
TEST_P(AfsTrEdm512Finding, Hash01_2_FinalBlockReplay) {
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm512>::against(module()));
}
TEST_P(AfsTrEdm768Finding, Hash01_2_FinalBlockReplay) {
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm768>::against(module()));
}
TEST_P(AfsTrEdm1024Finding, Hash01_2_FinalBlockReplay) {
  ASSERT_NO_FATAL_FAILURE(Replay<kAfsTrEdm1024>::against(module()));
}

INSTANTIATE_TEST_SUITE_P(Implementations, AfsTrEdmFinding, ::testing::ValuesIn(kImplementations),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm512Finding,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-512")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm768Finding,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-768")),
                         ngcc::test::ParamName());
INSTANTIATE_TEST_SUITE_P(Modules, AfsTrEdm1024Finding,
                         ::testing::ValuesIn(ngcc::test::instance_targets("AFS-TrEDM-1024")),
                         ngcc::test::ParamName());

}  // namespace
}  // namespace ngcc::afs_tredm
