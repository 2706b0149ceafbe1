// ngcc-kat: writes the four official KAT files for any CryptHash modules and
// checks their canonical SHA-256 against the official manifests; every
// library call runs guarded in a child process (kat_run.hpp).
//
//   ngcc-kat MODULE.so [MODULE.so ...] [--out DIR] [--kinds 2_12,2_23,2_33,Loop]
//            [--jobs N] [--manifests FILE|DIR] [--name ALGORITHM_INSTANCE]
//            [--digest-bits N] [--no-manifest] [--reference MODULE.so]... [--json FILE]
//   ngcc-kat --cpu-features
//
// Files go to DIR/<library stem>/KAT_<kind>_<ALGORITHM_INSTANCE>.txt.
// Exit status: 0 every file PASS (or skipped, or without a manifest line
// under --no-manifest), 1 a FAIL or a misbehaving library, 2 bad usage or a
// module that cannot be run.
#include <sched.h>

#include <cstdlib>
#include <ctime>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/cpu_features.hpp"
#include "kat_run.hpp"

using namespace ngcc::kat;

namespace {

struct Options {
  std::vector<std::string> modules, references;
  std::string manifests = NGCC_MANIFEST_DIR;
  std::string json;
  RunOptions run;
};

class UsageError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

const char kUsage[] =
    "usage: ngcc-kat MODULE.so [MODULE.so ...] [--out DIR] [--kinds 2_12,2_23,2_33,Loop]\n"
    "                [--jobs N] [--manifests FILE|DIR] [--name ALGORITHM_INSTANCE]\n"
    "                [--digest-bits N] [--no-manifest] [--reference MODULE.so]... [--json FILE]\n"
    "                [--library ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH [--needs FEATURES]]...\n"
    "  --out DIR          files go to DIR/<library stem>/ (default: output)\n"
    "  --jobs N           child processes at a time (default: the CPUs this process may use)\n"
    "  --name, --digest-bits  ALGORITHM_INSTANCE and DIGEST_BIT_LENGTH of a library without\n"
    "                     ngcc_instance() (they override it for one that has it)\n"
    "  --no-manifest      files without a manifest line are written, not an error\n"
    "  --reference M      run M only to say where a failing file of its instance differs\n"
    "  --json FILE        the outcome as JSON (schema ngcc-kat/1)\n"
    "  --library SPEC     one more library, described here (its KAT name, width and variant\n"
    "                     label, e.g. submitted-ref), whatever ngcc_instance() it exports\n"
    "  --needs FEATURES   the extensions the --library before was compiled for (AVX2,AVX512F,...):\n"
    "                     where this CPU lacks one, or NGCC_CPU_DISABLE hides it, a SKIP, not a call\n"
    "usage: ngcc-kat --cpu-features\n"
    "  prints the extensions code may use here (AVX2 BMI1 ...: this CPU's, minus what\n"
    "  NGCC_CPU_DISABLE hides), what a test asks before it runs code built for one\n"
    "Environment: NGCC_CPU_DISABLE=AVX512F,... hides CPU extensions (README).\n";

unsigned usable_cpus() {
  cpu_set_t set;
  if (sched_getaffinity(0, sizeof set, &set) == 0 && CPU_COUNT(&set) > 0) return static_cast<unsigned>(CPU_COUNT(&set));
  return std::max(1u, std::thread::hardware_concurrency());
}

long positive(const std::string &option, const std::string &v, long max) {
  char *end = nullptr;
  const long n = std::strtol(v.c_str(), &end, 10);
  if (v.empty() || *end != '\0' || n <= 0 || n > max)
    throw UsageError(option + ": '" + v + "' is not a number in 1.." + std::to_string(max));
  return n;
}

// --library ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH, e.g.
// CHIME-512:512:submitted-ref:build/submissions/x/libCHIME-512-submitted-ref.so
void add_library(Options &o, const std::string &spec) {
  const auto c1 = spec.find(':'), c2 = spec.find(':', c1 + 1), c3 = spec.find(':', c2 + 1);
  if (c1 == std::string::npos || c2 == std::string::npos || c3 == std::string::npos)
    throw UsageError("--library: '" + spec + "' is not ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH");
  RunOptions::Library library;
  library.kat_name = spec.substr(0, c1);
  library.digest_bits = static_cast<int>(positive("--library", spec.substr(c1 + 1, c2 - c1 - 1), 8192));
  library.variant = spec.substr(c2 + 1, c3 - c2 - 1);
  const std::string path = spec.substr(c3 + 1);
  if (!valid_algorithm_instance(library.kat_name))
    throw UsageError("--library: '" + library.kat_name + "' is not a valid ALGORITHM_INSTANCE");
  if (library.digest_bits % 8 != 0 || library.variant.empty() || path.empty())
    throw UsageError("--library: '" + spec + "' is not ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH");
  o.run.libraries[path] = library;
  o.modules.push_back(path);
}

// --needs FEATURES after --library: the extensions that library was compiled for.
void add_needs(Options &o, const std::string &names) {
  if (o.modules.empty() || o.run.libraries.count(o.modules.back()) == 0)
    throw UsageError("--needs: follows the --library it describes");
  std::string unknown;
  const ngcc::CpuFeatures needs = ngcc::cpu_features_named(names, &unknown);
  if (!unknown.empty()) throw std::runtime_error("--needs: unknown CPU feature '" + unknown + "'");
  o.run.libraries[o.modules.back()].needs = needs;
}

Options parse(int argc, char **argv) {
  Options o;
  o.run.out_dir = "output";  // as the official driver
  o.run.kinds.assign(std::begin(kAllKinds), std::end(kAllKinds));
  o.run.jobs = usable_cpus();
  auto value = [&](int &i) -> std::string {
    if (i + 1 >= argc) throw UsageError(std::string(argv[i]) + " needs a value");
    return argv[++i];
  };
  for (int i = 1; i < argc; ++i) {
    const std::string a = argv[i];
    if (a == "--out") o.run.out_dir = value(i);
    else if (a == "--manifests") o.manifests = value(i);
    else if (a == "--name") o.run.name = value(i);
    else if (a == "--json") o.json = value(i);
    else if (a == "--no-manifest") o.run.no_manifest = true;
    else if (a == "--reference") o.references.push_back(value(i));
    else if (a == "--library") add_library(o, value(i));
    else if (a == "--needs") add_needs(o, value(i));
    else if (a == "--jobs") o.run.jobs = static_cast<unsigned>(positive(a, value(i), 1024));
    else if (a == "--digest-bits") {
      const std::string v = value(i);
      const long bits = positive(a, v, 8192);
      if (bits % 8 != 0) throw UsageError("--digest-bits: '" + v + "' is not a multiple of 8 in 8..8192");
      o.run.digest_bits = static_cast<int>(bits);
    } else if (a == "--kinds") {
      o.run.kinds.clear();
      std::istringstream list(value(i));
      for (std::string k; std::getline(list, k, ',');) {
        const auto kind = parse_kind(k);
        if (!kind) throw UsageError("--kinds: unknown kind '" + k + "' (2_12, 2_23, 2_33, Loop)");
        o.run.kinds.push_back(*kind);
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
  if (!o.run.name.empty() && !valid_algorithm_instance(o.run.name))
    throw UsageError("--name: '" + o.run.name + "' is not a valid ALGORITHM_INSTANCE (1..64 of [A-Za-z0-9_-])");
  return o;
}

void write_json(const std::string &path, const RunResult &result, const Options &o, int argc, char **argv) {
  using Json = nlohmann::ordered_json;
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  char date[32];
  const std::time_t now = std::time(nullptr);
  std::strftime(date, sizeof date, "%Y-%m-%dT%H:%M:%SZ", std::gmtime(&now));
  Json doc = {{"schema", "ngcc-kat/1"}, {"date", date}, {"command", command},
              {"jobs", o.run.jobs},     {"wall_seconds", result.wall_seconds}, {"modules", Json::array()}};
  if (const char *hidden = std::getenv(ngcc::kCpuDisableVariable)) doc[ngcc::kCpuDisableVariable] = hidden;
  for (const auto &m : result.modules) {
    Json module = {{"module", m.stem},           {"path", m.path},       {"module_sha256", m.sha256},
                   {"name", m.name},             {"kat_name", m.kat_name}, {"candidate_id", m.candidate_id},
                   {"family", m.family},         {"variant", m.variant}, {"code_path", m.code_path},
                   {"digest_bits", m.digest_bits}, {"files", Json::array()}};
    if (!m.skipped.empty()) module["skipped"] = m.skipped;
    for (const auto &f : m.files) {
      Json file = {{"kind", kind_name(f.kind)}, {"file", f.file},         {"status", f.status},
                   {"canonical_sha256", f.canonical}, {"expected_sha256", f.expected},
                   {"manifest_entry", f.entry},   {"seconds", f.seconds}, {"path", f.path}};
      // The partial file of a library that misbehaved has no digest to compare.
      if (!f.error.empty()) file.erase("canonical_sha256"), file["error"] = f.error;
      if (!f.diagnosis.empty()) file["diagnosis"] = f.diagnosis;
      module["files"].push_back(file);
    }
    doc["modules"].push_back(module);
  }
  if (const auto dir = std::filesystem::path(path).parent_path(); !dir.empty())
    std::filesystem::create_directories(dir);
  std::ofstream js(path);
  js << doc.dump(1) << "\n";
  js.close();
  if (!js) throw std::runtime_error(path + ": cannot write JSON");
}

}  // namespace

int main(int argc, char **argv) {
  try {
    if (const std::string error = ngcc::cpu_disable_error(); !error.empty()) throw std::runtime_error(error);
    if (argc == 2 && std::string(argv[1]) == "--cpu-features") {
      std::cout << ngcc::cpu_feature_names(ngcc::cpu_features_usable()) << "\n";
      return 0;
    }
    const Options o = parse(argc, argv);
    const Manifests manifests = Manifests::load(o.manifests);
    const RunResult result = run_kats(o.modules, o.references, o.run, manifests);
    if (!o.json.empty()) write_json(o.json, result, o, argc, argv);
    return result.failed ? 1 : 0;
  } catch (const UsageError &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const SetupError &e) {
    for (const auto &line : e.lines) std::cerr << "ngcc-kat: " << line << "\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n";
    return 2;
  }
}
