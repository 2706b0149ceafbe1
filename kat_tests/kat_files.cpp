#include "kat_files.hpp"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <thread>

#include "hex.hpp"
#include "sm3_drbg.hpp"

namespace ngcc::kat {
namespace {

constexpr std::uint64_t kBits2_23 = 1ull << 23;
constexpr std::uint64_t kBits2_33 = 1ull << 33;
constexpr std::uint64_t kLoopBits = 8192;
constexpr int kLoopIterations = 1000000;

std::string tag(Kind kind) { return "KAT_" + kind_name(kind); }

std::uint64_t long_bits(Kind kind) { return kind == Kind::k2_23 ? kBits2_23 : kBits2_33; }

unsigned draw_threads() { return std::max(1u, std::thread::hardware_concurrency()); }

// Emits "<Label> = <value>\n" (an empty value leaves the trailing space).
void field(TextSink &out, const char *label, std::string_view value) {
  std::string line = label;
  line += " = ";
  line += value;
  line += '\n';
  out.write(line);
}

std::vector<std::uint8_t> hash_or_throw(const HashTarget &t, const std::uint8_t *msg, std::uint64_t bits) {
  std::vector<std::uint8_t> digest(static_cast<std::size_t>(t.digest_bits / 8));
  const int rc = t.crypt_hash(t.digest_bits, msg, bits, digest.data());
  if (rc != 0)
    throw HashError("CryptHash returned " + std::to_string(rc) + " for Msg_Len = " + std::to_string(bits));
  return digest;
}

void write_2_12(const HashTarget &t, TextSink &out) {
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed(tag(Kind::k2_12)));
  std::uint8_t buffer[512];  // one buffer, zeroed before each draw (§5.2)
  for (std::uint64_t n = 0; n <= 4096; ++n) {
    std::memset(buffer, 0, sizeof buffer);
    drbg.generate(buffer, n);
    field(out, "Msg_Len", std::to_string(n));
    field(out, "Msg", to_hex(buffer, static_cast<std::size_t>((n + 7) / 8)));
    const auto digest = hash_or_throw(t, buffer, n);
    field(out, "Dst_Len", std::to_string(t.digest_bits));
    field(out, "Dst", to_hex(digest));
    out.write("\n");
  }
}

// Three records: all zero, all one, random (§5.3).
void write_long(Kind kind, const HashTarget &t, TextSink &out, LongMessageCache &cache) {
  const std::uint64_t bits = long_bits(kind), bytes = bits / 8;
  const std::string seed_hex = to_hex(Sm3HashDrbg::kat_seed(tag(kind)));
  std::vector<std::uint8_t> filled;
  for (int record = 0; record < 3; ++record) {
    const std::vector<std::uint8_t> *msg;
    if (record < 2) {
      filled.assign(bytes, record == 0 ? 0x00 : 0xFF);
      msg = &filled;
    } else {
      filled = {};  // release before the cached random message is used
      msg = &cache.random_message(kind);
    }
    field(out, "Msg_Len", std::to_string(bits));
    field(out, "Msg_Seed", record < 2 ? "" : seed_hex);
    field(out, "Msg_Exp", to_hex(msg->data(), 8) + " .... " + to_hex(msg->data() + bytes - 8, 8));
    const auto digest = hash_or_throw(t, msg->data(), bits);
    field(out, "Dst_Len", std::to_string(t.digest_bits));
    field(out, "Dst", to_hex(digest));
    out.write("\n");
  }
}

// Monte-Carlo loop (§5.4): rotate left by k = D/8 bytes, XOR the previous
// digest into the first k bytes, hash again; the return value is not checked.
void write_loop(const HashTarget &t, TextSink &out) {
  if (t.digest_bits <= 0 || t.digest_bits % 8 != 0 || t.digest_bits > static_cast<int>(kLoopBits))
    throw HashError("KAT_Loop needs a digest length in 8..8192 bits, multiple of 8");
  Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed(tag(Kind::Loop)));
  std::vector<std::uint8_t> m0(kLoopBits / 8), msg(kLoopBits / 8);
  drbg.generate(m0.data(), kLoopBits);
  const std::size_t k = static_cast<std::size_t>(t.digest_bits / 8);
  std::vector<std::uint8_t> h(k);
  msg = m0;
  t.crypt_hash(t.digest_bits, msg.data(), kLoopBits, h.data());
  for (int i = 0; i < kLoopIterations; ++i) {
    std::rotate(msg.begin(), msg.begin() + static_cast<std::ptrdiff_t>(k), msg.end());
    for (std::size_t j = 0; j < k; ++j) msg[j] ^= h[j];
    t.crypt_hash(t.digest_bits, msg.data(), kLoopBits, h.data());
  }
  field(out, "Msg_Len", std::to_string(kLoopBits));
  field(out, "Msg", to_hex(m0));
  field(out, "Dst_Len", std::to_string(t.digest_bits));
  field(out, "Dst", to_hex(h));
  out.write("\n");
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

const std::vector<std::uint8_t> &LongMessageCache::random_message(Kind kind) {
  auto &slot = kind == Kind::k2_23 ? random_2_23_ : random_2_33_;
  if (!slot) {
    const std::uint64_t bits = long_bits(kind);
    slot = std::make_unique<std::vector<std::uint8_t>>(bits / 8);
    Sm3HashDrbg drbg(Sm3HashDrbg::kat_seed(tag(kind)));
    drbg.generate(slot->data(), bits, draw_threads());
  }
  return *slot;
}

void write_kat_file(Kind kind, const HashTarget &target, TextSink &out, LongMessageCache &cache) {
  switch (kind) {
    case Kind::k2_12: write_2_12(target, out); break;
    case Kind::k2_23:
    case Kind::k2_33: write_long(kind, target, out, cache); break;
    case Kind::Loop: write_loop(target, out); break;
  }
}

}  // namespace ngcc::kat
