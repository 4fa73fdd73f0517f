// Batch Thompson sampling on the candidate set (asynchronous TS of Kandasamy et al. 2018), a
// baseline of Calandriello et al. 2020 (Section 5, Appendix D.1): each point maximizes over
// the candidates its own posterior draw of the exact GP, whose spread around the mean is
// scaled by β_t/10 in the paper's λ-scaled units; the GP absorbs the observations once a
// whole batch of `batch_size` points is told. Draws are pathwise (random Fourier features),
// so their cost does not grow with the square of the candidate count.
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace bopp::bbkb {

class BatchThompson {
 public:
  static constexpr const char* name = "batch-ts";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "batch Thompson sampling on the candidate set (exact GP, pathwise draws scaled by "
      "beta/10), updated once per batch";
  static std::vector<Param> params();

  BatchThompson(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  // At most max_points points, never past the end of the current batch.
  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  // Checkpoints: the GP as grown, the draws made and the batch's told points.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  void refit();

  Problem problem_;
  Settings settings_;
  std::size_t batch_size_;
  Eigen::Index features_;
  std::uint64_t seed_;
  std::uint64_t drawn_ = 0;  // draws so far: the stream of the next one
  bo::GaussianProcess gp_;
  Eigen::VectorXd mean_;
  double scale_ = 1.0;
  Points pending_X_;  // told since the last update
  Eigen::VectorXd pending_y_;
  std::size_t asked_in_batch_ = 0;
  std::size_t told_in_batch_ = 0;
};

}  // namespace bopp::bbkb
