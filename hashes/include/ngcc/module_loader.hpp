// The one module loader used by every executable (kat, bench, tests, CLI).
// dlopen(RTLD_NOW | RTLD_LOCAL) so every module may export the same symbols.
#pragma once

#include <cstdint>
#include <stdexcept>
#include <string>

#include "ngcc/crypthash.h"

namespace ngcc {

// Thrown with a one-line message naming the file and what was wrong:
// missing file, not a shared object, no CryptHash symbol.
class LoadError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

class Module {
 public:
  // Loads `path`. ngcc_instance() is optional (a submitter's library may
  // export only CryptHash); info() is then nullptr.
  static Module load(const std::string &path);

  Module(Module &&other) noexcept;
  Module &operator=(Module &&other) noexcept;
  Module(const Module &) = delete;
  Module &operator=(const Module &) = delete;
  ~Module();

  int hash(int digest_len_bits, const std::uint8_t *msg, std::uint64_t msg_len_bits,
           std::uint8_t *digest) const {
    return crypt_hash_(digest_len_bits, msg, msg_len_bits, digest);
  }
  ngcc_crypthash_fn crypt_hash() const { return crypt_hash_; }
  const ngcc_instance_info *info() const { return info_; }
  const std::string &path() const { return path_; }

 private:
  Module(std::string path, void *handle, ngcc_crypthash_fn fn, const ngcc_instance_info *info);
  std::string path_;
  void *handle_ = nullptr;
  ngcc_crypthash_fn crypt_hash_ = nullptr;
  const ngcc_instance_info *info_ = nullptr;
};

}  // namespace ngcc
