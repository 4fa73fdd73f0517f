// bopp/bo/gaussian_process.hpp: exact GP regression with scaled inputs and standardized outputs.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/bo/log.hpp>
#include <bopp/bo/unit_cube.hpp>
#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <memory>
#include <mutex>

namespace bopp::bo {

// The affine map between a user's outputs y and the model's z = (y − mean) / scale.
struct OutputScaling {
  double mean = 0.0;
  double scale = 1.0;
  // Mean and standard deviation of y (scale 1 when y has fewer than two distinct values).
  static OutputScaling standardizing(const Eigen::VectorXd& y);

  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);
};

// Hyperparameters in model units: inputs in the unit cube, outputs standardized.
struct Hyperparameters {
  Eigen::VectorXd lengthscales;
  double outputscale = 1.0;      // prior variance of f
  double noise_variance = 1e-4;  // variance of the Gaussian observation noise
  double mean = 0.0;             // the constant prior mean

  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);
};

// The posterior of f at a batch of points, in the user's units.
struct Posterior {
  Eigen::VectorXd mean;
  Eigen::VectorXd variance;
  Eigen::MatrixXd covariance;  // empty unless asked for
};

// The posterior of f at one point and the gradients of its mean and variance in x.
struct PointPosterior {
  double mean = 0.0;
  double variance = 0.0;
  Eigen::VectorXd mean_gradient;
  Eigen::VectorXd variance_gradient;
};

// Exact Gaussian-process regression, y = f(x) + ε, f ~ GP(c, k), ε ~ N(0, σ_n²).
//
// Every public function takes and returns points and values in the user's units: x in the
// box [lower, upper] the model was made for, y as given. Inside, x is mapped to the unit
// cube and y standardized; the kernel's hyperparameters live in those model units, so
// the same priors and bounds suit every problem.
//
// Conditioning keeps the lower Cholesky factor L of K + σ_n² I and α = (K + σ_n² I)⁻¹ (z − c).
// One point's prediction is a triangular solve against L. A batch of points is a product with
// L⁻¹, formed once per factor (n³/3 flops): BLAS's triangular product runs near the GEMM rate,
// its triangular solve at half of it (docs/decisions.md). Never K⁻¹ itself.
class GaussianProcess {
 public:
  GaussianProcess(Kernel kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                  LogCallback log = {});

  const Kernel& kernel() const { return kernel_; }
  Eigen::Index dim() const { return kernel_.dim(); }
  const Eigen::VectorXd& lower() const { return lower_; }
  const Eigen::VectorXd& upper() const { return upper_; }
  const LogCallback& log() const { return log_; }

  Hyperparameters hyperparameters() const;
  // Sets the hyperparameters and refactors the covariance of the data held, if any.
  void set_hyperparameters(const Hyperparameters& h);

  // Replaces the data with (X, y), standardizing y by its own mean and deviation.
  void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y);
  // Replaces the data with (X, y) under a given output scaling.
  void condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, const OutputScaling& scaling);
  // Adds observations by extending the Cholesky factor (O(n²k) for k new points rather
  // than O(n³)); the hyperparameters and the output scaling stay as they are.
  void add_observations(const Eigen::MatrixXd& X, const Eigen::VectorXd& y);
  // Conditions on points whose outcome is not known yet, with the posterior mean as their
  // value: the posterior covariance does not depend on y, so this is exact for the
  // covariance and the "kriging believer" for the mean.
  void add_fantasies(const Eigen::MatrixXd& X);

  Eigen::Index size() const { return inputs_.rows(); }
  const Eigen::MatrixXd& inputs() const { return inputs_; }
  const Eigen::VectorXd& targets() const { return targets_; }  // y as given
  const OutputScaling& output_scaling() const { return scaling_; }

  // The posterior of the latent f (without observation noise) at the rows of X.
  Posterior predict(const Eigen::MatrixXd& X, bool full_covariance = false) const;
  PointPosterior predict_with_gradient(const Eigen::VectorXd& x) const;

  // Model-unit access for the rest of the toolkit (likelihood, gradient posterior, samples).
  Eigen::MatrixXd to_unit_cube(const Eigen::MatrixXd& X) const;
  Eigen::VectorXd point_to_unit_cube(const Eigen::VectorXd& x) const;
  UnitCube unit_cube() const { return {lower_, widths()}; }
  const Eigen::MatrixXd& unit_inputs() const { return unit_inputs_; }
  const Eigen::VectorXd& standardized_targets() const { return standardized_; }
  const Eigen::MatrixXd& cholesky_factor() const { return L_; }  // lower triangle is L
  // L⁻¹ in the lower triangle (the upper is not defined), formed on the first call after the
  // factor changes; safe to call from several threads. Copies of the GP share it.
  const Eigen::MatrixXd& inverse_factor() const;
  const Eigen::VectorXd& weights() const { return alpha_; }  // α
  double noise_variance() const { return noise_variance_; }
  double mean_constant() const { return mean_; }
  // Widths of the box: ∂/∂x_i = (∂/∂u_i) / width_i.
  Eigen::VectorXd widths() const { return upper_ - lower_; }
  // The kernel's lengthscales in the user's units of x (the kernel holds them in the unit cube's).
  Eigen::VectorXd user_lengthscales() const {
    return kernel_.lengthscales().cwiseProduct(widths());
  }

  // Checkpoints: the hyperparameters, the data and the factor as they are, so a GP grown by
  // add_observations comes back bit for bit without refactoring; restore into a GP of the same
  // kernel type, dimension and box.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  void refactor();
  void update_weights();
  void factor_changed() { inverse_ = std::make_shared<InverseFactor>(); }

  struct InverseFactor {
    std::once_flag formed;
    Eigen::MatrixXd matrix;
  };

  Kernel kernel_;
  Eigen::VectorXd lower_, upper_;
  LogCallback log_;
  double noise_variance_ = 1e-4;
  double mean_ = 0.0;
  OutputScaling scaling_;

  Eigen::MatrixXd inputs_;
  Eigen::VectorXd targets_;
  Eigen::MatrixXd unit_inputs_;
  Eigen::VectorXd standardized_;
  Eigen::MatrixXd L_;
  Eigen::VectorXd alpha_;
  // Derived from L_ alone, so a GP restored from a checkpoint forms the same bits.
  mutable std::shared_ptr<InverseFactor> inverse_ = std::make_shared<InverseFactor>();
};

}  // namespace bopp::bo
