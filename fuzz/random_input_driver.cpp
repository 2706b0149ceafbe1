// main() for a differential fuzz target where libFuzzer is not available (a
// cross build run under qemu): the same LLVMFuzzerInitialize and
// LLVMFuzzerTestOneInput, fed first with every file of the corpus directories
// (or single files) given, then with random inputs. Without coverage feedback
// the inputs are uniform bytes of log-uniform length, so short messages, every
// block boundary and the multi-block path are all reached.
//
// Options, as libFuzzer spells them: -runs=N (random inputs, default 10000),
// -seed=S (default 1), -max_len=L (default 9000), -max_total_time=SECONDS
// (stop the random inputs early; default none).
#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerInitialize(int *argc, char ***argv);
extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t *data, std::size_t size);

namespace {

struct Options {
  std::uint64_t runs = 10000;
  std::uint64_t seed = 1;
  std::size_t max_len = 9000;
  double max_seconds = 0;  // 0: no limit
  std::vector<std::filesystem::path> inputs;
};

[[noreturn]] void usage_error(const std::string &what) {
  std::fprintf(stderr, "random_input_driver: %s (options: -runs=N -seed=S -max_len=L -max_total_time=SECONDS, then corpus directories or files)\n",
               what.c_str());
  std::exit(2);
}

std::uint64_t number(const std::string &arg, std::size_t prefix) {
  const std::string value = arg.substr(prefix);
  char *end = nullptr;
  const unsigned long long n = std::strtoull(value.c_str(), &end, 10);
  if (value.empty() || *end != '\0') usage_error("not a number in " + arg);
  return n;
}

Options parse(int argc, char **argv) {
  Options options;
  for (int i = 1; i < argc; ++i) {
    const std::string arg = argv[i];
    auto has = [&](const char *name) { return arg.rfind(name, 0) == 0; };
    if (has("-runs="))
      options.runs = number(arg, 6);
    else if (has("-seed="))
      options.seed = number(arg, 6);
    else if (has("-max_len="))
      options.max_len = number(arg, 9);
    else if (has("-max_total_time="))
      options.max_seconds = static_cast<double>(number(arg, 16));
    else if (has("-"))
      usage_error("unknown option " + arg);
    else
      options.inputs.emplace_back(arg);
  }
  if (options.max_len < 4) usage_error("-max_len must be at least 4 (the fuzzer's header)");
  return options;
}

std::vector<std::uint8_t> read_file(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) usage_error("cannot read " + path.string());
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// Runs every file below the given paths; returns how many.
std::uint64_t replay(const std::vector<std::filesystem::path> &inputs) {
  std::uint64_t count = 0;
  auto run = [&](const std::filesystem::path &file) {
    const std::vector<std::uint8_t> data = read_file(file);
    LLVMFuzzerTestOneInput(data.data(), data.size());
    ++count;
  };
  for (const auto &path : inputs) {
    if (!std::filesystem::exists(path)) usage_error("no such corpus directory or file: " + path.string());
    if (!std::filesystem::is_directory(path)) {
      run(path);
      continue;
    }
    for (const auto &entry : std::filesystem::recursive_directory_iterator(path))
      if (entry.is_regular_file()) run(entry.path());
  }
  return count;
}

}  // namespace

int main(int argc, char **argv) {
  const Options options = parse(argc, argv);
  LLVMFuzzerInitialize(&argc, &argv);
  const auto start = std::chrono::steady_clock::now();
  auto seconds = [&] { return std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count(); };

  const std::uint64_t replayed = replay(options.inputs);
  std::mt19937_64 rng(options.seed);
  std::uniform_real_distribution<double> log_length(std::log(4.0), std::log(static_cast<double>(options.max_len) + 1));
  std::vector<std::uint8_t> data(options.max_len);
  std::uint64_t random_inputs = 0;
  for (; random_inputs < options.runs; ++random_inputs) {
    if (options.max_seconds > 0 && seconds() >= options.max_seconds) break;
    const auto size = std::min(options.max_len, static_cast<std::size_t>(std::exp(log_length(rng))));
    for (std::size_t i = 0; i < size; ++i) data[i] = static_cast<std::uint8_t>(rng());
    LLVMFuzzerTestOneInput(data.data(), size);
  }
  std::printf("random_input_driver: %llu corpus inputs and %llu random inputs (seed %llu, up to %zu bytes) in %.1f s, no failure\n",
              static_cast<unsigned long long>(replayed), static_cast<unsigned long long>(random_inputs),
              static_cast<unsigned long long>(options.seed), options.max_len, seconds());
  return 0;
}
