// bopp/host/common/status_line.hpp: one line of a terminal, redrawn in place.
#pragma once

#include <cstdio>
#include <string>

namespace bopp::host {

// The progress line of a run or a bench: each draw replaces the line ("\r\033[K"), and
// lines printed between draws clear it first. Silent when `stream` is null or not a
// terminal, so logs and pipes stay clean.
class StatusLine {
 public:
  explicit StatusLine(std::FILE* stream);
  ~StatusLine();
  StatusLine(const StatusLine&) = delete;
  StatusLine& operator=(const StatusLine&) = delete;

  bool active() const { return active_; }
  bool drawn() const { return drawn_; }

  // Replaces the line with `text`.
  void draw(const std::string& text);
  // Erases the line, so what is printed next starts on a clean one.
  void clear();
  // Ends the line with a newline if one was drawn; later draws do nothing.
  void finish();

 private:
  std::FILE* stream_;
  bool active_;
  bool drawn_ = false;
};

}  // namespace bopp::host
