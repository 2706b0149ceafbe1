// The run count and the status line of a bench run (run_progress.hpp), as
// pure functions of the calls and the clock: nothing here is timed.
#include <gtest/gtest.h>

#include <string>

#include "console.hpp"
#include "run_progress.hpp"

namespace {

using ngcc::bench::progress_status;
using ngcc::bench::RunTally;

TEST(RunTally, AFirstRepetitionGrowingItsIterationsIsOneRun) {
  RunTally tally;
  EXPECT_TRUE(tally.starts_run("CHIME-512/ref/32", 1));
  EXPECT_FALSE(tally.starts_run("CHIME-512/ref/32", 10));
  EXPECT_FALSE(tally.starts_run("CHIME-512/ref/32", 1000));
  EXPECT_EQ(tally.started(), 1u);
}

TEST(RunTally, LaterRepetitionsOfTheSameRowEachStartARun) {
  // Random interleaving may run a row's repetitions back to back, each at
  // the count its first repetition settled on.
  RunTally tally;
  tally.starts_run("CHIME-512/ref/32", 1);
  tally.starts_run("CHIME-512/ref/32", 1000);
  EXPECT_TRUE(tally.starts_run("CHIME-512/ref/32", 1000));
  EXPECT_TRUE(tally.starts_run("CHIME-512/ref/32", 1000));
  EXPECT_EQ(tally.started(), 3u);
}

TEST(RunTally, AnotherRowStartsARunWhateverItsIterations) {
  RunTally tally;
  tally.starts_run("CHIME-512/ref/32", 1);
  EXPECT_TRUE(tally.starts_run("CHIME-512/opt/32", 5000));
  EXPECT_TRUE(tally.starts_run("CHIME-512/ref/32", 8000));
  EXPECT_EQ(tally.started(), 3u);
}

TEST(RunTally, GuideRowsOfOneIterationAreARunEach) {
  RunTally tally;
  for (int i = 0; i < 4; ++i) EXPECT_TRUE(tally.starts_run("CHIME-512/ref/4096", 1));
  EXPECT_EQ(tally.started(), 4u);
}

TEST(ProgressStatus, NamesElapsedRunsEtaAndTheRow) {
  // 30 runs in 60 s: 90 more take 180 s.
  EXPECT_EQ(progress_status(60, 30, 120, "CHIME-512/opt/4096"),
            "bench: [1:00 elapsed, 30/120 runs, ETA 3:00] CHIME-512/opt/4096");
}

TEST(ProgressStatus, NothingDoneHasNoEstimate) {
  EXPECT_EQ(progress_status(0.4, 0, 120, "CHIME-512/ref/32"), "bench: [0:00 elapsed, 0/120 runs, ETA –] CHIME-512/ref/32");
}

TEST(ProgressStatus, HoursAndAnExceededTotal) {
  EXPECT_EQ(progress_status(3725, 10, 20, "SHA-512/openssl/65536"),
            "bench: [1:02:05 elapsed, 10/20 runs, ETA 1:02:05] SHA-512/openssl/65536");
  // A warm-up (--benchmark_min_warmup_time) counts as one run more than the total.
  EXPECT_EQ(progress_status(50, 21, 20, "x/ref/32"), "bench: [0:50 elapsed, 21/21 runs, ETA 0:00] x/ref/32");
}

TEST(ProgressText, IsNgccKatsStatusHead) {
  EXPECT_EQ(ngcc::progress_text(65, 12, 40, "jobs", 123), "[1:05 elapsed, 12/40 jobs, ETA 2:03]");
}

}  // namespace
