#include "kat_console.hpp"

#include <sys/ioctl.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <iostream>

namespace ngcc::kat {

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

Console::Console() : tty_(::isatty(STDOUT_FILENO) == 1), heartbeat_(Clock::now()) {}

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
  winsize ws{};
  const std::size_t width = ::ioctl(STDOUT_FILENO, TIOCGWINSZ, &ws) == 0 && ws.ws_col > 1 ? ws.ws_col - 1 : 119;
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

}  // namespace ngcc::kat
