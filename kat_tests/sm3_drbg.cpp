#include "sm3_drbg.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <cstring>
#include <stdexcept>
#include <thread>

namespace ngcc::kat {
namespace {

using Number = Sm3HashDrbg::Number;

using Part = std::pair<const std::uint8_t *, std::size_t>;

// SM3 over a concatenation of parts; one reusable OpenSSL context per object
// (so each thread of a large draw owns its own).
class Sm3 {
 public:
  Sm3() : ctx_(EVP_MD_CTX_new()) {
    if (ctx_ == nullptr) throw std::runtime_error("OpenSSL: EVP_MD_CTX_new failed");
  }
  ~Sm3() { EVP_MD_CTX_free(ctx_); }
  Sm3(const Sm3 &) = delete;
  Sm3 &operator=(const Sm3 &) = delete;

  std::array<std::uint8_t, 32> digest(std::initializer_list<Part> parts) {
    std::array<std::uint8_t, 32> out{};
    bool ok = EVP_DigestInit_ex(ctx_, EVP_sm3(), nullptr) == 1;
    for (const auto &[data, size] : parts) ok = ok && EVP_DigestUpdate(ctx_, data, size) == 1;
    unsigned int len = 0;
    ok = ok && EVP_DigestFinal_ex(ctx_, out.data(), &len) == 1 && len == out.size();
    if (!ok) throw std::runtime_error("OpenSSL SM3 failed (is SM3 available in this OpenSSL?)");
    return out;
  }

 private:
  EVP_MD_CTX *ctx_;
};

// a = (a + b) mod 2^440, b given as big-endian bytes right-aligned to a.
template <std::size_t N>
void add_into(Number &a, const std::array<std::uint8_t, N> &b) {
  static_assert(N <= Sm3HashDrbg::kSeedLen);
  unsigned carry = 0;
  for (std::size_t i = 0; i < a.size(); ++i) {
    const std::size_t ai = a.size() - 1 - i;
    unsigned sum = a[ai] + carry + (i < N ? b[N - 1 - i] : 0u);
    a[ai] = static_cast<std::uint8_t>(sum);
    carry = sum >> 8;
  }
}

void add_small(Number &a, std::uint64_t b) {
  std::array<std::uint8_t, 8> be{};
  for (int i = 0; i < 8; ++i) be[i] = static_cast<std::uint8_t>(b >> (56 - 8 * i));
  add_into(a, be);
}

// df(x) (§4.2): first 55 bytes of SM3(01 || L || x) || SM3(02 || L || x), L = 440.
Number derive(const Part &x0, const Part &x1 = {nullptr, 0}) {
  static const std::uint8_t len_440[4] = {0x00, 0x00, 0x01, 0xB8};
  Sm3 sm3;
  Number out{};
  for (std::uint8_t counter = 1; counter <= 2; ++counter) {
    const auto t = sm3.digest({{&counter, 1}, {len_440, 4}, x0, x1});
    const std::size_t offset = (counter - 1) * 32u;
    std::copy_n(t.begin(), std::min<std::size_t>(32, out.size() - offset), out.begin() + offset);
  }
  return out;
}

// Output blocks [first, last) of one Generate call: W_i = SM3((V + i) mod 2^440).
void hashgen_blocks(const Number &v, std::uint64_t first, std::uint64_t last, std::uint8_t *out,
                    std::uint64_t out_bytes) {
  Sm3 sm3;
  Number data = v;
  add_small(data, first);
  for (std::uint64_t i = first; i < last; ++i) {
    const auto w = sm3.digest({{data.data(), data.size()}});
    const std::uint64_t offset = i * Sm3HashDrbg::kOutLen;
    std::memcpy(out + offset, w.data(), std::min<std::uint64_t>(w.size(), out_bytes - offset));
    add_small(data, 1);
  }
}

}  // namespace

std::array<std::uint8_t, 32> sm3(const std::uint8_t *data, std::size_t size) {
  return Sm3().digest({{data, size}});
}

Sm3HashDrbg::Sm3HashDrbg(const std::vector<std::uint8_t> &seed) {
  v_ = derive({seed.data(), seed.size()});
  static const std::uint8_t zero = 0x00;
  c_ = derive({&zero, 1}, {v_.data(), v_.size()});
  reseed_counter_.fill(0);
  reseed_counter_.back() = 1;
}

void Sm3HashDrbg::generate(std::uint8_t *out, std::uint64_t n_bits, unsigned threads) {
  const std::uint64_t n_bytes = (n_bits + 7) / 8;
  const std::uint64_t blocks = (n_bits + 255) / 256;
  threads = std::max(1u, std::min<unsigned>(threads, static_cast<unsigned>(blocks / 4096 + 1)));
  if (threads == 1) {
    hashgen_blocks(v_, 0, blocks, out, n_bytes);
  } else {
    std::vector<std::thread> workers;
    const std::uint64_t per = (blocks + threads - 1) / threads;
    for (unsigned t = 0; t < threads; ++t) {
      const std::uint64_t first = t * per, last = std::min(blocks, first + per);
      if (first < last) workers.emplace_back(hashgen_blocks, std::cref(v_), first, last, out, n_bytes);
    }
    for (auto &w : workers) w.join();
  }
  if (n_bits % 8 != 0) out[n_bytes - 1] &= static_cast<std::uint8_t>(0xFF00u >> (n_bits % 8));

  // State update (§4.4 step 4): V = V + SM3(03 || V) + C + reseed_counter.
  static const std::uint8_t three = 0x03;
  const auto h = Sm3().digest({{&three, 1}, {v_.data(), v_.size()}});
  add_into(v_, h);
  add_into(v_, c_);
  add_into(v_, reseed_counter_);
  add_small(reseed_counter_, 1);
}

std::vector<std::uint8_t> Sm3HashDrbg::kat_seed(const std::string &tag) {
  std::vector<std::uint8_t> seed;
  for (int i = 0; i < 8; ++i) seed.insert(seed.end(), tag.begin(), tag.end());
  return seed;
}

}  // namespace ngcc::kat
