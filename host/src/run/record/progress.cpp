#include <bopp/host/run/record/progress.hpp>

#include <string>

namespace bopp::host {

Progress::Progress(std::FILE* stream, std::uint64_t budget)
    : line_(stream),
      budget_(budget),
      start_(std::chrono::steady_clock::now()),
      last_draw_(start_) {}

void Progress::update(std::uint64_t done, std::optional<double> best) {
  if (!line_.active()) return;
  const auto now = std::chrono::steady_clock::now();
  if (line_.drawn() && done < budget_ && now - last_draw_ < std::chrono::milliseconds(100)) return;
  last_draw_ = now;
  const double seconds = std::chrono::duration<double>(now - start_).count();
  const double rate = seconds > 0 ? static_cast<double>(done) / seconds : 0.0;
  char best_text[32] = "-";
  if (best) std::snprintf(best_text, sizeof best_text, "%.6g", *best);
  char text[160];
  std::snprintf(text, sizeof text, "  %llu/%llu evaluations  best %s  %.1f/s",
                static_cast<unsigned long long>(done), static_cast<unsigned long long>(budget_),
                best_text, rate);
  line_.draw(text);
}

}  // namespace bopp::host
