#include <bopp/host/common/status_line.hpp>

#include <unistd.h>

namespace bopp::host {

StatusLine::StatusLine(std::FILE* stream)
    : stream_(stream), active_(stream != nullptr && ::isatty(::fileno(stream)) != 0) {}

StatusLine::~StatusLine() { finish(); }

void StatusLine::draw(const std::string& text) {
  if (!active_) return;
  std::fprintf(stream_, "\r\033[K%s", text.c_str());
  std::fflush(stream_);
  drawn_ = true;
}

void StatusLine::clear() {
  if (!active_) return;
  std::fprintf(stream_, "\r\033[K");
  drawn_ = false;
}

void StatusLine::finish() {
  if (active_ && drawn_) {
    std::fprintf(stream_, "\n");
    std::fflush(stream_);
  }
  drawn_ = false;
  active_ = false;
}

}  // namespace bopp::host
