// ngcc-kat: writes the four official KAT files for any CryptHash module and
// checks their canonical SHA-256 against the official manifests.
//
//   ngcc-kat MODULE.so [MODULE.so ...] [--out DIR] [--kinds 2_12,2_23,2_33,Loop]
//            [--manifests FILE|DIR] [--name ALGORITHM_INSTANCE --digest-bits N]
//            [--json FILE] [--require-manifest]
//
// Exit status: 0 every file PASS (or has no manifest line), 1 a FAIL or a
// CryptHash error, 2 bad usage or a module that cannot be loaded.
#include <chrono>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>
#include <vector>

#include "canonical.hpp"
#include "hex.hpp"
#include "kat_files.hpp"
#include "ngcc/module_loader.hpp"
#include "sha256_file.hpp"

namespace fs = std::filesystem;
using namespace ngcc::kat;

namespace {

struct Options {
  std::vector<std::string> modules;
  std::string out_dir = "output";  // as the official driver
  std::vector<Kind> kinds{std::begin(kAllKinds), std::end(kAllKinds)};
  std::string manifests = NGCC_MANIFEST_DIR;
  std::string name;
  int digest_bits = 0;
  std::string json;
  bool require_manifest = false;
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char kUsage[] =
    "usage: ngcc-kat MODULE.so [MODULE.so ...] [--out DIR] [--kinds 2_12,2_23,2_33,Loop]\n"
    "                [--manifests FILE|DIR] [--name ALGORITHM_INSTANCE --digest-bits N]\n"
    "                [--json FILE] [--require-manifest]\n";

Options parse(int argc, char **argv) {
  Options o;
  auto value = [&](int &i) -> std::string {
    if (i + 1 >= argc) throw UsageError(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--out") o.out_dir = value(i);
    else if (a == "--manifests") o.manifests = value(i);
    else if (a == "--name") o.name = value(i);
    else if (a == "--json") o.json = value(i);
    else if (a == "--require-manifest") o.require_manifest = true;
    else if (a == "--digest-bits") {
      const std::string v = value(i);
      char *end = nullptr;
      const long bits = std::strtol(v.c_str(), &end, 10);
      if (*end != '\0' || bits <= 0 || bits % 8 != 0 || bits > 8192)
        throw UsageError("--digest-bits: '" + v + "' is not a multiple of 8 in 8..8192");
      o.digest_bits = static_cast<int>(bits);
    } else if (a == "--kinds") {
      o.kinds.clear();
      std::istringstream list(value(i));
      for (std::string k; std::getline(list, k, ',');) {
        const auto kind = parse_kind(k);
        if (!kind) throw UsageError("--kinds: unknown kind '" + k + "' (2_12, 2_23, 2_33, Loop)");
        o.kinds.push_back(*kind);
      }
    } else if (a == "-h" || a == "--help") {
      std::cout << kUsage;
      std::exit(0);
    } else if (a.rfind("--", 0) == 0) {
      throw UsageError("unknown option " + a);
    } else {
      o.modules.push_back(a);
    }
  }
  if (o.modules.empty()) throw UsageError("no module given");
  if (!o.name.empty() && !valid_algorithm_instance(o.name))
    throw UsageError("--name: '" + o.name + "' is not a valid ALGORITHM_INSTANCE (1..64 of [A-Za-z0-9_-])");
  return o;
}

std::string json_string(const std::string &s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char esc[8];
      std::snprintf(esc, sizeof esc, "\\u%04x", c);
      out += esc;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// Writes the raw file and its canonical digest in one pass.
class FileAndCanonical : public TextSink {
 public:
  explicit FileAndCanonical(const std::string &path) : file_(path, std::ios::binary) {
    if (!file_) throw std::runtime_error(path + ": cannot create KAT file");
  }
  void write(std::string_view text) override {
    file_.write(text.data(), static_cast<std::streamsize>(text.size()));
    canonical_.write(text);
  }
  std::string finish() {
    file_.close();
    return canonical_.hex_digest();
  }

 private:
  std::ofstream file_;
  CanonicalSha256 canonical_;
};

struct FileResult {
  Kind kind;
  std::string file, status, canonical, expected, entry;
  double seconds = 0;
};

struct ModuleResult {
  std::string target, path, sha256, name, kat_name, candidate_id, family, variant;
  int digest_bits = 0;
  std::vector<FileResult> files;
};

void write_json(const std::string &path, const std::vector<ModuleResult> &results, int argc, char **argv) {
  std::ofstream js(path);
  if (!js) throw std::runtime_error(path + ": cannot write JSON");
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  js << "{\"schema\": \"ngcc-kat/1\", \"date\": " << json_string(date)
     << ", \"command\": " << json_string(command) << ", \"modules\": [";
  for (std::size_t m = 0; m < results.size(); ++m) {
    const auto &r = results[m];
    js << (m ? ",\n" : "\n") << " {\"module\": " << json_string(r.target)
       << ", \"module_sha256\": " << json_string(r.sha256) << ", \"name\": " << json_string(r.name)
       << ", \"kat_name\": " << json_string(r.kat_name) << ", \"candidate_id\": " << json_string(r.candidate_id)
       << ", \"family\": " << json_string(r.family) << ", \"variant\": " << json_string(r.variant)
       << ", \"digest_bits\": " << r.digest_bits << ", \"files\": [";
    for (std::size_t f = 0; f < r.files.size(); ++f) {
      const auto &x = r.files[f];
      js << (f ? ", " : "") << "{\"kind\": " << json_string(kind_name(x.kind))
         << ", \"file\": " << json_string(x.file) << ", \"status\": " << json_string(x.status)
         << ", \"canonical_sha256\": " << json_string(x.canonical)
         << ", \"expected_sha256\": " << json_string(x.expected)
         << ", \"manifest_entry\": " << json_string(x.entry) << ", \"seconds\": " << x.seconds << "}";
    }
    js << "]}";
  }
  js << "\n]}\n";
}

int run(const Options &o, int argc, char **argv) {
  const Manifests manifests = Manifests::load(o.manifests);
  fs::create_directories(o.out_dir);
  LongMessageCache cache;
  std::vector<ModuleResult> results;
  bool failed = false;
  for (const auto &path : o.modules) {
    const ngcc::Module module = ngcc::Module::load(path);
    const ngcc_instance_info *info = module.info();
    ModuleResult r;
    r.path = path;
    r.target = fs::path(path).stem().string();
    if (r.target.rfind("lib", 0) == 0) r.target.erase(0, 3);
    r.sha256 = ngcc::sha256_file(path);
    if (info != nullptr) {
      r.name = info->name;
      r.kat_name = info->kat_name;
      r.candidate_id = info->candidate_id;
      r.family = info->family;
      r.variant = info->variant;
      r.digest_bits = info->digest_bits;
    }
    if (!o.name.empty()) r.kat_name = o.name;
    if (o.digest_bits != 0) r.digest_bits = o.digest_bits;
    if (r.kat_name.empty() || r.digest_bits == 0)
      throw UsageError(path + ": exports only CryptHash; give --name and --digest-bits");
    if (r.name.empty()) r.name = r.kat_name;

    for (Kind kind : o.kinds) {
      FileResult f{kind, file_name(kind, r.kat_name), "", "", "", "", 0};
      const std::string out_path = (fs::path(o.out_dir) / f.file).string();
      const auto start = std::chrono::steady_clock::now();
      FileAndCanonical sink(out_path);
      std::string error;
      try {
        write_kat_file(kind, HashTarget{module.crypt_hash(), r.digest_bits}, sink, cache);
      } catch (const HashError &e) {
        error = e.what();
      }
      f.canonical = sink.finish();
      f.seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
      const auto entry = manifests.find(f.file);
      if (entry) {
        f.expected = entry->sha256;
        f.entry = entry->entry;
      }
      if (!error.empty()) {
        f.status = "FAIL";
        std::cout << "FAIL " << r.target << " KAT_" << kind_name(kind) << ": " << error
                  << "; partial file kept at " << out_path << "\n";
      } else if (!entry) {
        f.status = "no manifest";
        std::cout << (o.require_manifest ? "FAIL " : "NOTE ") << r.target << " KAT_" << kind_name(kind)
                  << ": no manifest line for " << f.file << " in " << o.manifests << "; canonical "
                  << f.canonical << ", file at " << out_path << "\n";
      } else if (f.canonical == f.expected) {
        f.status = "PASS";
        std::cout << "PASS " << r.target << " KAT_" << kind_name(kind) << " " << f.file << " canonical "
                  << f.canonical << " (" << f.seconds << " s)\n";
      } else {
        f.status = "FAIL";
        std::cout << "FAIL " << r.target << " KAT_" << kind_name(kind) << " " << f.file
                  << "\n  expected " << f.expected << " (" << entry->source << ", " << entry->entry << ")"
                  << "\n  actual   " << f.canonical << "\n  generated file kept at " << out_path << "\n";
      }
      failed = failed || f.status == "FAIL" || (o.require_manifest && f.status == "no manifest");
      std::cout.flush();
      r.files.push_back(f);
    }
    results.push_back(std::move(r));
  }
  if (!o.json.empty()) write_json(o.json, results, argc, argv);
  return failed ? 1 : 0;
}

}  // namespace

int main(int argc, char **argv) {
  try {
    return run(parse(argc, argv), argc, argv);
  } catch (const UsageError &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const ngcc::LoadError &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n";
    return 2;
  }
}
