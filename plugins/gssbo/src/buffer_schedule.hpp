// The buffer rule of Wei et al. 2025 (§4.3 (1), Algorithm 1 lines 5-10): how many observations
// the GP is fitted on, and when selection starts. Deterministic in fixed and none mode and with
// switch_at; in timed mode it depends on the iteration times it is given.
#pragma once

#include "settings.hpp"

#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <optional>
#include <string>
#include <vector>

namespace bopp::gssbo {

class BufferSchedule {
 public:
  BufferSchedule(BufferMode mode, Eigen::Index buffer_size, double time_factor, int window,
                 Eigen::Index switch_at);

  // The plugin's compute time (seconds) of one complete model-based iteration: the tell-side
  // update and the ask that follows it.
  void record_iteration(double seconds);

  // Moves to |D| = n (called once per model update, n growing). Returns the one line to log
  // when this call is where the buffer switches (selection starts at the next larger n in timed
  // mode, at this n in fixed mode), else nothing.
  std::optional<std::string> advance(Eigen::Index n);

  // Whether the GP is fitted on a selected subset at |D| = n (n > M).
  bool selecting(Eigen::Index n) const { return switched_ && n > capacity_; }
  bool switched() const { return switched_; }
  // M: buffer_size (fixed), |D| at the switch (timed; until then the largest index), or never
  // reached (none).
  Eigen::Index capacity() const { return capacity_; }
  // T̄, the mean of the first `window` iteration times (timed mode; 0 until there are enough).
  double mean_early_time() const;
  const std::vector<double>& iteration_times() const { return times_; }

  // Checkpoints: whether and where it switched, and the iteration times seen.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  BufferMode mode_;
  Eigen::Index capacity_;
  double time_factor_;
  std::size_t window_;
  Eigen::Index switch_at_;
  bool switched_ = false;
  std::vector<double> times_;
  std::size_t times_checked_ = 0;
};

}  // namespace bopp::gssbo
