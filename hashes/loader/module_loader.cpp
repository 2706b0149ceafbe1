#include "ngcc/module_loader.hpp"

#include <dlfcn.h>
#include <sys/stat.h>

#include <cerrno>
#include <cstring>
#include <fstream>
#include <utility>

namespace ngcc {
namespace {

// A clearer reason than dlerror() for the common mistakes.
void check_file(const std::string &path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0)
    throw LoadError(path + ": cannot open module: " + std::strerror(errno));
  if (!S_ISREG(st.st_mode)) throw LoadError(path + ": not a regular file");
  std::ifstream in(path, std::ios::binary);
  char magic[4] = {};
  in.read(magic, 4);
  if (!in || std::memcmp(magic, "\x7f" "ELF", 4) != 0)
    throw LoadError(path + ": not a shared object (no ELF header)");
}

}  // namespace

Module Module::load(const std::string &path) {
  check_file(path);
  // A path without '/' would make dlopen search the library path instead.
  const std::string open_path = path.find('/') == std::string::npos ? "./" + path : path;
  void *handle = ::dlopen(open_path.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (handle == nullptr) {
    const char *why = ::dlerror();
    throw LoadError(path + ": not a loadable shared object: " + (why ? why : "unknown error"));
  }
  auto fn = reinterpret_cast<ngcc_crypthash_fn>(::dlsym(handle, "CryptHash"));
  if (fn == nullptr) {
    ::dlclose(handle);
    throw LoadError(path + ": no CryptHash symbol (not an NGCC hash module)");
  }
  const ngcc_instance_info *info = nullptr;
  if (auto describe = reinterpret_cast<ngcc_instance_fn>(::dlsym(handle, "ngcc_instance")))
    info = describe();
  return Module(path, handle, fn, info);
}

Module::Module(std::string path, void *handle, ngcc_crypthash_fn fn, const ngcc_instance_info *info)
    : path_(std::move(path)), handle_(handle), crypt_hash_(fn), info_(info) {}

Module::Module(Module &&other) noexcept
    : path_(std::move(other.path_)),
      handle_(std::exchange(other.handle_, nullptr)),
      crypt_hash_(std::exchange(other.crypt_hash_, nullptr)),
      info_(std::exchange(other.info_, nullptr)) {}

Module &Module::operator=(Module &&other) noexcept {
  if (this != &other) {
    if (handle_ != nullptr) ::dlclose(handle_);
    path_ = std::move(other.path_);
    handle_ = std::exchange(other.handle_, nullptr);
    crypt_hash_ = std::exchange(other.crypt_hash_, nullptr);
    info_ = std::exchange(other.info_, nullptr);
  }
  return *this;
}

Module::~Module() {
  if (handle_ != nullptr) ::dlclose(handle_);
}

}  // namespace ngcc
