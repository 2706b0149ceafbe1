// Finding hash-01-2 (spec §10): the final framed block is absorbed like any
// other block, so after hashing M the state is R || z || u (rate, published
// digest, one hidden lane A[24]). For M' = P(M) || R, with P(M) the full
// framing of M, the state after P(M) is again R || z || u, absorbing R
// leaves 0^r || z || u, and H(M') is a function of the public z and the
// 64-bit u alone. The tests show this structure at every parameter set,
// against the modules (ref and opt); a reduced enumeration over 2^8
// candidates for u stands in for the 2^64 one.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "afs_tredm/afs_tredm.hpp"
#include "test_support.hpp"

namespace {

using namespace ngcc::afs_tredm;

// The modules of one instance built in this tree, e.g. AFS-TrEDM-512-ref and -opt.
std::vector<std::string> module_names(int bits) {
  std::vector<std::string> names;
  for (const auto &variant : ngcc::test::built_variants())
    names.push_back("AFS-TrEDM-" + std::to_string(bits) + "-" + variant);
  return names;
}

std::vector<std::uint8_t> message(std::uint64_t bits) {
  std::vector<std::uint8_t> m(ngcc::bytes_for_bits(bits));
  for (std::size_t i = 0; i < m.size(); ++i) m[i] = static_cast<std::uint8_t>(i * 131 + 7);
  return m;
}

template <const Instance &Inst>
struct Replay {
  static constexpr int kRate = Inst.rate_lanes;
  static constexpr int kHidden = kLanes - 1;  // A[24], never output

  // Final state of M and its framing P(M) (whole rate blocks).
  static State final_state(const std::vector<std::uint8_t> &m, std::uint64_t bits,
                           std::vector<std::uint8_t> &framed) {
    const std::uint64_t full = bits / Inst.rate_bits();
    framed.assign(m.begin(), m.begin() + static_cast<std::ptrdiff_t>(full * Inst.rate_bytes()));
    std::uint8_t frame[kMaxFrameBytes];
    const int blocks = build_frame(Inst, m.data() + full * Inst.rate_bytes(),
                                   bits - full * Inst.rate_bits(), bits, frame);
    framed.insert(framed.end(), frame, frame + blocks * Inst.rate_bytes());
    State a = initial_value(Inst);
    for (std::size_t off = 0; off < framed.size(); off += Inst.rate_bytes())
      absorb<Inst, portable::rounds>(a, framed.data() + off);
    return a;
  }

  // The attacker's prediction of H(M') from the digest z of M and a guess u.
  static std::vector<std::uint8_t> predict(const std::vector<std::uint8_t> &z, std::uint64_t u,
                                           std::uint64_t bits_of_m_prime) {
    State a{};  // 0^r || z || u
    for (int i = 0; i < Inst.digest_lanes(); ++i) a[kRate + i] = ngcc::load_be64(z.data() + 8 * i);
    a[kHidden] = u;
    const std::uint8_t zero_block[128] = {};
    absorb<Inst, portable::rounds>(a, zero_block);
    std::uint8_t frame[kMaxFrameBytes];
    const int blocks = build_frame(Inst, nullptr, 0, bits_of_m_prime, frame);
    for (int b = 0; b < blocks; ++b) absorb<Inst, portable::rounds>(a, frame + b * Inst.rate_bytes());
    std::vector<std::uint8_t> out(Inst.digest_bits / 8);
    for (int i = 0; i < Inst.digest_lanes(); ++i) ngcc::store_be64(out.data() + 8 * i, a[kRate + i]);
    return out;
  }

  static void run() {
    const std::uint64_t r = Inst.rate_bits();
    for (const std::uint64_t bits : {std::uint64_t{0}, std::uint64_t{7}, std::uint64_t{24},
                                     r - 129, r - 128, r, 3 * r + 5}) {
      for (const auto &name : module_names(Inst.digest_bits)) {
        SCOPED_TRACE(name + ", |M| = " + std::to_string(bits));
        const ngcc::Module module = ngcc::test::load(name);
        const auto m = message(bits);
        std::vector<std::uint8_t> framed;
        const State s = final_state(m, bits, framed);

        // The digest of M is the state's lanes R .. R + d/64 - 1.
        const auto z = ngcc::test::digest(module, m, bits);
        for (int i = 0; i < Inst.digest_lanes(); ++i)
          ASSERT_EQ(ngcc::load_be64(z.data() + 8 * i), s[kRate + i]);

        // M' = P(M) || R: replaying P(M) recreates s, absorbing R cancels the rate.
        std::vector<std::uint8_t> m_prime = framed;
        for (int i = 0; i < kRate; ++i) {
          std::uint8_t lane_bytes[8];
          ngcc::store_be64(lane_bytes, s[i]);
          m_prime.insert(m_prime.end(), lane_bytes, lane_bytes + 8);
        }
        // M' is a whole number of blocks: its first blocks are exactly P(M).
        State replay = initial_value(Inst);
        for (std::size_t off = 0; off < framed.size(); off += Inst.rate_bytes())
          absorb<Inst, portable::rounds>(replay, framed.data() + off);
        ASSERT_EQ(replay, s) << "P(M) as a prefix does not recreate the final state of M";
        for (int i = 0; i < kRate; ++i) replay[i] ^= s[i];
        for (int i = 0; i < kRate; ++i) EXPECT_EQ(replay[i], 0u);

        // H(M') is predicted from (z, u) alone; the module agrees.
        const std::uint64_t bits_prime = m_prime.size() * 8;
        const auto h_prime = ngcc::test::digest(module, m_prime, bits_prime);
        EXPECT_EQ(predict(z, s[kHidden], bits_prime), h_prime);

        // Reduced enumeration: among 256 guesses of u exactly the true one matches.
        int matches = 0;
        for (std::uint64_t k = 0; k < 256; ++k)
          matches += predict(z, s[kHidden] ^ (k << 40), bits_prime) == h_prime;
        EXPECT_EQ(matches, 1);

        // Control: a changed rate block is not predicted.
        std::vector<std::uint8_t> control = m_prime;
        control.back() ^= 1;
        EXPECT_NE(predict(z, s[kHidden], bits_prime),
                  ngcc::test::digest(module, control, bits_prime));
      }
    }
  }
};

TEST(AfsTrEdmFindings, Hash01_2_FinalBlockReplay512) { Replay<kAfsTrEdm512>::run(); }
TEST(AfsTrEdmFindings, Hash01_2_FinalBlockReplay768) { Replay<kAfsTrEdm768>::run(); }
TEST(AfsTrEdmFindings, Hash01_2_FinalBlockReplay1024) { Replay<kAfsTrEdm1024>::run(); }

}  // namespace
