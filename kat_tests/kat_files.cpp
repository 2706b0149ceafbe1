#include "kat_files.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <stdexcept>

#include "common/bits.hpp"
#include "hex.hpp"
#include "sm3_drbg.hpp"

namespace ngcc::kat {
namespace {

constexpr std::uint64_t kBits2_23 = 1ull << 23;
constexpr std::uint64_t kBits2_33 = 1ull << 33;
constexpr std::uint64_t kLoopBits = 8192;
constexpr std::size_t kLoopBytes = kLoopBits / 8;
constexpr std::uint64_t k2_12MaxBits = 4096;

std::string tag(Kind kind) { return "KAT_" + kind_name(kind); }

std::uint64_t long_bits(Kind kind) { return kind == Kind::k2_23 ? kBits2_23 : kBits2_33; }

// Emits "<Label> = <value>\n" (an empty value leaves the trailing space).
void field(TextSink &out, const char *label, std::string_view value) {
  std::string line = label;
  line += " = ";
  line += value;
  line += '\n';
  out.write(line);
}

void digest_lines(TextSink &out, int digest_bits, const std::vector<std::uint8_t> &digest) {
  field(out, "Dst_Len", std::to_string(digest_bits));
  field(out, "Dst", to_hex(digest));
  out.write("\n");
}

// KAT_2_12 (§5.2): one DRBG, Generate(n) for n = 0, 1, …, 4096 in turn.
class Messages2_12 {
 public:
  Messages2_12() : drbg_(Sm3HashDrbg::kat_seed(tag(Kind::k2_12))) {}
  // The message of record n (records are drawn in order; earlier ones skipped).
  const std::uint8_t *draw(std::uint64_t n) {
    for (; next_ <= n; ++next_) drbg_.generate(buffer_.end() - bytes_for_bits(next_), next_);
    return buffer_.end() - bytes_for_bits(n);
  }

