// GP-UCB and GP-AUCB (the adaptive GP-BUCB of Desautels et al. 2014, as Algorithm 2 of
// Calandriello et al. 2020) on the candidate set, with the exact GP.
//
// GP-AUCB grows a batch with the mean frozen at its start and the variances of the chosen
// points hallucinated (the GP conditioned on them at their mean, exact for the variance);
// the batch ends once Π (1 + σ²_{s−1}(x_s)) > C, the crossing point included. GP-UCB is the
// same with one point per batch.
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <optional>
#include <span>
#include <vector>

namespace bopp::bbkb {

class ExactUcb {
 public:
  ExactUcb(bool batched, const char* algorithm, const Problem& problem, const Config& config,
           std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  const std::vector<std::size_t>& batch_sizes() const { return batch_sizes_; }

 private:
  Eigen::Index choose();
  void end_batch();
  void start_batch();

  bool batched_;
  Problem problem_;
  Settings settings_;
  bo::GaussianProcess observed_;              // the told data
  std::optional<bo::GaussianProcess> batch_;  // the told data and the hallucinated batch
  Eigen::VectorXd mean_;                      // at the batch start
  Eigen::VectorXd variance_;                  // λ-scaled, with the batch's points
  double width_ = 0.0;
  double product_ = 1.0;
  std::vector<Eigen::Index> chosen_;
  std::size_t handed_ = 0;
  std::size_t told_ = 0;
  bool closed_ = false;
  std::vector<std::size_t> batch_sizes_;
};

}  // namespace bopp::bbkb
