// Where a KAT file that does not reproduce its manifest differs from the same
// file of another module of its instance that does: per record for 2_12,
// 2_23 and 2_33, the first differing iteration for KAT_Loop. Lines for the
// report and the console.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "kat_files.hpp"

namespace ngcc::kat {

// What a module computed for one file.
struct FileDigests {
  const std::vector<std::vector<std::uint8_t>> &digests;  // by record
  const std::vector<std::uint64_t> &fingerprints;         // KAT_Loop: one per iteration
};

// "record 3 (random, msg_len_bits 1048576)", "iteration 17 (msg_len_bits …)".
std::string record_text(Kind kind, std::uint64_t call, std::uint64_t msg_bits);

// The failed file against `passed`, the same file of module `passed_stem`.
std::vector<std::string> difference(Kind kind, const FileDigests &failed, const FileDigests &passed,
                                    const std::string &passed_stem);

// The failed file when no other module of its instance passed: its long
// records' digests, for a comparison by hand.
std::vector<std::string> nothing_to_compare(Kind kind, const std::string &kat_name, const FileDigests &failed);

}  // namespace ngcc::kat
