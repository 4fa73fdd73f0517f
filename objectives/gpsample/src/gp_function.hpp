// A function drawn from a zero-mean Gaussian-process prior with an isotropic kernel, in one of
// three constructions, fixed entirely by its seed.
#pragma once

#include <bopp/bo/kernel.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace bopp::gpsample {

enum class SampleKind { path, posterior_mean, grid };

struct GpFunctionSpec {
  Eigen::Index dim = 2;
  std::uint64_t seed = 0;
  double lengthscale = 0.2;
  double outputscale = 1.0;
  bo::KernelType kernel = bo::KernelType::rbf;
  SampleKind kind = SampleKind::path;
  Eigen::Index features = 4096;         // path
  Eigen::Index training_points = 1000;  // posterior_mean
  double nugget = 0.693;                // posterior_mean, as a fraction of the outputscale
  Eigen::Index grid = 100;              // grid
  Eigen::VectorXd lower, upper;         // the box; posterior_mean and grid place points in it
};

// Müller et al. 2021, §4.1: l(d) = δ(d)·0.1/δ(2), with
// δ(n) = √(n/6)·√((1 + 2√(1 − 3/(5n)))/3) the mean distance of two uniform points in [0,1]^n;
// their lengthscales are drawn around 2·l(d), which is the default here.
double default_lengthscale(Eigen::Index dim);

class GpFunction {
 public:
  // Throws std::invalid_argument for a spec out of range (the caller checks keys first).
  explicit GpFunction(const GpFunctionSpec& spec);

  double operator()(const Eigen::VectorXd& x) const;

  SampleKind kind() const { return kind_; }
  // posterior_mean: the points conditioned on and their prior sample; grid: the candidate set
  // and its sample. Empty for path.
  const Eigen::MatrixXd& points() const { return points_; }
  const Eigen::VectorXd& sampled_values() const { return sampled_; }

 private:
  void build_path(const GpFunctionSpec& spec);
  void build_posterior_mean(const GpFunctionSpec& spec);
  void build_grid(const GpFunctionSpec& spec);
  // An exact joint prior sample at the rows of points_ (Cholesky of K with jitter).
  Eigen::VectorXd joint_sample(std::uint64_t seed) const;

  SampleKind kind_;
  bo::Kernel kernel_;
  // path: f(x) = Σ_i a_i cos(ω_i·x + b_i), ω already divided by ℓ, a = σ√(2/F)·w.
  Eigen::MatrixXd frequencies_;
  Eigen::VectorXd offsets_, amplitudes_;
  // posterior_mean and grid
  Eigen::MatrixXd points_;
  Eigen::VectorXd sampled_;
  Eigen::VectorXd weights_;  // posterior_mean: (K + nugget·σ² I)⁻¹ y
};

}  // namespace bopp::gpsample
