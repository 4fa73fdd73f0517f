// bopp/nn/network_training.hpp: anchored full-batch training of a network on its data, by
// gradient descent or L-BFGS (the fit of network_fit, trained as train_regularized trains it),
// on one workspace allocated when the training is set up and reused by every pass, in float or
// double.
#pragma once

#include <bopp/nn/mlp.hpp>
#include <bopp/nn/regularized_training.hpp>

#include <string>
#include <vector>

namespace bopp::nn {

// The arithmetic of a training: float is what Dai et al.'s reference code trains in, and twice
// the speed of double on the same products.
enum class Precision { float32, float64 };

// "float" or "double"; throws std::invalid_argument otherwise.
Precision precision_from_name(const std::string& name);

// Minimizes (1/2n) [Σ_j (β (f(x_j; θ) + δ_j) − y_j)² + λ ‖θ − anchor‖²] from `start` by
// options.method: network_fit's model trained by train_regularized's iteration, the same steps,
// stop rule and result. Every layer's activations and backward signals are one matrix for the
// whole batch, so a pass is three matrix products per hidden layer on the BLAS of bopp::eigen,
// and it allocates nothing. Scalar is float or double; X, y and θ are converted once, and L-BFGS
// runs in the same precision.
template <class Scalar>
class NetworkTraining {
 public:
  using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

  // The data: the rows of X, targets y and fixed offsets δ (zero for a plain network), β.
  NetworkTraining(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                  const Eigen::VectorXd& offsets, double beta);

  TrainingResult train(double lambda, const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                       const TrainingOptions& options);

  // ½ Σ_j (β (f(x_j; θ) + δ_j) − y_j)² and its gradient in θ, in this precision (what a step
  // computes; for tests).
  double fit(const Eigen::VectorXd& theta, Eigen::VectorXd& gradient);

 private:
  // The data term at theta_, its gradient written into gradient_.
  Scalar evaluate();

  Mlp mlp_;
  Scalar beta_;
  Vector y_, offsets_;
  Vector theta_, gradient_, anchor_, start_, step_scales_, ones_;
  Vector residual_;              // β (f + δ) − y
  Vector column_;                // a layer's scaled biases, or the last layer's weights
  std::vector<Matrix> inputs_;   // A_0 = Xᵀ, A_1 … A_L (one column per point)
  std::vector<Matrix> pre_;      // H_1 … H_L of the hidden layers
  std::vector<Matrix> signals_;  // the residual-weighted signals β r_j ∂f_j/∂h_l, l = 1 … L
  Matrix output_;                // H_{L+1}, 1 × n
};

extern template class NetworkTraining<float>;
extern template class NetworkTraining<double>;

// NetworkTraining<float or double>(mlp, X, y, offsets, beta).train(lambda, anchor, start, options).
TrainingResult train_network(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                             const Eigen::VectorXd& offsets, double beta, double lambda,
                             const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                             const TrainingOptions& options, Precision precision);

}  // namespace bopp::nn
