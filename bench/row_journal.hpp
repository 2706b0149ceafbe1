// The rows of a run kept as they end, so that a run stopped by a signal or a
// time limit loses none it finished and the same command continues it
// (bench/README.md, "An interrupted run"). The journal is a file of lines,
// one per row group Google Benchmark reports (a row with its repetitions and
// aggregates), each a JSON object:
//
//   {"settings": S, "row": ROW, "library_sha256": H, "utc": T, "json": TEXT}
//
// ROW: the row's name, <instance>/<variant>/<bytes>; S: what the figures depend on besides the library (mode, system, CPU,
// Google Benchmark's measuring flags); H: the SHA-256 of the row's library;
// TEXT: the group exactly as Google Benchmark's JSON reporter writes it in
// --benchmark_out, so a continued run's output reads as one written at once.
// Lines are only appended, each written whole and flushed, so a kill leaves
// at most the last one cut short, which is ignored.
#pragma once

#include <benchmark/benchmark.h>

#include <cstddef>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "name_filter.hpp"

namespace ngcc::bench {

// The groups of a journal this run keeps: those of rows it selects, of its
// settings, whose library (the row name's <instance>/<variant>) is the file
// it measures now. Of two lines of one row the later counts.
struct KeptRows {
  std::vector<std::string> json;  // TEXT of each kept group, in the order measured
  std::set<std::string> names;    // the rows they hold
  std::size_t remeasured = 0;     // selected rows of the journal measured again: other settings or library
  bool cut_line = false;          // the last line was cut short (a kill while writing it)
  std::string first_utc;          // when the first kept group ended
};

// `sha256_by_library`: <instance>/<variant> → SHA-256 of this run's
// libraries. A missing journal keeps nothing; one that cannot be read, or a
// line other than the last that is not a journal line, throws
// std::runtime_error naming the file and line.
KeptRows read_journal(const std::string &path, const std::string &settings,
                      const std::map<std::string, std::string> &sha256_by_library, const NameFilter &selected);

class RowJournal {
 public:
  // Opens `path` for appending; throws std::runtime_error if it cannot.
  RowJournal(const std::string &path, std::string settings, std::map<std::string, std::string> sha256_by_library);
  // Appends the group (already given its final names) and flushes it; a
  // journal that cannot be written is said once on stderr and not written.
  void append(const std::vector<benchmark::BenchmarkReporter::Run> &runs);

 private:
  std::string path_;
  std::ofstream out_;
  std::string settings_;
  std::map<std::string, std::string> sha256_by_library_;
};

// The JSON reporter's text of one group, as it stands in --benchmark_out.
std::string group_json(const std::vector<benchmark::BenchmarkReporter::Run> &runs);

}  // namespace ngcc::bench
