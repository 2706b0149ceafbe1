// The --benchmark_filter rule, applied by bench itself to guide-mode names.
#pragma once

#include <regex>
#include <string>

namespace ngcc::bench {

// Google Benchmark's filter semantics (1.7): regex search, a leading '-'
// negates, "" and "all" match everything.
class NameFilter {
 public:
  explicit NameFilter(std::string spec) {
    if (!spec.empty() && spec[0] == '-') {
      negative_ = true;
      spec.erase(0, 1);
    }
    if (spec.empty() || spec == "all") spec = ".";
    re_ = std::regex(spec);  // throws std::regex_error on a bad pattern
  }
  bool matches(const std::string &name) const { return std::regex_search(name, re_) != negative_; }

 private:
  bool negative_ = false;
  std::regex re_;
};

}  // namespace ngcc::bench
