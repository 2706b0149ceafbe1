// The CHIME permutation P15 / P20 (§4-§8 of research/hash-26-chime.md) and
// the block absorption built on it: the state, the round constants, and the
// table of implementations, each with the same operations.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>

#include "common/cpu_features.hpp"

#if defined(__AVX2__)
#include <utility>

#include "common/simd_avx2.hpp"
#endif

namespace ngcc::chime {

// §2/§3: the state is six branches A0, A1, B0, B1, C0, C1 of four 64-bit
// words, in that order; word n is branch n/4, index n%4.
constexpr unsigned kBranchWords = 4;
constexpr unsigned kStateWords = 24;
using State = std::array<std::uint64_t, kStateWords>;

// §6: one 64-bit constant per round, XORed into all four words of A0.
// Transcribed from the table of §6 (rule: ((i+1)*0x9E3779B97F4A7C15) ^
// (0xDEADBEEF00000000 | i); the unit tests check both).
inline constexpr std::uint64_t kRoundConstants[20] = {
    0x409AC7567F4A7C15, 0xE2C34D9DFE94F82B, 0x040BD3C37DDF743D, 0xA670580AFD29F057,
    0xC9B8DE707C746C6D, 0x6BE164B7FBBEE87B, 0x8D29EAFD7B096495, 0x2F167324FA53E0AF,
    0x515EF96A799E5CB5, 0xF0877FD1F8E8D8DB, 0x12CF8417783354ED, 0xB4340A5EF77DD0F7,
    0xD67C908476C84D1D, 0x79A516CBF612C92B, 0x9BED9F31755D4535, 0x3DDA2578F4A7C15F,
    0x5F02ABBE73F23D75, 0xC14B31E5F33CB96B, 0x60B3B62B7287359D, 0x82F83C92F1D1B1B7,
};

struct Params;  // chime.hpp

struct Implementation {
  const char *name;
  CpuFeatures needs;
  // For each of nblocks consecutive rate-sized blocks: XOR it into the rate,
  // apply P, and for CHIME-1024 XOR the capacity as it was before P back into
  // the capacity (§10, §11).
  void (*absorb)(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p);
  // P with 15 or 20 rounds (§8), in place.
  void (*permute)(State &state, unsigned rounds);
};

extern const Implementation kPortable;  // permutation_portable.cpp
extern const Implementation kAvx2;      // permutation_avx2.cpp, x86-64-v3
extern const Implementation kAvx512;    // permutation_avx512.cpp, AVX-512F/VL

#if defined(__AVX2__)
// The block loop of both vector implementations, included with each one's
// flags: one branch per 256-bit register, the state in registers across all
// blocks of a call. `Rounds` (from the including file's anonymous namespace,
// so no instantiation leaves its translation unit) supplies the rounds on
// registers, template <unsigned r> Registers round(const Registers &) const;
// one Rounds object is constructed per call of absorb or permute.
namespace vector {

struct Registers {
  avx2::V a0, a1, b0, b1, c0, c1;
};

template <class Rounds>
struct BlockLoop {
  static Registers load(const State &w) {
    return {avx2::load(&w[0]), avx2::load(&w[4]), avx2::load(&w[8]),
            avx2::load(&w[12]), avx2::load(&w[16]), avx2::load(&w[20])};
  }
  static void store(State &w, const Registers &s) {
    const avx2::V v[6] = {s.a0, s.a1, s.b0, s.b1, s.c0, s.c1};
    for (unsigned i = 0; i < 6; ++i) avx2::store(&w[4 * i], v[i]);
  }

  // P15 / P20 (§8), fully unrolled: the branch rotation is a renaming.
  template <std::size_t... r>
  NGCC_ALWAYS_INLINE static Registers unrolled(const Rounds &rounds, Registers s, std::index_sequence<r...>) {
    ((s = rounds.template round<r>(s)), ...);
    return s;
  }
  template <unsigned n>
  NGCC_ALWAYS_INLINE static Registers permute(const Rounds &rounds, const Registers &s) {
    return unrolled(rounds, s, std::make_index_sequence<n>{});
  }

  // The block loops are kept out of absorb() (noinline) and carry the state
  // in a local copy: otherwise GCC 12 keeps the state on the stack between
  // blocks, a store-to-load round trip on the critical path of every block
  // (5% on CHIME-512, 3% on CHIME-1024 on Zen 3, 2026-11; clang does not need it).

  // CHIME-512 (§10): block bytes 0..63 into A0, A1; no feed-forward.
  __attribute__((noinline)) static void absorb_512(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
    const Rounds rounds;
    Registers s = state;
    for (; nblocks > 0; --nblocks, p += 64) {
      s.a0 = _mm256_xor_si256(s.a0, avx2::load(p));
      s.a1 = _mm256_xor_si256(s.a1, avx2::load(p + 32));
      s = permute<15>(rounds, s);
    }
    state = s;
  }

  // CHIME-1024 (§11): bytes 0..31 into A0, bytes 32..55 into A1[1..3]; the
  // capacity A1[0], B0, B1, C0, C1 is fed forward.
  __attribute__((noinline)) static void absorb_1024(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
    const Rounds rounds;
    const avx2::V zero = _mm256_setzero_si256();
    Registers s = state;
    for (; nblocks > 0; --nblocks, p += 56) {
      const Registers old = s;
      s.a0 = _mm256_xor_si256(s.a0, avx2::load(p));
      // Bytes 24..55 are block words 3..6; word 3 belongs to A0, not A1.
      s.a1 = _mm256_xor_si256(s.a1, _mm256_blend_epi32(avx2::load(p + 24), zero, 0x03));
      s = permute<20>(rounds, s);
      s.a1 = _mm256_xor_si256(s.a1, _mm256_blend_epi32(zero, old.a1, 0x03));
      s.b0 = _mm256_xor_si256(s.b0, old.b0);
      s.b1 = _mm256_xor_si256(s.b1, old.b1);
      s.c0 = _mm256_xor_si256(s.c0, old.c0);
      s.c1 = _mm256_xor_si256(s.c1, old.c1);
    }
    state = s;
  }

  // Implementation::absorb, with P = Params.
  template <class P>
  static void absorb(State &state, const std::uint8_t *blocks, std::size_t nblocks, const P &p) {
    if (nblocks == 0) return;
    Registers s = load(state);
    if (p.feed_forward)
      absorb_1024(s, blocks, nblocks);
    else
      absorb_512(s, blocks, nblocks);
    store(state, s);
  }

  static void permute(State &state, unsigned rounds) {
    const Rounds p;
    const Registers s = load(state);
    store(state, rounds == 15 ? permute<15>(p, s) : permute<20>(p, s));
  }
};

}  // namespace vector
#endif

inline const Implementation *const kImplementations[] = {
    &kPortable,
#if defined(__x86_64__)
    &kAvx2,
    &kAvx512,
#endif
};

}  // namespace ngcc::chime
