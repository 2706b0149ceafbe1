// The console lines naming the modules bench leaves out: one line per
// cause, however many modules share it (an AVX2-only CPU skips every avx512
// variant for one). The context's skipped_modules keeps every module and its
// reason in full (SCHEMA.md §3).
#pragma once

#include <cstddef>
#include <string>
#include <vector>

#include "modules.hpp"

namespace ngcc::bench {

// A cause of one module: "bench: skipping CHIME-512/avx512: <why>"; of
// several: "bench: skipping 18 modules: <cause> (AFS-TrEDM-512/avx512,
// CHIME-512/avx512, … 18 in all)", naming as many as fit in `width`
// columns (the first always). Causes in the order they first come.
std::vector<std::string> skipped_lines(const std::vector<SkippedModule> &skipped, std::size_t width = 200);

}  // namespace ngcc::bench
