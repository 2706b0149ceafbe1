// What a long run prints while it works (ngcc-kat, bench): event lines, each
// flushed so a log shows it as it comes, and on a terminal one status line
// redrawn in place under them; in a log, the status once a minute at most.
#pragma once

#include <chrono>
#include <cstddef>
#include <string>

namespace ngcc {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t);
// "1:05", "2:03:04"
std::string clock_text(double seconds);
// "0.42 s", "12.3 s"
std::string seconds_text(double seconds);
// The head of a status line: "[1:05 elapsed, 12/40 jobs, ETA 2:03]";
// "ETA –" where remaining_seconds is negative (nothing to estimate from yet).
std::string progress_text(double elapsed_seconds, std::size_t done, std::size_t total, const std::string &unit,
                          double remaining_seconds);

class Console {
 public:
  // A terminal on standard output, as isatty says.
  Console();
  // `terminal`: redraw the status line in place (standard output reaches a
  // terminal, maybe through a pipe that also keeps a log), else log lines.
  explicit Console(bool terminal);
  bool tty() const { return tty_; }
  void line(const std::string &text, bool error = false);
  // On a terminal at most once a second; in a log once a minute.
  void status(const std::string &text);
  void done();

 private:
  void clear();
  void redraw();
  bool tty_;
  Clock::time_point heartbeat_;
  std::string status_;
};

}  // namespace ngcc
