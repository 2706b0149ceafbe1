// The absorb and rounds entries of an implementation that keeps the state in
// a form of its own between rounds and between blocks. Its LaneForm supplies
//   Lanes                                 the state in that form,
//   load_state(const State &) -> Lanes    and store_state(State &, const Lanes &),
//   run_rounds(Lanes &, first, last)      rounds first .. last-1 (§4.1),
//   absorb_blocks<R>(Lanes &, blocks, nblocks, half_rounds)   §5.1 for R lanes,
// all static; the entries convert once per call, not once per block.
#pragma once

#include <cstddef>
#include <cstdint>

#include "afs_tredm/afs_tredm.hpp"

namespace ngcc::afs_tredm {

template <typename LaneForm>
void absorb_in(State &state, const std::uint8_t *blocks, std::size_t nblocks, const Params &p) {
  if (nblocks == 0) return;
  typename LaneForm::Lanes s = LaneForm::load_state(state);
  with_rate_lanes(p.rate_lanes, [&](auto rate) {
    LaneForm::template absorb_blocks<decltype(rate)::value>(s, blocks, nblocks, p.half_rounds);
  });
  LaneForm::store_state(state, s);
}

template <typename LaneForm>
void rounds_in(State &state, int first, int last) {
  typename LaneForm::Lanes s = LaneForm::load_state(state);
  LaneForm::run_rounds(s, first, last);
  LaneForm::store_state(state, s);
}

}  // namespace ngcc::afs_tredm
