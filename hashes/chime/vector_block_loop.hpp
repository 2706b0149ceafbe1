// The block loop of CHIME's two vector implementations (permutation_avx2.cpp,
// permutation_avx512.cpp), included by each with its own flags.
#pragma once

#include <utility>

#include "chime/chime.hpp"
#include "common/simd_avx2.hpp"

namespace ngcc::chime {

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

}  // namespace ngcc::chime
