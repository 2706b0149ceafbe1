// One hash job of a KAT run: records [first, last) of one file, computed in a
// guarded child process into a block of memory shared with the parent. The
// block holds a header, the records' digests and, for KAT_Loop, one
// fingerprint per iteration (what a diagnosis compares when the file fails).
#pragma once

#include <cstddef>
#include <cstdint>
#include <string>
#include <vector>

#include "guarded_call.hpp"
#include "kat_files.hpp"

namespace ngcc::kat {

struct HashJob {
  std::string path;  // the module
  int digest_bits = 0;
  Kind kind = Kind::k2_12;
  std::size_t first = 0, last = 0;  // records

  std::size_t digest_size() const { return static_cast<std::size_t>(digest_bits / 8); }
  // Bytes of its shared block.
  std::size_t block_bytes() const;
};

// FNV-1a of a digest: enough to find the first iteration where two loops part.
std::uint64_t fingerprint(const std::uint8_t *digest, std::size_t size);

// In the child: loads the module and makes the job's calls, writing their
// results into `block` (block_bytes(), zeroed) as they come; the verdict of
// the first call that misbehaved, or kOk.
Verdict run_hash_job(CallWatch &watch, const HashJob &job, const LongMessages *long_messages, std::uint8_t *block);

// In the parent, once the child has ended: what the block holds.
struct HashJobResult {
  double seconds = 0;  // the calls' time as the child measured it (0: none)
  std::vector<std::vector<std::uint8_t>> digests;  // of records first, first + 1, … that completed
  std::vector<std::uint64_t> fingerprints;         // KAT_Loop whose record completed
};
HashJobResult read_hash_job(const HashJob &job, const std::uint8_t *block);

}  // namespace ngcc::kat
