#include "skipped_lines.hpp"

#include <utility>

namespace ngcc::bench {

std::vector<std::string> skipped_lines(const std::vector<SkippedModule> &skipped, std::size_t width) {
  std::vector<std::pair<std::string, std::vector<const SkippedModule *>>> causes;
  for (const SkippedModule &s : skipped) {
    auto it = causes.begin();
    while (it != causes.end() && it->first != s.cause) ++it;
    if (it == causes.end()) it = causes.insert(it, {s.cause, {}});
    it->second.push_back(&s);
  }
  std::vector<std::string> lines;
  for (const auto &[cause, modules] : causes) {
    if (modules.size() == 1) {
      lines.push_back("bench: skipping " + modules[0]->key + ": " + modules[0]->why);
      continue;
    }
    const std::string count = std::to_string(modules.size());
    const std::string head = "bench: skipping " + count + " modules: " + cause + " (";
    const std::string tail = ", … " + count + " in all)";
    const std::size_t tail_columns = tail.size() - 2;  // "…" is three bytes, one column
    std::string names = modules[0]->key;
    std::size_t shown = 1;
    for (; shown < modules.size(); ++shown) {
      const std::string longer = names + ", " + modules[shown]->key;
      const std::size_t ending = shown + 1 == modules.size() ? 1 : tail_columns;  // ")" or ", … N in all)"
      if (head.size() + longer.size() + ending > width) break;
      names = longer;
    }
    lines.push_back(head + names + (shown == modules.size() ? ")" : tail));
  }
  return lines;
}

}  // namespace ngcc::bench
