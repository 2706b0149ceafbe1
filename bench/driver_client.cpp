#include "driver_client.hpp"

#include <cstdlib>
#include <sstream>

namespace ngcc::bench {

long DriverRun::meta_long(const std::string &key) const {
  const auto it = meta.find(key);
  return it == meta.end() ? 0 : std::atol(it->second.c_str());
}

DriverRun run_driver(const RunSettings &settings, const LoadedModule &m, std::uint64_t bytes,
                     std::uint64_t iters, std::uint64_t warmups, std::uint64_t trials,
                     double timeout_s) {
  DriverRun run;
  run.command = {settings.driver,         m.module.path(),         std::to_string(m.spec.digest_bits),
                 std::to_string(bytes),   std::to_string(iters),   std::to_string(warmups),
                 std::to_string(trials)};
  std::ostringstream hz;
  hz.precision(17);
  hz << settings.tsc_hz;
  run.command.push_back("--tsc-hz=" + hz.str());
  if (settings.cpu >= 0) run.command.push_back("--cpu=" + std::to_string(settings.cpu));
  run.process = run_process(run.command, timeout_s);

  std::istringstream lines(run.process.out);
  std::string line, status;
  while (std::getline(lines, line)) {
    std::istringstream f(line);
    std::string tag;
    std::getline(f, tag, '\t');
    if (tag == "TRIAL") {
      Trial t;
      std::string k;
      f >> k >> t.calls >> t.seconds >> t.cycles >> t.cpu_seconds >> t.tsc_cycles >> t.core_per_tsc_before >>
          t.core_per_tsc_after;
      if (f) run.trials.push_back(t);
    } else if (tag == "META") {
      std::string key, value;
      std::getline(f, key, '\t');
      std::getline(f, value);
      run.meta[key] = value;
    } else if (tag == "STATUS") {
      std::getline(f, status);
    }
  }
  run.complete = run.process.exit_code == 0 && status == "complete" && run.trials.size() == trials;
  if (!run.complete) {
    std::string why = run.process.err;
    while (!why.empty() && (why.back() == '\n' || why.back() == '\r')) why.pop_back();
    const auto nl = why.find('\n');
    if (nl != std::string::npos) why = why.substr(0, nl);
    if (run.process.timed_out) why = "timed out after " + std::to_string(timeout_s) + " s";
    if (why.empty()) why = "driver exit status " + std::to_string(run.process.exit_code);
    run.error = why;
  }
  return run;
}

}  // namespace ngcc::bench
