// The vector implementations of CHIME (permutation_ymm.hpp for avx2 and
// avx512, permutation_advsimd.hpp for armv8 and armv8_sha3) as the block
// loop (common/block_loop.hpp) takes them, each included with its own flags.
#pragma once

#include <cstddef>
#include <cstdint>
#include <utility>

#include "chime/chime.hpp"

namespace ngcc::chime {
namespace vector {

// The state in registers across all blocks of a call, the rounds fully
// unrolled, so that the branch rotation of §8 is a renaming. Both parameters
// come from the including file's anonymous namespace, so no instantiation
// leaves its translation unit.
//  - `Branches` holds the six branches a0 .. c1 and has
//    static Branches load(const State &), void store(State &) const, and
//    add_block_512(p), add_block_1024(p), feed_forward_1024(const Branches &old)
//    for the block of §10 and the block and feed-forward of §11;
//  - `Rounds` supplies template <unsigned r> Branches round(const Branches &) const;
//    one Rounds object is constructed per permutation.
template <class Branches, class Rounds>
struct Unrolled {
  using Registers = Branches;

  static Registers load(const State &state) { return Branches::load(state); }
  static void store(State &state, const Registers &s) { s.store(state); }

  // P15 / P20 (§8).
  template <std::size_t... r>
  NGCC_ALWAYS_INLINE static Registers rounds(Registers s, std::index_sequence<r...>) {
    const Rounds round;
    ((s = round.template round<r>(s)), ...);
    return s;
  }
  template <unsigned n>
  NGCC_ALWAYS_INLINE static void permute(Registers &s) {
    s = rounds(s, std::make_index_sequence<n>{});
  }
  static void permute(Registers &s, unsigned n) { n == 15 ? permute<15>(s) : permute<20>(s); }

  // §10 (CHIME-512), §11 (CHIME-1024: the capacity is fed forward).
  template <const Params &P>
  NGCC_ALWAYS_INLINE static void absorb_block(Registers &s, const std::uint8_t *block) {
    if constexpr (P.feed_forward) {
      const Registers old = s;
      s.add_block_1024(block);
      permute<P.rounds>(s);
      s.feed_forward_1024(old);
    } else {
      s.add_block_512(block);
      permute<P.rounds>(s);
    }
  }
};

}  // namespace vector
}  // namespace ngcc::chime
