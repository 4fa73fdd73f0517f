// bopp/bo/pathwise_sample.hpp: a posterior sample path of a GP, evaluable anywhere.
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/random_fourier_features.hpp>

#include <cstdint>

namespace bopp::bo {

// One function drawn from the posterior of a GP by decoupled (pathwise) sampling, Wilson
// et al. 2020, eq. 13: a prior draw in random Fourier features plus an exact update from
// the data,
//   f*(u) = c + φ(u)ᵀθ + k(u, U) v,   v = (K + σ_n² I)⁻¹ (z − c − Φ(U)θ − ε),
// θ ~ N(0, I), ε ~ N(0, σ_n² I). Costs O(nD) to make and O((n + D) d) per point, and is
// smooth, so it can be maximized by gradient (Thompson sampling) or used as an objective.
// Independent of the GP after construction. Values are in the user's units.
class PathwiseSample : public Acquisition {
 public:
  PathwiseSample(const GaussianProcess& gp, Eigen::Index features, std::uint64_t seed);

  Eigen::Index dim() const override { return cube_.lower.size(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;

 private:
  Kernel kernel_;
  RandomFourierFeatures features_;
  UnitCube cube_;
  OutputScaling scaling_;
  double mean_;
  Eigen::VectorXd theta_;
  Eigen::MatrixXd unit_inputs_;
  Eigen::VectorXd update_weights_;  // v
};

}  // namespace bopp::bo
