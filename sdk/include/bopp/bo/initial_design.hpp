// bopp/bo/initial_design.hpp: the space-filling points a global method asks before it has a
// model, handed out in order across asks.
#pragma once

#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace bopp::bo {

class InitialDesign {
 public:
  // No points: exhausted from the start (a method that draws its first points otherwise).
  InitialDesign() = default;
  // The first n points of the scrambled Sobol sequence of `seed` (sobol_design), scaled into
  // the box [lower, upper].
  InitialDesign(Eigen::Index n, const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                std::uint64_t seed);

  Eigen::Index size() const { return points_.rows(); }
  Eigen::Index used() const { return used_; }
  bool exhausted() const { return used_ == points_.rows(); }

  // The next point; the design must not be exhausted.
  Eigen::VectorXd next() { return points_.row(used_++).transpose(); }
  // The next min(count, size() − used()) points, as rows.
  Eigen::MatrixXd take(Eigen::Index count);

  // Checkpoints: how many points were handed out (the points follow from the seed); restore
  // into a design made with the same size, box and seed.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  Eigen::MatrixXd points_;
  Eigen::Index used_ = 0;
};

}  // namespace bopp::bo
