// What the bandits of the bbkb library keep of the observations: per candidate (arm), how
// many successful observations it has and their sum (the n_i and s_i of Calandriello et al.
// 2020, eqs. 1-3).
#pragma once

#include <bopp/plugin.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <span>

namespace bopp::bbkb {

struct ArmTotals {
  explicit ArmTotals(Eigen::Index arms)
      : counts(Eigen::VectorXd::Zero(arms)), sums(Eigen::VectorXd::Zero(arms)) {}

  // Adds the successful rows of a told batch, each to its nearest candidate.
  void add(const Points& candidates, const Points& X, const Eigen::VectorXd& y,
           std::span<const std::int32_t> status);

  void save(StateArchive& archive) const {
    archive.write("counts", counts);
    archive.write("sums", sums);
  }
  void restore(const StateArchive& archive) {
    const Eigen::Index arms = counts.size();
    archive.read("counts", counts);
    archive.read("sums", sums);
    if (counts.size() != arms || sums.size() != arms)
      throw StateError("state: arm totals of another candidate set");
  }

  Eigen::VectorXd counts;  // n_i
  Eigen::VectorXd sums;    // s_i
};

}  // namespace bopp::bbkb