 private:
  Sm3HashDrbg drbg_;
  std::uint64_t next_ = 0;
  GuardedBuffer buffer_{bytes_for_bits(k2_12MaxBits)};
};

std::vector<std::uint8_t> loop_m0() {
  std::vector<std::uint8_t> m0(kLoopBytes);
  Sm3HashDrbg(Sm3HashDrbg::kat_seed(tag(Kind::Loop))).generate(m0.data(), kLoopBits);
  return m0;
}

// KAT_Loop (§5.4): rotate left by k = D/8 bytes, XOR the previous digest
// into the first k bytes, hash again, 1 000 000 times.
bool hash_loop(int digest_bits, const HashCall &hash, const RecordDone &done) {
  if (digest_bits <= 0 || digest_bits % 8 != 0 || digest_bits > static_cast<int>(kLoopBits))
    throw std::invalid_argument("KAT_Loop needs a digest length in 8..8192 bits, multiple of 8");
  const std::size_t k = static_cast<std::size_t>(digest_bits / 8);
  const auto m0 = loop_m0();
  GuardedBuffer buffer(kLoopBytes);
  std::uint8_t *msg = buffer.data();
  std::memcpy(msg, m0.data(), kLoopBytes);
  const std::uint8_t *h = hash(0, msg, kLoopBits);
  for (int i = 1; h != nullptr && i <= kLoopIterations; ++i) {
    std::rotate(msg, msg + k, msg + kLoopBytes);
    for (std::size_t j = 0; j < k; ++j) msg[j] ^= h[j];
    h = hash(static_cast<std::uint64_t>(i), msg, kLoopBits);
  }
  if (h == nullptr) return false;
  done(0, h);
  return true;
}

}  // namespace

std::string kind_name(Kind kind) {
  switch (kind) {
    case Kind::k2_12: return "2_12";
    case Kind::k2_23: return "2_23";
    case Kind::k2_33: return "2_33";
    case Kind::Loop: return "Loop";
  }
  return "?";
}

std::optional<Kind> parse_kind(std::string_view name) {
  for (Kind k : kAllKinds)
    if (kind_name(k) == name) return k;
  return std::nullopt;
}

std::string file_name(Kind kind, const std::string &algorithm_instance) {
  return "KAT_" + kind_name(kind) + "_" + algorithm_instance + ".txt";
}

bool valid_algorithm_instance(const std::string &name) {
  return !name.empty() && name.size() <= 64 &&
         std::all_of(name.begin(), name.end(), [](char c) {
           return std::isalnum(static_cast<unsigned char>(c)) || c == '-' || c == '_';
         });
}

std::size_t record_count(Kind kind) {
  switch (kind) {
    case Kind::k2_12: return k2_12MaxBits + 1;
    case Kind::k2_23:
    case Kind::k2_33: return 3;
    case Kind::Loop: return 1;
  }
  return 0;
}

std::uint64_t record_bits(Kind kind, std::size_t record) {
  switch (kind) {
    case Kind::k2_12: return record;
    case Kind::k2_23:
    case Kind::k2_33: return long_bits(kind);
    case Kind::Loop: return kLoopBits;
  }
  return 0;
}

LongMessages::LongMessages(Kind kind, unsigned threads)
    : kind_(kind),
      zero_(bytes_for_bits(long_bits(kind))),
      one_(bytes_for_bits(long_bits(kind))),
      random_(bytes_for_bits(long_bits(kind))) {
  if (kind != Kind::k2_23 && kind != Kind::k2_33) throw std::invalid_argument("LongMessages: not 2_23 or 2_33");
  std::memset(one_.data(), 0xFF, one_.capacity());
  Sm3HashDrbg(Sm3HashDrbg::kat_seed(tag(kind))).generate(random_.data(), long_bits(kind), threads);
  zero_.make_read_only();
  one_.make_read_only();
  random_.make_read_only();
}

const std::uint8_t *LongMessages::message(std::size_t record) const {
  const GuardedBuffer *m[] = {&zero_, &one_, &random_};
  return m[std::min<std::size_t>(record, 2)]->data();
}

bool hash_records(Kind kind, std::size_t first, std::size_t last, int digest_bits,
                  const LongMessages *long_messages, const HashCall &hash, const RecordDone &done) {
  last = std::min(last, record_count(kind));
  switch (kind) {
    case Kind::k2_12: {
      Messages2_12 messages;
      for (std::size_t n = first; n < last; ++n) {
        const std::uint8_t *d = hash(n, messages.draw(n), n);
        if (d == nullptr) return false;
        done(n, d);
      }
      return true;
    }
    case Kind::k2_23:
    case Kind::k2_33:
      if (long_messages == nullptr || long_messages->kind() != kind)
        throw std::invalid_argument("hash_records: KAT_" + kind_name(kind) + " needs its long messages");
      for (std::size_t r = first; r < last; ++r) {
        const std::uint8_t *d = hash(r, long_messages->message(r), long_bits(kind));
        if (d == nullptr) return false;
        done(r, d);
      }
      return true;
    case Kind::Loop: return first >= last || hash_loop(digest_bits, hash, done);
  }
  return false;
}

void write_kat_text(Kind kind, int digest_bits, const std::vector<std::vector<std::uint8_t>> &digests,
                    const LongMessages *long_messages, TextSink &out) {
  const std::size_t records = std::min(record_count(kind), digests.size() + 1);
  switch (kind) {
    case Kind::k2_12: {
      Messages2_12 messages;
      for (std::size_t n = 0; n < records; ++n) {
        field(out, "Msg_Len", std::to_string(n));
        field(out, "Msg", to_hex(messages.draw(n), bytes_for_bits(n)));
        if (n < digests.size()) digest_lines(out, digest_bits, digests[n]);
      }
      return;
    }
    case Kind::k2_23:
    case Kind::k2_33: {
      const std::size_t bytes = bytes_for_bits(long_bits(kind));
      const std::string seed_hex = to_hex(Sm3HashDrbg::kat_seed(tag(kind)));
      for (std::size_t r = 0; r < records; ++r) {
        const std::uint8_t *msg = long_messages->message(r);
        field(out, "Msg_Len", std::to_string(long_bits(kind)));
        field(out, "Msg_Seed", r < 2 ? "" : seed_hex);
        field(out, "Msg_Exp", to_hex(msg, 8) + " .... " + to_hex(msg + bytes - 8, 8));
        if (r < digests.size()) digest_lines(out, digest_bits, digests[r]);
      }
      return;
    }
    case Kind::Loop:
      field(out, "Msg_Len", std::to_string(kLoopBits));
      field(out, "Msg", to_hex(loop_m0()));
      if (!digests.empty()) digest_lines(out, digest_bits, digests[0]);
      return;
  }
}

}  // namespace ngcc::kat
