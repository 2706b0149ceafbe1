#include "row_journal.hpp"

#include <nlohmann/json.hpp>

#include <cstdio>
#include <filesystem>
#include <iterator>
#include <sstream>
#include <stdexcept>
#include <utility>

#include "environment.hpp"

namespace ngcc::bench {
namespace {

// <instance>/<variant> of a row <instance>/<variant>/<bytes>.
std::string library_of(const std::string &row) { return row.substr(0, row.find_last_of('/')); }

// A line cut short by a kill holds nothing kept (read_journal ignores it):
// it is dropped, so the lines appended after it stay whole.
void drop_cut_line(const std::string &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return;
  const std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (text.empty() || text.back() == '\n') return;
  const std::size_t whole = text.find_last_of('\n') + 1;  // 0 when no line is whole
  std::error_code error;
  std::filesystem::resize_file(path, whole, error);
  if (error) throw std::runtime_error(path + ": cannot drop its last line, cut short: " + error.message());
}

}  // namespace

std::string group_json(const std::vector<benchmark::BenchmarkReporter::Run> &runs) {
  std::ostringstream text;
  benchmark::JSONReporter reporter;
  reporter.SetOutputStream(&text);
  reporter.SetErrorStream(&text);
  reporter.ReportRuns(runs);
  return text.str();
}

KeptRows read_journal(const std::string &path, const std::string &settings,
                      const std::map<std::string, std::string> &sha256_by_library, const NameFilter &selected) {
  KeptRows kept;
  std::ifstream in(path);
  if (!in) return kept;
  std::vector<nlohmann::json> lines;
  std::string line;
  for (std::size_t number = 1; std::getline(in, line); ++number) {
    nlohmann::json entry = nlohmann::json::parse(line, nullptr, false);
    const bool whole = !in.eof() && entry.is_object() && entry["row"].is_string() && entry["json"].is_string() &&
                       entry["settings"].is_string() && entry["library_sha256"].is_string() && entry["utc"].is_string();
    if (!whole) {
      // Only the last line can be cut short, by a kill while it was written.
      if (in.eof()) {
        kept.cut_line = true;
        break;
      }
      throw std::runtime_error(path + ":" + std::to_string(number) + ": not a line of a bench row journal");
    }
    lines.push_back(std::move(entry));
  }
  if (in.bad()) throw std::runtime_error(path + ": cannot be read");
  // The last line of each row counts.
  std::map<std::string, std::size_t> last;
  for (std::size_t i = 0; i < lines.size(); ++i) last[lines[i]["row"].get<std::string>()] = i;
  for (std::size_t i = 0; i < lines.size(); ++i) {
    const nlohmann::json &entry = lines[i];
    const std::string row = entry["row"].get<std::string>();
    if (last[row] != i || !selected.matches(row)) continue;
    const auto library = sha256_by_library.find(library_of(row));
    if (entry["settings"] != settings || library == sha256_by_library.end() ||
        entry["library_sha256"] != library->second) {
      ++kept.remeasured;
      continue;
    }
    if (kept.first_utc.empty()) kept.first_utc = entry["utc"].get<std::string>();
    kept.json.push_back(entry["json"].get<std::string>());
    kept.names.insert(row);
  }
  return kept;
}

RowJournal::RowJournal(const std::string &path, std::string settings,
                       std::map<std::string, std::string> sha256_by_library)
    : path_(path), settings_(std::move(settings)), sha256_by_library_(std::move(sha256_by_library)) {
  drop_cut_line(path);
  out_.open(path, std::ios::app);
  if (!out_) throw std::runtime_error(path + ": cannot be opened for appending");
}

void RowJournal::append(const std::vector<benchmark::BenchmarkReporter::Run> &runs) {
  if (runs.empty() || !out_) return;
  const std::string row = runs.front().run_name.str();
  const auto library = sha256_by_library_.find(library_of(row));
  const nlohmann::json entry = {{"settings", settings_},
                                {"row", row},
                                {"library_sha256", library == sha256_by_library_.end() ? "" : library->second},
                                {"utc", utc_now()},
                                {"json", group_json(runs)}};
  out_ << entry.dump() << '\n' << std::flush;
  // The run goes on (its output file gets every row at its end); only a
  // continuation after an interruption would measure the rows again.
  if (!out_)
    std::fprintf(stderr, "bench: warning: %s: cannot be written: the rows from %s on are not kept for a continued run\n",
                 path_.c_str(), row.c_str());
}

}  // namespace ngcc::bench
