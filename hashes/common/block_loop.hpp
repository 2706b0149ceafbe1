// The block loop of every family, written once. A family's implementation
// table (permutation.hpp) has the same two operations in every family:
//   absorb_blocks(state, blocks, nblocks, params)  nblocks whole blocks of the
//                                                  mode, one after the other
//   permute(state, ...)                            the primitive alone, with
//                                                  the family's arguments
// Each permutation_<implementation>.cpp makes its row of them from one class
// I: its own, named after the implementation (Portable, Avx2, Avx512, Armv8,
// Armv8Sha3), or one that the family's implementations on the same registers
// share (permutation_<registers>.hpp). I has
//   using Registers;                                the state as I holds it
//                                                   between blocks
//   static Registers load(const State &);
//   static void store(State &, const Registers &);  (AsIs below, for the
//                                                   state as it is)
//   template <const Params &P>
//   static void absorb_block(Registers &, const std::uint8_t *block);
//                                                   one block of instance P
//   static void permute(Registers &, ...);          the primitive
// and the row is
//   {name, kCompiledFeatures, block_loop::absorb_blocks<I, BlockShapes>, block_loop::permute<I>}
// (Laurus: P works on W, not on the chaining value that absorption carries,
// so the row names the implementation's permute function itself). I comes
// from the file's anonymous namespace, so every function below is
// instantiated in that translation unit, with its flags: the loop is
// compiled together with the block and the permutation it calls, with no
// call through a pointer per block.
//
// The family's <family>.hpp gives block_bytes(const Params &) and
// BlockShapes, one instance per block size (the instances of one block size
// absorb alike); the loop is specialised for each.
#pragma once

#include <cstddef>
#include <cstdint>

namespace ngcc::block_loop {

// The Registers, load and store of an implementation that holds the state
// as it is.
template <class State>
struct AsIs {
  using Registers = State;
  static State load(const State &state) { return state; }
  static void store(State &state, const State &s) { state = s; }
};

// The instances the loop is specialised for, one per block size.
template <const auto &...kShape>
struct Shapes {};

// The loop for instance P. Out of line, on a local copy of the registers:
// otherwise GCC 12 keeps the state on the stack between blocks, a
// store-to-load round trip on the critical path of every block.
template <class I, const auto &P>
__attribute__((noinline)) void absorb_each(typename I::Registers &state, const std::uint8_t *blocks,
                                           std::size_t nblocks) {
  constexpr std::size_t kBlockBytes = block_bytes(P);
  typename I::Registers s = state;
  for (; nblocks > 0; --nblocks, blocks += kBlockBytes) I::template absorb_block<P>(s, blocks);
  state = s;
}

// The loop specialised for p's block size, which is that of one of the
// shapes (every instance's is).
template <class I, const auto &...kShape, class State, class Params>
void absorb_shapes(Shapes<kShape...>, State &state, const std::uint8_t *blocks, std::size_t nblocks,
                   const Params &p) {
  typename I::Registers s = I::load(state);
  const std::size_t bytes = block_bytes(p);
  // The || fold stops at the shape that matches; its value is not needed.
  static_cast<void>(((bytes == block_bytes(kShape) && (absorb_each<I, kShape>(s, blocks, nblocks), true)) || ...));
  I::store(state, s);
}

// The table's absorb_blocks: the state converted to I's registers once per
// call, not once per block.
template <class I, class BlockShapes, class State, class Params>
void absorb_blocks(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p) {
  if (nblocks > 0) absorb_shapes<I>(BlockShapes{}, state, blocks, nblocks, p);
}

// The table's permute.
template <class I, class State, class... Args>
void permute(State &state, Args... args) {
  typename I::Registers s = I::load(state);
  I::permute(s, args...);
  I::store(state, s);
}

}  // namespace ngcc::block_loop
