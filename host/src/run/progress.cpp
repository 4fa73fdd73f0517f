#include <bopp/host/run/progress.hpp>

#include <unistd.h>

namespace bopp::host {

Progress::Progress(std::FILE* stream, std::uint64_t budget)
    : stream_(stream),
      budget_(budget),
      active_(stream != nullptr && ::isatty(::fileno(stream)) != 0),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

Progress::~Progress() { finish(); }

void Progress::update(std::uint64_t done, std::optional<double> best) {
  if (!active_) return;
  const auto now = std::chrono::steady_clock::now();
  if (drawn_ && done < budget_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  if (best) {
    std::fprintf(stream_, "\r\033[K  %llu/%llu evaluations  best %.6g  %.1f/s",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(budget_),
                 *best, rate);
  } else {
    std::fprintf(stream_, "\r\033[K  %llu/%llu evaluations  best -  %.1f/s",
                 static_cast<unsigned long long>(done), static_cast<unsigned long long>(budget_), rate);
  }
  std::fflush(stream_);
  drawn_ = true;
}

void Progress::finish() {
  if (active_ && drawn_) {
    std::fprintf(stream_, "\n");
    std::fflush(stream_);
  }
  drawn_ = false;
  active_ = false;
}

}  // namespace bopp::host
