// The four official KAT files (api-kat.md §5), produced as text into a sink
// exactly as the official KAT_CryptHash.c driver writes them.
#pragma once

#include <cstdint>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <vector>

#include "ngcc/crypthash.h"

namespace ngcc::kat {

enum class Kind { k2_12, k2_23, k2_33, Loop };
constexpr Kind kAllKinds[] = {Kind::k2_12, Kind::k2_23, Kind::k2_33, Kind::Loop};

std::string kind_name(Kind kind);  // "2_12", "2_23", "2_33", "Loop"
std::optional<Kind> parse_kind(std::string_view name);
// KAT_<kind>_<ALGORITHM_INSTANCE>.txt
std::string file_name(Kind kind, const std::string &algorithm_instance);
// The official name check: 1..64 characters, each alphanumeric, '-' or '_'.
bool valid_algorithm_instance(const std::string &name);

class TextSink {
 public:
  virtual ~TextSink() = default;
  virtual void write(std::string_view text) = 0;
};

// CryptHash returned non-zero (the official driver's error -3); the record
// in progress has its message lines but no digest, as in the official file.
class HashError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// The 2_23 / 2_33 random messages are the same for every instance: drawn
// once per process and shared by every file written through one cache.
class LongMessageCache {
 public:
  const std::vector<std::uint8_t> &random_message(Kind kind);

 private:
  std::unique_ptr<std::vector<std::uint8_t>> random_2_23_, random_2_33_;
};

struct HashTarget {
  ngcc_crypthash_fn crypt_hash;
  int digest_bits;  // DIGEST_BIT_LENGTH: passed in every call
};

void write_kat_file(Kind kind, const HashTarget &target, TextSink &out, LongMessageCache &cache);

}  // namespace ngcc::kat
