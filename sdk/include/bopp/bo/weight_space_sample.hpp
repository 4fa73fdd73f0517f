// bopp/bo/weight_space_sample.hpp: a GP posterior sample in weight space, Bayesian linear
// regression on random Fourier features, as Thompson sampling was built before pathwise updates.
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/random_fourier_features.hpp>

#include <cstdint>

namespace bopp::bo {

// Which features the regression uses.
enum class WeightSpaceFeatures {
  // The GP kernel's own random Fourier features (every ARD lengthscale, its spectral density).
  kernel,
  // The features of the GP-TS baseline in Dai et al. (2022)'s code: Gaussian (RBF) frequencies
  // with the first ARD lengthscale in every dimension, each point's feature vector rescaled to
  // length σ_f. A weaker surrogate than the kernel's, kept to reproduce that baseline.
  first_lengthscale_unit_norm,
};

// f(u) = c + φ(u)ᵀw with w drawn from the posterior of Bayesian linear regression on the
// features, prior w ~ N(0, I) and the GP's noise:
//   A = Φᵀ Φ + σ_n² I,  w ~ N(A⁻¹ Φᵀ (z − c), σ_n² A⁻¹).
// Unlike PathwiseSample it is only as good as the D features, away from the data as well as at
// it. Costs O(n D² + D³) to make and O(D d) per point; values are in the user's units, and it is
// independent of the GP after construction.
class WeightSpaceSample : public Acquisition {
 public:
  WeightSpaceSample(const GaussianProcess& gp, Eigen::Index features, WeightSpaceFeatures kind,
                    std::uint64_t seed);

  Eigen::Index dim() const override { return cube_.lower.size(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;

 private:
  // Φ(U), normalized row by row when the kind asks for it.
  Eigen::MatrixXd features(const Eigen::MatrixXd& U) const;

  RandomFourierFeatures features_;
  bool unit_norm_;
  double outputscale_;
  UnitCube cube_;
  OutputScaling scaling_;
  double mean_;
  Eigen::VectorXd weights_;  // w
};

}  // namespace bopp::bo
