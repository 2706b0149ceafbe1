#include "kat_job.hpp"

#include <algorithm>
#include <cstring>
#include <new>

#include "console.hpp"
#include "ngcc/module_loader.hpp"

namespace ngcc::kat {
namespace {

struct Header {
  double seconds = 0;
  std::uint64_t records_done = 0;
};
constexpr std::size_t kHeaderBytes = 64;

std::size_t round8(std::size_t n) { return (n + 7) / 8 * 8; }

}  // namespace

std::size_t HashJob::block_bytes() const {
  std::size_t bytes = kHeaderBytes + round8((last - first) * digest_size());
  if (kind == Kind::Loop) bytes += kLoopCalls * sizeof(std::uint64_t);
  return bytes;
}

std::uint64_t fingerprint(const std::uint8_t *digest, std::size_t size) {
  std::uint64_t h = 0xcbf29ce484222325ull;
  for (std::size_t i = 0; i < size; ++i) h = (h ^ digest[i]) * 0x100000001b3ull;
  return h;
}

Verdict run_hash_job(CallWatch &watch, const HashJob &job, const LongMessages *long_messages, std::uint8_t *block) {
  const Module module = Module::load(job.path);
  GuardedHasher hasher(module.crypt_hash(), job.digest_bits, &watch);
  auto &header = *new (block) Header{};
  std::uint8_t *digests = block + kHeaderBytes;
  const std::size_t size = job.digest_size();
  std::uint64_t *fingerprints =
      job.kind == Kind::Loop ? reinterpret_cast<std::uint64_t *>(digests + round8(size)) : nullptr;
  Verdict bad;
  const auto start = Clock::now();
  hash_records(
      job.kind, job.first, job.last, job.digest_bits, long_messages,
      [&](std::uint64_t call, const std::uint8_t *msg, std::uint64_t bits) -> const std::uint8_t * {
        const Verdict v = hasher.hash(msg, bits, call);
        if (!v.ok()) {
          bad = v;
          return nullptr;
        }
        if (fingerprints != nullptr && call < kLoopCalls) fingerprints[call] = fingerprint(hasher.digest(), size);
        return hasher.digest();
      },
      [&](std::size_t record, const std::uint8_t *d) {
        std::memcpy(digests + (record - job.first) * size, d, size);
        header.records_done = record - job.first + 1;
      });
  header.seconds = since(start);
  return bad;
}

HashJobResult read_hash_job(const HashJob &job, const std::uint8_t *block) {
  const auto &header = *reinterpret_cast<const Header *>(block);
  const std::size_t count = job.last - job.first, size = job.digest_size();
  const std::size_t done = static_cast<std::size_t>(std::min<std::uint64_t>(header.records_done, count));
  const std::uint8_t *digests = block + kHeaderBytes;
  HashJobResult result;
  result.seconds = header.seconds;
  for (std::size_t i = 0; i < done; ++i) result.digests.emplace_back(digests + i * size, digests + (i + 1) * size);
  if (job.kind == Kind::Loop && done == 1) {
    const auto *fp = reinterpret_cast<const std::uint64_t *>(digests + round8(size));
    result.fingerprints.assign(fp, fp + kLoopCalls);
  }
  return result;
}

}  // namespace ngcc::kat
