// What a KAT run prints: one event line per verdict (flushed, so a log shows
// each as it comes), and on a terminal one status line redrawn in place.
#pragma once

#include <chrono>
#include <string>

namespace ngcc::kat {

using Clock = std::chrono::steady_clock;

double since(Clock::time_point t);
// "1:05", "2:03:04"
std::string clock_text(double seconds);
// "0.42 s", "12.3 s"
std::string seconds_text(double seconds);

class Console {
 public:
  Console();
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

}  // namespace ngcc::kat
