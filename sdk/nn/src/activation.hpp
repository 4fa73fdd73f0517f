// Private to bopp::nn: the activations φ, φ' and φ'' applied to whole arrays of pre-activations,
// as Eigen expressions the compiler vectorizes (ReLU through max and a branch-free select, erf's
// derivatives through Eigen's vectorized exp); no call per element.
#pragma once

#include <bopp/nn/mlp.hpp>

#include <cmath>
#include <numbers>

namespace bopp::nn::activation {

// out = φ(H).
template <class Out, class In>
void apply(Activation a, const In& H, Out&& out) {
  using Scalar = typename In::Scalar;
  if (a == Activation::relu) {
    out.array() = H.array().max(Scalar(0));
  } else {
    out.array() = H.array().unaryExpr([](Scalar z) { return std::erf(z); });
  }
}

// T ← φ'(H) ⊙ T, the backward signal through the activation.
template <class InOut, class In>
void scale_by_derivative(Activation a, const In& H, InOut&& T) {
  using Scalar = typename In::Scalar;
  if (a == Activation::relu) {
    // A lambda rather than Eigen's select, which is evaluated one coefficient at a time.
    T.array() = T.array().binaryExpr(
        H.array(), [](Scalar t, Scalar h) { return h > Scalar(0) ? t : Scalar(0); });
  } else {
    const auto c = static_cast<Scalar>(2.0 / std::sqrt(std::numbers::pi));
    T.array() *= c * (-H.array().square()).exp();
  }
}

// T ← φ''(H) ⊙ T: ReLU'' is 0 almost everywhere; erf''(z) = −(4z/√π) e^{−z²}.
template <class InOut, class In>
void scale_by_second_derivative(Activation a, const In& H, InOut&& T) {
  using Scalar = typename In::Scalar;
  if (a == Activation::relu) {
    T.setZero();
  } else {
    const auto c = static_cast<Scalar>(-4.0 / std::sqrt(std::numbers::pi));
    T.array() *= c * H.array() * (-H.array().square()).exp();
  }
}

// φ'(H) as an array.
template <class In>
auto derivative(Activation a, const In& H) {
  using Scalar = typename In::Scalar;
  using Plain = Eigen::Array<Scalar, In::RowsAtCompileTime, In::ColsAtCompileTime>;
  Plain out = Plain::Ones(H.rows(), H.cols());
  scale_by_derivative(a, H, out.matrix());
  return out;
}

// φ''(H) as an array: ReLU'' is 0 almost everywhere; erf''(z) = −(4z/√π) e^{−z²}.
template <class In>
auto second_derivative(Activation a, const In& H) {
  using Scalar = typename In::Scalar;
  using Plain = Eigen::Array<Scalar, In::RowsAtCompileTime, In::ColsAtCompileTime>;
  if (a == Activation::relu) return Plain(Plain::Zero(H.rows(), H.cols()));
  const auto c = static_cast<Scalar>(-4.0 / std::sqrt(std::numbers::pi));
  return Plain(c * H.array() * (-H.array().square()).exp());
}

}  // namespace bopp::nn::activation
