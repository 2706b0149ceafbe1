// ngcc-kat: writes the four official KAT files for any CryptHash modules and
// checks their canonical SHA-256 against the official manifests; every
// library call runs guarded in a child process (kat_run.hpp).
//
//   ngcc-kat MODULE.so [MODULE.so ...] [--out DIR] [--kinds 2_12,2_23,2_33,Loop]
//            [--jobs N] [--manifests FILE|DIR] [--name ALGORITHM_INSTANCE]
//            [--digest-bits N] [--no-manifest] [--reference MODULE.so]... [--json FILE]
//            [--resume FILE]...
//   ngcc-kat --cpu-features
//
// Files go to DIR/<library stem>/KAT_<kind>_<ALGORITHM_INSTANCE>.txt. The
// --json document is rewritten as each file ends; SIGINT or SIGTERM stop the
// run with the files finished kept there, and --resume reuses them.
// Exit status: 0 every file PASS (or skipped, or without a manifest line
// under --no-manifest), 1 a FAIL or a misbehaving library, 2 bad usage or a
// module that cannot be run, 128 + the signal (130 SIGINT, 143 SIGTERM) when
// stopped by one, as a shell reports a command a signal ended.
#include <sched.h>

#include <algorithm>
#include <csignal>
#include <cstdlib>
#include <filesystem>
#include <iostream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include "common/cpu_features.hpp"
#include "kat_json.hpp"
#include "kat_run.hpp"
#include "library_plan.hpp"

using namespace ngcc::kat;

