#include <bopp/nn/network_training.hpp>

#include "activation.hpp"
#include "lbfgs_descent.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::nn {

namespace {

// σ_w/√n_{l−1}, layer l's weight scale.
double weight_scale(const Mlp& mlp, int l) {
  return mlp.shape().weight_std / std::sqrt(static_cast<double>(mlp.units(l - 1)));
}

}  // namespace

Precision precision_from_name(const std::string& name) {
  if (name == "float") return Precision::float32;
  if (name == "double") return Precision::float64;
  throw std::invalid_argument("precision '" + name + "': expected float or double");
}

template <class Scalar>
NetworkTraining<Scalar>::NetworkTraining(const Mlp& mlp, const Eigen::MatrixXd& X,
                                         const Eigen::VectorXd& y, const Eigen::VectorXd& offsets,
                                         double beta)
    : mlp_(mlp), beta_(static_cast<Scalar>(beta)) {
  const Eigen::Index n = X.rows();
  if (n < 1) throw std::invalid_argument("NetworkTraining: no data");
  if (X.cols() != mlp.shape().input_dim || y.size() != n || offsets.size() != n)
    throw std::invalid_argument("NetworkTraining: inputs, targets or offsets of the wrong size");
  y_ = y.cast<Scalar>();
  offsets_ = offsets.cast<Scalar>();
  const Eigen::Index p = mlp.parameter_count();
  theta_.resize(p);
  gradient_.resize(p);
  ones_ = Vector::Ones(n);
  residual_.resize(n);
  column_.resize(std::max(mlp.shape().width, Eigen::Index{1}));
  inputs_.push_back(X.transpose().cast<Scalar>());
  for (int l = 1; l < mlp.layers(); ++l) {
    inputs_.emplace_back(mlp.units(l), n);
    pre_.emplace_back(mlp.units(l), n);
    signals_.emplace_back(mlp.units(l), n);
  }
  output_.resize(1, n);
}

template <class Scalar>
Scalar NetworkTraining<Scalar>::evaluate() {
  using ConstMatrixMap = Eigen::Map<const Matrix>;
  using ConstVectorMap = Eigen::Map<const Vector>;
  const int L = mlp_.layers();  // hidden layers + 1
  const auto bias_std = static_cast<Scalar>(mlp_.shape().bias_std);
  const Activation act = mlp_.shape().activation;
  const auto W = [&](int l) {
    return ConstMatrixMap(theta_.data() + mlp_.layer_offset(l), mlp_.units(l), mlp_.units(l - 1));
  };
  const auto b = [&](int l) {
    return ConstVectorMap(theta_.data() + mlp_.layer_offset(l) + mlp_.units(l) * mlp_.units(l - 1),
                          mlp_.units(l));
  };
  const auto scale = [&](int l) { return static_cast<Scalar>(weight_scale(mlp_, l)); };

  // Forward: H_l = s_l W_l A_{l−1} + σ_b b_l, A_l = φ(H_l).
  for (int l = 1; l < L; ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    pre_[i].noalias() = scale(l) * (W(l) * inputs_[i]);
    // Through a plain vector: a broadcast expression would be evaluated into a temporary.
    auto bias = column_.head(mlp_.units(l));
    bias = bias_std * b(l);
    if (act == Activation::relu) {
      // One pass: A_l = max(s W A + σ_b b, 0), the same numbers. pre_ keeps the product alone,
      // and the backward mask is read from A_l (> 0 exactly where H_l is).
      inputs_[i + 1].array() = (pre_[i].colwise() + bias).array().max(Scalar(0));
    } else {
      pre_[i].colwise() += bias;
      activation::apply(act, pre_[i], inputs_[i + 1]);
    }
  }
  // What φ' is taken of for hidden layer l (1-based): A_l for ReLU, H_l otherwise.
  const auto derivative_at = [&](int l) -> const Matrix& {
    const auto i = static_cast<std::size_t>(l - 1);
    return act == Activation::relu ? inputs_[i + 1] : pre_[i];
  };
  output_.noalias() = W(L) * inputs_.back();  // one row: scaled after, as gb below
  output_ *= scale(L);
  residual_ =
      beta_ *
          (output_.row(0).transpose().array() + bias_std * b(L)[0] + offsets_.array()).matrix() -
      y_;
  const Scalar data = Scalar(0.5) * residual_.squaredNorm();

  // Backward, with the residuals as the weights of the points: D_{L+1} = β r, then
  // D_l = φ'(H_l) ⊙ (s_{l+1} W_{l+1}ᵀ D_{l+1}); ∂/∂W_l = s_l D_l A_{l−1}ᵀ, ∂/∂b_l = σ_b D_l 1.
  residual_ *= beta_;
  const auto gradient_of = [&](int l) {
    return std::pair(Eigen::Map<Matrix>(gradient_.data() + mlp_.layer_offset(l), mlp_.units(l),
                                        mlp_.units(l - 1)),
                     Eigen::Map<Vector>(gradient_.data() + mlp_.layer_offset(l) +
                                            mlp_.units(l) * mlp_.units(l - 1),
                                        mlp_.units(l)));
  };
  {
    auto [gW, gb] = gradient_of(L);
    gW.noalias() = scale(L) * (residual_.transpose() * inputs_.back().transpose());
    gb[0] = bias_std * residual_.sum();
  }
  if (L > 1) {
    auto weights = column_.head(mlp_.units(L - 1));
    weights = scale(L) * W(L).transpose();
    signals_.back().noalias() = weights * residual_.transpose();
    activation::scale_by_derivative(act, derivative_at(L - 1), signals_.back());
  }
  for (int l = L - 1; l >= 1; --l) {
    const auto i = static_cast<std::size_t>(l - 1);
    auto [gW, gb] = gradient_of(l);
    gW.noalias() = scale(l) * (signals_[i] * inputs_[i].transpose());
    // A matrix-vector product copies a scaled operand: the scale comes after.
    gb.noalias() = signals_[i] * ones_;
    gb *= bias_std;
    if (l > 1) {
      signals_[i - 1].noalias() = scale(l) * (W(l).transpose() * signals_[i]);
      activation::scale_by_derivative(act, derivative_at(l - 1), signals_[i - 1]);
    }
  }
  return data;
}

