#include "buffer_schedule.hpp"

#include <cstdio>
#include <limits>
#include <numeric>

namespace bopp::gssbo {
namespace {

constexpr Eigen::Index unbounded = std::numeric_limits<Eigen::Index>::max();

std::string milliseconds(double seconds) {
  char text[32];
  std::snprintf(text, sizeof text, "%.1f ms", 1e3 * seconds);
  return text;
}

}  // namespace

BufferSchedule::BufferSchedule(BufferMode mode, Eigen::Index buffer_size, double time_factor,
                               int window, Eigen::Index switch_at)
    : mode_(mode),
      capacity_(mode == BufferMode::fixed ? buffer_size : unbounded),
      time_factor_(time_factor),
      window_(static_cast<std::size_t>(window)),
      switch_at_(switch_at) {}

void BufferSchedule::record_iteration(double seconds) { times_.push_back(seconds); }

double BufferSchedule::mean_early_time() const {
  if (times_.size() < window_) return 0.0;
  return std::accumulate(times_.begin(), times_.begin() + static_cast<std::ptrdiff_t>(window_),
                         0.0) /
         static_cast<double>(window_);
}

std::optional<std::string> BufferSchedule::advance(Eigen::Index n) {
  if (switched_ || mode_ == BufferMode::none) return std::nullopt;
  const std::string at = "buffer switched at n = " + std::to_string(n);
  if (mode_ == BufferMode::fixed) {
    if (n <= capacity_) return std::nullopt;
    switched_ = true;
    return at + " (buffer_size M = " + std::to_string(capacity_) +
           "): the GP is fitted on a selected subset of M observations from now on";
  }
  if (switch_at_ > 0) {
    if (n < switch_at_) return std::nullopt;
    switched_ = true;
    capacity_ = n;
    return at + " (switch_at); the GP keeps M = " + std::to_string(n) + " observations";
  }
  // Each iteration time is compared once, when the first tell after it arrives; the first
  // `window` of them only make T̄.
  const std::size_t checked_before = times_checked_;
  times_checked_ = times_.size();
  if (times_.size() <= window_ || checked_before == times_.size()) return std::nullopt;
  const double mean = mean_early_time(), last = times_.back();
  if (!(last > time_factor_ * mean)) return std::nullopt;
  switched_ = true;
  capacity_ = n;
  char z[32];
  std::snprintf(z, sizeof z, "%g", time_factor_);
  return at + " (mean early iteration " + milliseconds(mean) + ", this one " + milliseconds(last) +
         ", Z = " + z + "); replay with switch_at = " + std::to_string(n);
}

void BufferSchedule::save(StateArchive& archive) const {
  archive.write("capacity", capacity_);
  archive.write("switched", switched_);
  archive.write("times", times_);
  archive.write("times_checked", times_checked_);
}

void BufferSchedule::restore(const StateArchive& archive) {
  archive.read("capacity", capacity_);
  archive.read("switched", switched_);
  archive.read("times", times_);
  archive.read("times_checked", times_checked_);
  if (times_checked_ > times_.size()) throw StateError("state: more times checked than seen");
}

}  // namespace bopp::gssbo