namespace {

struct Options {
  std::vector<std::string> modules, references;
  std::string manifests = NGCC_MANIFEST_DIR;
  std::string json, plan;
  std::string described_last;  // the --library just before, the one a --needs describes
  std::vector<std::string> resume;
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
    "  --json FILE        the outcome as JSON (schema ngcc-kat/1), rewritten as each file ends\n"
    "  --resume FILE      keep the PASS and FAIL files of an earlier run's JSON (repeatable):\n"
    "                     a file of a module with the same SHA-256, KAT name and width, the\n"
    "                     same manifest line and its text file still there is not run again;\n"
    "                     a FILE not there yet keeps nothing (--json F --resume F continues itself)\n"
    "  --library SPEC     one more library, described here (its KAT name, width and variant\n"
    "                     label, e.g. submitted-ref), whatever ngcc_instance() it exports\n"
    "  --needs FEATURES   the extensions the --library before was compiled for (AVX2,AVX512F,...):\n"
    "                     where this CPU lacks one, or NGCC_CPU_DISABLE hides it, a SKIP, not a call\n"
    "  --plan FILE        the libraries of a plan (hashbench.plan; tools/ngcc kat writes one): ours described by\n"
    "                     themselves, others by the plan (as by --library and --needs)\n"
    "usage: ngcc-kat --cpu-features\n"
    "  prints the extensions code may use here (AVX2 BMI1 ...: this CPU's, minus what\n"
    "  NGCC_CPU_DISABLE hides), what a test asks before it runs code built for one\n"
    "SIGINT or SIGTERM stop the run: the files finished stay in the --json FILE, marked\n"
    "\"complete\": false.\n"
    "Exit status: 0 all PASS, 1 a FAIL or a misbehaving library, 2 bad usage or a module that\n"
    "cannot be run, 128 + the signal (130 SIGINT, 143 SIGTERM) when stopped by one.\n"
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

// A library run as described here rather than by ngcc_instance() (--library
// and --needs, or a plan's library not of our build): its KAT name, width and
// variant label, and the extensions it was compiled for (`needs`, names as
// cpu_features_named reads them: "AVX2,FMA" or "AVX2 FMA"). `where` begins
// an error.
RunOptions::Library described(const std::string &where, const std::string &kat_name, int digest_bits,
                              const std::string &variant, const std::string &needs) {
  if (!valid_algorithm_instance(kat_name))
    throw std::runtime_error(where + ": '" + kat_name + "' is not a valid ALGORITHM_INSTANCE");
  std::string unknown;
  RunOptions::Library library{kat_name, variant, digest_bits, ngcc::cpu_features_named(needs, &unknown)};
  if (!unknown.empty()) throw std::runtime_error(where + ": unknown CPU feature '" + unknown + "'");
  return library;
}

// --library ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH, e.g.
// CHIME-512:512:submitted-ref:build/submissions/x/libCHIME-512-submitted-ref.so
void add_library(Options &o, const std::string &spec) {
  const auto c1 = spec.find(':'), c2 = spec.find(':', c1 + 1), c3 = spec.find(':', c2 + 1);
  if (c1 == std::string::npos || c2 == std::string::npos || c3 == std::string::npos)
    throw UsageError("--library: '" + spec + "' is not ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH");
  const int digest_bits = static_cast<int>(positive("--library", spec.substr(c1 + 1, c2 - c1 - 1), 8192));
  const std::string variant = spec.substr(c2 + 1, c3 - c2 - 1), path = spec.substr(c3 + 1);
  if (digest_bits % 8 != 0 || variant.empty() || path.empty())
    throw UsageError("--library: '" + spec + "' is not ALGORITHM_INSTANCE:DIGEST_BITS:VARIANT:PATH");
  o.run.libraries[path] = described("--library", spec.substr(0, c1), digest_bits, variant, "");
  o.modules.push_back(path);
  o.described_last = path;
}

// --needs FEATURES after --library: the extensions that library was compiled for.
void add_needs(Options &o, const std::string &names) {
  if (o.described_last.empty()) throw UsageError("--needs: follows the --library it describes");
  RunOptions::Library &library = o.run.libraries[o.described_last];
  library = described("--needs", library.kat_name, library.digest_bits, library.variant, names);
}

// --plan FILE: the libraries of a run's plan (hashbench.plan), in
// its order: a module of ours as a MODULE.so argument, any other as --library
// and --needs would describe it. A bad plan is one line, as a bad --needs.
void add_plan(Options &o, const std::string &file) {
  if (!o.plan.empty()) throw UsageError("--plan: given twice");
  o.plan = file;
  const ngcc::LibraryPlan plan = ngcc::load_library_plan(file);
  for (std::size_t i = 0; i < plan.libraries.size(); ++i) {
    const ngcc::PlannedLibrary &l = plan.libraries[i];
    if (!l.describes_itself()) {
      std::string needs;
      for (const std::string &name : l.required_extensions) needs += name + " ";
      o.run.libraries[l.path] =
          described(file + ": libraries[" + std::to_string(i) + "]", l.kat_name, l.digest_bits, l.variant, needs);
    }
    o.modules.push_back(l.path);
  }
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
    if (a != "--library" && a != "--needs") o.described_last.clear();
    if (a == "--out") o.run.out_dir = value(i);
    else if (a == "--manifests") o.manifests = value(i);
    else if (a == "--name") o.run.name = value(i);
    else if (a == "--json") o.json = value(i);
    else if (a == "--resume") o.resume.push_back(value(i));
    else if (a == "--no-manifest") o.run.no_manifest = true;
    else if (a == "--reference") o.references.push_back(value(i));
    else if (a == "--library") add_library(o, value(i));
    else if (a == "--needs") add_needs(o, value(i));
    else if (a == "--plan") add_plan(o, value(i));
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

std::string command_line(int argc, char **argv) {
  std::string command;
  for (int i = 0; i < argc; ++i) command += (i ? " " : "") + std::string(argv[i]);
  return command;
}

// The signal that stops the run (0: none yet). Children forked later inherit
// the handler: a Ctrl-C or a timeout, which signal the whole process group,
// reach the run through this process alone instead of ending children as if
// their library had crashed.
volatile std::sig_atomic_t g_stop_signal = 0;

extern "C" void on_stop_signal(int signal) { g_stop_signal = signal; }

void stop_on_signals() {
  struct sigaction action {};
  action.sa_handler = on_stop_signal;
  sigemptyset(&action.sa_mask);
  for (int signal : {SIGINT, SIGTERM}) ::sigaction(signal, &action, nullptr);
}

// The outcomes kept from the --resume files; a file not there yet keeps nothing.
std::vector<EarlierFile> earlier_files(const std::vector<std::string> &paths) {
  std::vector<EarlierFile> earlier;
  for (const auto &path : paths) {
    if (!std::filesystem::exists(path)) continue;
    auto files = read_earlier_files(path);
    earlier.insert(earlier.end(), files.begin(), files.end());
  }
  return earlier;
}

// What an interrupted run kept, and how to continue it.
void say_interrupted(const Options &o, const RunResult &result, bool written) {
  const std::string signal = g_stop_signal == SIGINT ? "SIGINT" : "SIGTERM";
  std::cerr << "ngcc-kat: interrupted by " << signal << ": ";
  if (o.json.empty()) {
    std::cerr << result.files_ended << " of " << result.files_planned << " files finished, none kept (no --json)\n";
  } else if (!written) {
    std::cerr << "no file had started; " << o.json << " unchanged\n";
  } else {
    const bool continues = std::find(o.resume.begin(), o.resume.end(), o.json) != o.resume.end();
    std::cerr << result.files_ended << " of " << result.files_planned << " files kept in " << o.json << "; "
              << (continues ? "the same command continues" : "--resume " + o.json + " continues") << "\n";
  }
}

}  // namespace

int main(int argc, char **argv) {
  try {
    if (const std::string error = ngcc::cpu_disable_error(); !error.empty()) throw std::runtime_error(error);
    if (argc == 2 && std::string(argv[1]) == "--cpu-features") {
      std::cout << ngcc::cpu_feature_names(ngcc::cpu_features_usable()) << "\n";
      return 0;
    }
    Options o = parse(argc, argv);
    const Manifests manifests = Manifests::load(o.manifests);
    o.run.earlier = earlier_files(o.resume);
    RunRecord record{command_line(argc, argv), o.run.jobs, false};
    bool written = false;
    if (!o.json.empty()) {
      o.run.on_progress = [&](const RunResult &so_far) {
        write_kat_json(o.json, so_far, record);
        written = true;
      };
    }
    o.run.stop = &g_stop_signal;
    stop_on_signals();
    const RunResult result = run_kats(o.modules, o.references, o.run, manifests);
    if (result.interrupted) {
      if (written) write_kat_json(o.json, result, record);
      say_interrupted(o, result, written);
      return 128 + g_stop_signal;
    }
    record.complete = true;
    if (!o.json.empty()) write_kat_json(o.json, result, record);
    return result.failed ? 1 : 0;
  } catch (const UsageError &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n" << kUsage;
    return 2;
  } catch (const SetupError &e) {
    for (const auto &line : e.lines) std::cerr << "ngcc-kat: " << line << "\n";
    return 2;
  } catch (const KatJsonError &e) {
    std::cerr << "ngcc-kat: --resume " << e.what() << "\n";
    return 2;
  } catch (const std::exception &e) {
    std::cerr << "ngcc-kat: " << e.what() << "\n";
    return 2;
  }
}
