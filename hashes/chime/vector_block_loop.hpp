// The block loop of CHIME's vector implementations (permutation_avx2.cpp,
// permutation_avx512.cpp, advsimd_permutation.hpp), included by each with
// its own flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "chime/chime.hpp"

namespace ngcc::chime {

// The block loop of the vector implementations: the state in registers
// across all blocks of a call, the rounds fully unrolled. Both parameters
// come from the including file's anonymous namespace, so no instantiation
// leaves its translation unit.
//  - `Registers` holds the six branches a0 .. c1 and has
//    static Registers load(const State &), void store(State &) const, and
//    add_block_512(p), add_block_1024(p), feed_forward_1024(const Registers &old)
//    for the block of §10 and the block and feed-forward of §11;
//  - `Rounds` supplies template <unsigned r> Registers round(const Registers &) const;
//    one Rounds object is constructed per call of absorb or permute.
namespace vector {

template <class Registers, class Rounds>
struct BlockLoop {
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
  // (5% on CHIME-512, 3% on CHIME-1024 on Zen 3; clang does not need it).

  // CHIME-512 (§10): no feed-forward.
  __attribute__((noinline)) static void absorb_512(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
    const Rounds rounds;
    Registers s = state;
    for (; nblocks > 0; --nblocks, p += 64) {
      s.add_block_512(p);
      s = permute<15>(rounds, s);
    }
    state = s;
  }

  // CHIME-1024 (§11): the capacity is fed forward.
  __attribute__((noinline)) static void absorb_1024(Registers &state, const std::uint8_t *p, std::size_t nblocks) {
    const Rounds rounds;
    Registers s = state;
    for (; nblocks > 0; --nblocks, p += 56) {
      const Registers old = s;
      s.add_block_1024(p);
      s = permute<20>(rounds, s);
      s.feed_forward_1024(old);
    }
    state = s;
  }

  // Implementation::absorb, with P = Params.
  template <class P>
  static void absorb(State &state, const std::uint8_t *blocks, std::size_t nblocks, const P &p) {
    if (nblocks == 0) return;
    Registers s = Registers::load(state);
    if (p.feed_forward)
      absorb_1024(s, blocks, nblocks);
    else
      absorb_512(s, blocks, nblocks);
    s.store(state);
  }

  static void permute(State &state, unsigned rounds) {
    const Rounds p;
    const Registers s = Registers::load(state);
    (rounds == 15 ? permute<15>(p, s) : permute<20>(p, s)).store(state);
  }
};

}  // namespace vector

}  // namespace ngcc::chime