template <class Scalar>
double NetworkTraining<Scalar>::fit(const Eigen::VectorXd& theta, Eigen::VectorXd& gradient) {
  if (theta.size() != theta_.size())
    throw std::invalid_argument("NetworkTraining: parameters of the wrong size");
  theta_ = theta.cast<Scalar>();
  const Scalar data = evaluate();
  gradient = gradient_.template cast<double>();
  return static_cast<double>(data);
}

template <class Scalar>
TrainingResult NetworkTraining<Scalar>::train(double lambda, const Eigen::VectorXd& anchor,
                                              const Eigen::VectorXd& start,
                                              const TrainingOptions& options) {
  const Eigen::Index p = theta_.size();
  if (start.size() != p || anchor.size() != p)
    throw std::invalid_argument("NetworkTraining: start or anchor of the wrong size");
  if (options.step_scales.size() != 0 && options.step_scales.size() != p)
    throw std::invalid_argument("NetworkTraining: step_scales of the wrong size");
  theta_ = start.cast<Scalar>();
  anchor_ = anchor.cast<Scalar>();
  step_scales_ = options.step_scales.cast<Scalar>();
  const auto inv_n = static_cast<Scalar>(1.0 / static_cast<double>(residual_.size()));
  const auto lam = static_cast<Scalar>(lambda);
  // The mean-scaled loss at theta_, its gradient left in gradient_ (train_regularized's). The
  // pull, the gradient and its norm go through the parameters in chunks that stay in the L1
  // cache: one read of θ, θ0 and ∇ instead of four passes.
  constexpr Eigen::Index chunk = 2048;
  const auto evaluate_mean = [&] {
    const Scalar data = evaluate();
    Scalar pull = 0, norm2 = 0;
    for (Eigen::Index first = 0; first < p; first += chunk) {
      const Eigen::Index k = std::min(chunk, p - first);
      const auto t = theta_.segment(first, k), a = anchor_.segment(first, k);
      auto g = gradient_.segment(first, k);
      pull += (t - a).squaredNorm();
      g = inv_n * (g + lam * (t - a));
      norm2 += g.squaredNorm();
    }
    return detail::Evaluation{static_cast<double>(inv_n * (data + Scalar(0.5) * lam * pull)),
                              static_cast<double>(data), std::sqrt(static_cast<double>(norm2))};
  };
  const auto n = residual_.size();
  if (options.method == TrainingMethod::lbfgs) {
    start_ = theta_;
    return detail::lbfgs_descent(evaluate_mean, theta_, gradient_, start_, n, options);
  }
  const auto eta = static_cast<Scalar>(options.learning_rate);
  detail::Evaluation pass = evaluate_mean();
  const double initial_norm = pass.gradient_norm;
  TrainingResult result;
  for (int k = 0; k < options.max_steps; ++k) {
    if (pass.gradient_norm <= options.gradient_tolerance * initial_norm) break;
    if (step_scales_.size() == 0) {
      theta_ -= eta * gradient_;
    } else {
      theta_ -= eta * step_scales_.cwiseProduct(gradient_);
    }
    pass = evaluate_mean();
    ++result.steps;
  }
  result.theta = theta_.template cast<double>();
  result.loss = pass.loss;
  result.gradient_norm = pass.gradient_norm;
  result.residual_rms = std::sqrt(2 * pass.data / static_cast<double>(n));
  return result;
}

template class NetworkTraining<float>;
template class NetworkTraining<double>;

TrainingResult train_network(const Mlp& mlp, const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                             const Eigen::VectorXd& offsets, double beta, double lambda,
                             const Eigen::VectorXd& anchor, const Eigen::VectorXd& start,
                             const TrainingOptions& options, Precision precision) {
  if (precision == Precision::float32)
    return NetworkTraining<float>(mlp, X, y, offsets, beta).train(lambda, anchor, start, options);
  return NetworkTraining<double>(mlp, X, y, offsets, beta).train(lambda, anchor, start, options);
}

}  // namespace bopp::nn
