// ε-greedy on the candidate set, a baseline of Calandriello et al. 2020 (Section 5): each
// point is, with probability ε, a uniformly drawn candidate, else the observed candidate of
// best average observation (uniform before any observation).
#pragma once

#include "arm_totals.hpp"

#include <bopp/plugin.hpp>

#include <cstdint>
#include <span>
#include <vector>

namespace bopp::bbkb {

class EpsilonGreedy {
 public:
  static constexpr const char* name = "eps-greedy";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "epsilon-greedy on the candidate set: a random candidate with probability epsilon, else "
      "the best average observed";
  static std::vector<Param> params();

  EpsilonGreedy(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  // Exactly max_points points, drawn independently.
  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const;

  // Checkpoints: the draws made and the totals.
  void save(StateArchive& archive) const {
    archive.write("asked", asked_);
    archive.write("totals", totals_);
  }
  void restore(const StateArchive& archive) {
    archive.read("asked", asked_);
    archive.read("totals", totals_);
  }

 private:
  Eigen::Index best_observed() const;

  Problem problem_;
  double epsilon_;
  std::uint64_t seed_;
  std::uint64_t asked_ = 0;  // points asked so far: the draw stream of the next one
  ArmTotals totals_;
};

}  // namespace bopp::bbkb
