#include "console.hpp"

#include <fcntl.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace ngcc {

double since(Clock::time_point t) { return std::chrono::duration<double>(Clock::now() - t).count(); }

std::string clock_text(double seconds) {
  const long s = std::lround(std::max(0.0, seconds));
  char text[32];
  if (s >= 3600) std::snprintf(text, sizeof text, "%ld:%02ld:%02ld", s / 3600, s / 60 % 60, s % 60);
  else std::snprintf(text, sizeof text, "%ld:%02ld", s / 60, s % 60);
  return text;
}

std::string seconds_text(double s) {
  char text[32];
  std::snprintf(text, sizeof text, s < 10 ? "%.2f s" : "%.1f s", s);
  return text;
}

std::string progress_text(double elapsed_seconds, std::size_t done, std::size_t total, const std::string &unit,
                          double remaining_seconds) {
  return "[" + clock_text(elapsed_seconds) + " elapsed, " + std::to_string(done) + "/" + std::to_string(total) + " " +
         unit + ", ETA " + (remaining_seconds < 0 ? std::string("–") : clock_text(remaining_seconds)) + "]";
}

namespace {

// Columns of the terminal: standard output's, or where that is a pipe to one
// (tools/hashbench/bench.py keeps a log of it), the controlling terminal's; 120
// where neither says. A longer status line would wrap, and its redraw clears
// only the last row.
std::size_t terminal_width() {
  winsize ws{};
  if (::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1) return ws.ws_col;
  const int tty = ::open("/dev/tty", O_RDONLY | O_CLOEXEC);
  const bool known = tty >= 0 && ::ioctl(tty, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1;
  if (tty >= 0) ::close(tty);
  return known ? ws.ws_col : 120;
}

}  // namespace

Console::Console() : Console(::isatty(STDOUT_FILENO) == 1) {}

Console::Console(bool terminal) : tty_(terminal), heartbeat_(Clock::now()) {}

void Console::line(const std::string &text, bool error) {
  clear();
  (error ? std::cerr : std::cout) << text << "\n";
  (error ? std::cerr : std::cout).flush();
  redraw();
}

void Console::status(const std::string &text) {
  if (!tty_) {
    if (since(heartbeat_) < 60) return;
    heartbeat_ = Clock::now();
    line(text);
    return;
  }
  if (since(heartbeat_) < 1 && !status_.empty()) return;
  heartbeat_ = Clock::now();
  status_ = text;
  const std::size_t width = terminal_width() - 1;
  if (status_.size() > width) status_.resize(width);
  clear();
  redraw();
}

void Console::done() { clear(), status_.clear(); }

void Console::clear() {
  if (tty_ && !status_.empty()) std::cout << "\r\033[K" << std::flush;
}

void Console::redraw() {
  if (tty_ && !status_.empty()) std::cout << status_ << std::flush;
}

}  // namespace ngcc
