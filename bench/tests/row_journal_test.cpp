// The row journal (row_journal.hpp): which rows a later run keeps, a line cut
// short by a kill, a journal that is not one.
#include "row_journal.hpp"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench_testing.hpp"
#include "name_filter.hpp"

namespace {

using ngcc::bench::KeptRows;
using ngcc::bench::NameFilter;
using ngcc::bench::read_journal;
using ngcc::bench::RowJournal;
using Run = benchmark::BenchmarkReporter::Run;

const std::map<std::string, std::string> kLibraries = {{"X-256/opt", "aa"}, {"X-256/ref", "bb"}};
const NameFilter kAll("");

std::vector<Run> row(const std::string &name, double real_time) {
  Run run;  // its constructor leaves the indices undefined
  run.family_index = 0;
  run.per_family_instance_index = 0;
  run.repetition_index = 0;
  run.repetitions = 1;
  run.run_name.function_name = name;
  run.iterations = 10;
  run.real_accumulated_time = real_time;
  return {run};
}

std::string read_all(const std::string &path) {
  std::ifstream in(path);
  return std::string((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
}

class RowJournalTest : public ::testing::Test {
 protected:
  void SetUp() override { path_ = ngcc::bench::testing::write_temp("", ".jsonl"); }
  void TearDown() override { unlink(path_.c_str()); }
  std::string path_;
};

TEST_F(RowJournalTest, KeepsRowsOfTheSameSettingsAndLibraryFile) {
  {
    RowJournal journal(path_, "mode quick", kLibraries);
    journal.append(row("X-256/opt/32", 1));
    journal.append(row("X-256/ref/32", 2));
  }
  const KeptRows same = read_journal(path_, "mode quick", kLibraries, kAll);
  EXPECT_EQ(same.names, (std::set<std::string>{"X-256/opt/32", "X-256/ref/32"}));
  ASSERT_EQ(same.json.size(), 2u);
  EXPECT_EQ(same.json[0], ngcc::bench::group_json(row("X-256/opt/32", 1)));
  EXPECT_EQ(same.remeasured, 0u);
  EXPECT_FALSE(same.first_utc.empty());

  const KeptRows other_settings = read_journal(path_, "mode default", kLibraries, kAll);
  EXPECT_TRUE(other_settings.names.empty());
  EXPECT_EQ(other_settings.remeasured, 2u);

  const KeptRows other_library = read_journal(path_, "mode quick", {{"X-256/opt", "aa"}, {"X-256/ref", "cc"}}, kAll);
  EXPECT_EQ(other_library.names, std::set<std::string>{"X-256/opt/32"});
  EXPECT_EQ(other_library.remeasured, 1u);

  const KeptRows chosen = read_journal(path_, "mode quick", kLibraries, NameFilter("/ref/"));
  EXPECT_EQ(chosen.names, std::set<std::string>{"X-256/ref/32"});
  EXPECT_EQ(chosen.remeasured, 0u);
}

TEST_F(RowJournalTest, TheLastLineOfARowCounts) {
  {
    RowJournal journal(path_, "mode quick", kLibraries);
    journal.append(row("X-256/opt/32", 1));
  }
  {
    RowJournal journal(path_, "mode quick", {{"X-256/opt", "new"}});
    journal.append(row("X-256/opt/32", 3));
  }
  const KeptRows kept = read_journal(path_, "mode quick", {{"X-256/opt", "new"}}, kAll);
  ASSERT_EQ(kept.json.size(), 1u);
  EXPECT_EQ(kept.json[0], ngcc::bench::group_json(row("X-256/opt/32", 3)));
  EXPECT_EQ(kept.remeasured, 0u);
}

TEST_F(RowJournalTest, ALineCutShortIsDroppedAndTheNextAppendedWhole) {
  {
    RowJournal journal(path_, "mode quick", kLibraries);
    journal.append(row("X-256/opt/32", 1));
  }
  std::ofstream(path_, std::ios::app) << R"({"settings": "mode quick", "row": "X-256/ref/32", "js)";
  const KeptRows cut = read_journal(path_, "mode quick", kLibraries, kAll);
  EXPECT_TRUE(cut.cut_line);
  EXPECT_EQ(cut.names, std::set<std::string>{"X-256/opt/32"});
  {
    RowJournal journal(path_, "mode quick", kLibraries);
    journal.append(row("X-256/ref/32", 2));
  }
  const KeptRows whole = read_journal(path_, "mode quick", kLibraries, kAll);
  EXPECT_FALSE(whole.cut_line);
  EXPECT_EQ(whole.names, (std::set<std::string>{"X-256/opt/32", "X-256/ref/32"}));
  const std::string text = read_all(path_);
  EXPECT_EQ(std::count(text.begin(), text.end(), '\n'), 2);
}

TEST_F(RowJournalTest, ALineThatIsNotAJournalLineIsOneErrorNamingIt) {
  std::ofstream(path_) << "{\"row\": \"X-256/opt/32\"}\nnot json\n";
  try {
    read_journal(path_, "mode quick", kLibraries, kAll);
    FAIL() << "no error";
  } catch (const std::runtime_error &e) {
    EXPECT_EQ(std::string(e.what()), path_ + ":1: not a line of a bench row journal");
  }
}

TEST_F(RowJournalTest, NoJournalKeepsNothing) {
  unlink(path_.c_str());
  const KeptRows none = read_journal(path_, "mode quick", kLibraries, kAll);
  EXPECT_TRUE(none.names.empty());
  EXPECT_FALSE(none.cut_line);
}

}  // namespace
