#include "canonical.hpp"

#include <openssl/evp.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>

#include "hex.hpp"

namespace ngcc::kat {

struct CanonicalSha256::Ctx {
  EVP_MD_CTX *md = EVP_MD_CTX_new();
  ~Ctx() { EVP_MD_CTX_free(md); }
};

CanonicalSha256::CanonicalSha256() : ctx_(std::make_unique<Ctx>()) {
  if (ctx_->md == nullptr || EVP_DigestInit_ex(ctx_->md, EVP_sha256(), nullptr) != 1)
    throw std::runtime_error("OpenSSL SHA-256 init failed");
}

CanonicalSha256::~CanonicalSha256() = default;

void CanonicalSha256::write(std::string_view text) {
  while (!text.empty()) {
    const auto lf = text.find('\n');
    if (lf == std::string_view::npos) {
      line_.append(text);
      return;
    }
    line_.append(text.substr(0, lf));
    end_line();
    text.remove_prefix(lf + 1);
  }
}

void CanonicalSha256::end_line() {
  line_.erase(std::remove(line_.begin(), line_.end(), '\r'), line_.end());
  const auto last = line_.find_last_not_of(" \t");
  line_.resize(last == std::string::npos ? 0 : last + 1);
  if (!line_.empty()) {
    line_.push_back('\n');
    EVP_DigestUpdate(ctx_->md, line_.data(), line_.size());
  }
  line_.clear();
}

std::string CanonicalSha256::hex_digest() {
  if (!line_.empty()) end_line();
  unsigned char out[32];
  unsigned int len = 0;
  if (EVP_DigestFinal_ex(ctx_->md, out, &len) != 1) throw std::runtime_error("OpenSSL SHA-256 failed");
  return to_lower_hex(out, len);
}

Manifests Manifests::load(const std::string &path) {
  namespace fs = std::filesystem;
  Manifests m;
  m.path_ = path;
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    std::vector<std::string> files;
    // A manifest file here, or a candidate directory's kat.sha256
    // (candidates/<id>-<name>/kat.sha256).
    for (const auto &e : fs::directory_iterator(path)) {
      if (e.path().extension() == ".sha256") files.push_back(e.path().string());
      else if (fs::is_regular_file(e.path() / "kat.sha256", ec)) files.push_back((e.path() / "kat.sha256").string());
    }
    std::sort(files.begin(), files.end());
    if (files.empty())
      throw std::runtime_error(path + ": no *.sha256 manifest in this directory, nor a */kat.sha256 under it");
    for (const auto &f : files) m.add_file(f);
  } else {
    m.add_file(path);
  }
  return m;
}

void Manifests::add_file(const std::string &file) {
  std::ifstream in(file);
  if (!in) throw std::runtime_error(file + ": cannot open manifest");
  std::string line;
  for (int number = 1; std::getline(in, line); ++number) {
    if (line.empty()) continue;
    const std::string where = file + ":" + std::to_string(number);
    std::istringstream fields(line);
    ManifestEntry e;
    std::string extra;
    fields >> e.sha256 >> e.mode >> e.entry;
    if (e.entry.empty() || (fields >> extra))
      throw std::runtime_error(where + ": expected '<sha256> <mode> <label>/<file>'");
    if (e.sha256.size() != 64 || e.sha256.find_first_not_of("0123456789abcdef") != std::string::npos)
      throw std::runtime_error(where + ": not a lower-case SHA-256: " + e.sha256);
    if (e.mode != "strict")
      throw std::runtime_error(where + ": unsupported mode '" + e.mode + "' (only strict)");
    const auto slash = e.entry.rfind('/');
    if (slash == std::string::npos) throw std::runtime_error(where + ": entry has no <label>/ prefix");
    e.source = where;
    entries_[e.entry.substr(slash + 1)] = e;
  }
}

std::vector<std::string> Manifests::instance_names() const {
  // KAT_<kind>_<name>.txt, every <kind> (2_12, 2_23, 2_33, Loop) four characters
  constexpr std::size_t kStart = 9;
  std::vector<std::string> names;
  for (const auto &item : entries_) {
    const std::string &file = item.first;
    if (file.size() > kStart + 4 && file.rfind("KAT_", 0) == 0 && parse_kind(file.substr(4, 4)) &&
        file[8] == '_' && file.compare(file.size() - 4, 4, ".txt") == 0)
      names.push_back(file.substr(kStart, file.size() - kStart - 4));
  }
  std::sort(names.begin(), names.end());
  names.erase(std::unique(names.begin(), names.end()), names.end());
  return names;
}

std::optional<ManifestEntry> Manifests::find(const std::string &file_name) const {
  const auto it = entries_.find(file_name);
  if (it == entries_.end()) return std::nullopt;
  return it->second;
}

}  // namespace ngcc::kat
