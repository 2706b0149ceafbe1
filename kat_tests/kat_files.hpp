// The four official KAT files (docs/kat-procedure.md §5): the CryptHash calls each one
// makes, record by record, and its text exactly as the official
// KAT_CryptHash.c driver writes it. The two are apart so that the calls can
// run elsewhere (a guarded child process, several at once) and the text be
// written from their digests. Every message handed to CryptHash ends at a
// guard page (guarded_call.hpp): a read past ceil(n/8) bytes faults.
#pragma once

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "guarded_call.hpp"

namespace ngcc::kat {

enum class Kind { k2_12, k2_23, k2_33, Loop };
constexpr Kind kAllKinds[] = {Kind::k2_12, Kind::k2_23, Kind::k2_33, Kind::Loop};
constexpr int kLoopIterations = 1000000;  // calls 0 … 1 000 000 (§5.4)
constexpr std::size_t kLoopCalls = kLoopIterations + 1;

std::string kind_name(Kind kind);  // "2_12", "2_23", "2_33", "Loop"
std::optional<Kind> parse_kind(std::string_view name);
// KAT_<kind>_<ALGORITHM_INSTANCE>.txt
std::string file_name(Kind kind, const std::string &algorithm_instance);
// The official name check: 1..64 characters, each alphanumeric, '-' or '_'.
bool valid_algorithm_instance(const std::string &name);

std::size_t record_count(Kind kind);                       // 4097, 3, 3, 1
std::uint64_t record_bits(Kind kind, std::size_t record);  // Msg_Len of a record

class TextSink {
 public:
  virtual ~TextSink() = default;
  virtual void write(std::string_view text) = 0;
};

// The all-zero, all-one and random messages of KAT_2_23 or KAT_2_33 (§5.3),
// made once, read-only, each ending at a guard page. A child process forked
// later reads the same pages (no copy per process: nobody writes them). The
// all-zero message is never-touched memory and costs nothing; the other two
// 2^20 or 2^30 bytes each.
class LongMessages {
 public:
  // The random message is drawn with `threads` threads (counter mode, §4.4).
  LongMessages(Kind kind, unsigned threads);
  Kind kind() const { return kind_; }
  const std::uint8_t *message(std::size_t record) const;

 private:
  Kind kind_;
  GuardedBuffer zero_, one_, random_;
};

// One CryptHash call of a file, made however the caller likes (e.g. through a
// GuardedHasher in a child process): returns the digest (digest_bits/8
// bytes), or nullptr to stop the file there. `call` is the record, or for
// KAT_Loop the iteration (0 hashes m0).
using HashCall =
    std::function<const std::uint8_t *(std::uint64_t call, const std::uint8_t *msg, std::uint64_t msg_bits)>;
using RecordDone = std::function<void(std::size_t record, const std::uint8_t *digest)>;

// Makes the calls of records [first, last) in the official order, handing
// each record's digest to `done`; false if `hash` stopped. `long_messages`
// (of this kind) is needed for 2_23 and 2_33 only.
bool hash_records(Kind kind, std::size_t first, std::size_t last, int digest_bits,
                  const LongMessages *long_messages, const HashCall &hash, const RecordDone &done);

// The file's text from the digests of its records. With fewer digests than
// records, the file ends as the official driver leaves it after a CryptHash
// error: the next record's message lines and no digest.
void write_kat_text(Kind kind, int digest_bits, const std::vector<std::vector<std::uint8_t>> &digests,
                    const LongMessages *long_messages, TextSink &out);

}  // namespace ngcc::kat
