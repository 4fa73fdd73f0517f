#include <bopp/nn/mlp.hpp>

#include "activation.hpp"

#include <cmath>
#include <stdexcept>

namespace bopp::nn {

namespace {

using ConstMatrixMap = Eigen::Map<const Eigen::MatrixXd>;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXd>;

Eigen::MatrixXd phi(Activation a, const Eigen::MatrixXd& H) {
  Eigen::MatrixXd out(H.rows(), H.cols());
  activation::apply(a, H, out);
  return out;
}

}  // namespace

Activation activation_from_name(const std::string& name) {
  if (name == "relu") return Activation::relu;
  if (name == "erf") return Activation::erf;
  throw std::invalid_argument("activation '" + name + "': expected relu or erf");
}

Mlp::Mlp(const MlpShape& shape) : shape_(shape) {
  if (shape.input_dim < 1 || shape.depth < 0 || shape.width < 1)
    throw std::invalid_argument("Mlp: input_dim and width must be >= 1 and depth >= 0");
  Eigen::Index offset = 0;
  for (int l = 1; l <= layers(); ++l) {
    offsets_.push_back(offset);
    offset += units(l) * (units(l - 1) + 1);
  }
  offsets_.push_back(offset);
}

Eigen::Index Mlp::units(int l) const {
  if (l == 0) return shape_.input_dim;
  return l == layers() ? 1 : shape_.width;
}

double Mlp::scale(int l) const {
  return shape_.weight_std / std::sqrt(static_cast<double>(units(l - 1)));
}

ForwardPass Mlp::forward(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const {
  if (X.cols() != shape_.input_dim || theta.size() != parameter_count())
    throw std::invalid_argument("Mlp: inputs or parameters of the wrong size");
  ForwardPass pass;
  pass.inputs.push_back(X.transpose());
  for (int l = 1; l <= layers(); ++l) {
    const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
    const ConstVectorMap b(theta.data() + layer_offset(l) + W.size(), units(l));
    Eigen::MatrixXd H = scale(l) * (W * pass.inputs.back());
    H.colwise() += shape_.bias_std * b;
    if (l < layers()) pass.inputs.push_back(phi(shape_.activation, H));
    pass.pre_activations.push_back(std::move(H));
  }
  pass.outputs = pass.pre_activations.back().row(0).transpose();
  return pass;
}

Eigen::VectorXd Mlp::values(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const {
  return forward(X, theta).outputs;
}

ForwardPass Mlp::backpropagate(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const {
  ForwardPass pass = forward(X, theta);
  const auto L = static_cast<std::size_t>(layers());
  pass.signals.resize(L);
  pass.signals[L - 1] = Eigen::MatrixXd::Ones(1, X.rows());
  for (int l = layers(); l >= 2; --l) {
    const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
    const auto i = static_cast<std::size_t>(l - 1);
    Eigen::MatrixXd signal = scale(l) * (W.transpose() * pass.signals[i]);
    activation::scale_by_derivative(shape_.activation, pass.pre_activations[i - 1], signal);
    pass.signals[i - 1] = std::move(signal);
  }
  return pass;
}

Eigen::VectorXd Mlp::pullback(const ForwardPass& pass, const Eigen::VectorXd& alpha) const {
  Eigen::VectorXd out(parameter_count());
  for (int l = 1; l <= layers(); ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Eigen::MatrixXd weighted = pass.signals[i] * alpha.asDiagonal();
    Eigen::Map<Eigen::MatrixXd>(out.data() + layer_offset(l), units(l), units(l - 1)) =
        scale(l) * (weighted * pass.inputs[i].transpose());
    out.segment(layer_offset(l) + units(l) * units(l - 1), units(l)) =
        shape_.bias_std * weighted.rowwise().sum();
  }
  return out;
}

Eigen::MatrixXd Mlp::tangent_features(const Eigen::MatrixXd& X,
                                      const Eigen::VectorXd& theta) const {
  const ForwardPass pass = backpropagate(X, theta);
  Eigen::MatrixXd features(X.rows(), parameter_count());
  for (Eigen::Index j = 0; j < X.rows(); ++j)
    features.row(j) = pullback(pass, Eigen::VectorXd::Unit(X.rows(), j)).transpose();
  return features;
}

Eigen::VectorXd Mlp::jacobian_vector_products(const Eigen::MatrixXd& X,
                                              const Eigen::VectorXd& theta,
                                              const Eigen::VectorXd& v) const {
  if (v.size() != parameter_count()) throw std::invalid_argument("Mlp: tangent of the wrong size");
  const ForwardPass pass = forward(X, theta);
  Eigen::MatrixXd tangent = Eigen::MatrixXd::Zero(shape_.input_dim, X.rows());  // ȧ_0 = 0
  for (int l = 1; l <= layers(); ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
    const ConstMatrixMap V(v.data() + layer_offset(l), units(l), units(l - 1));
    const ConstVectorMap c(v.data() + layer_offset(l) + W.size(), units(l));
    Eigen::MatrixXd dH = scale(l) * (V * pass.inputs[i] + W * tangent);
    dH.colwise() += shape_.bias_std * c;
    if (l == layers()) return dH.row(0).transpose();
    activation::scale_by_derivative(shape_.activation, pass.pre_activations[i], dH);
    tangent = std::move(dH);
  }
  return {};
}

Eigen::MatrixXd Mlp::tangent_kernel(const ForwardPass& a, const ForwardPass& b) const {
  Eigen::MatrixXd K = Eigen::MatrixXd::Zero(a.outputs.size(), b.outputs.size());
  const double bias2 = shape_.bias_std * shape_.bias_std;
  for (int l = 1; l <= layers(); ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const double s2 = scale(l) * scale(l);
    const Eigen::MatrixXd inputs = (s2 * (a.inputs[i].transpose() * b.inputs[i])).array() + bias2;
    K += (a.signals[i].transpose() * b.signals[i]).cwiseProduct(inputs);
  }
  return K;
}

double Mlp::value(const Eigen::VectorXd& x, const Eigen::VectorXd& theta,
                  Eigen::VectorXd* gradient) const {
  if (gradient == nullptr) return values(x.transpose(), theta)[0];
  const ForwardPass pass = backpropagate(x.transpose(), theta);
  const ConstMatrixMap W(theta.data(), units(1), units(0));
  *gradient = scale(1) * (W.transpose() * pass.signals[0]).col(0);
  return pass.outputs[0];
}

double Mlp::jacobian_vector_product(const Eigen::VectorXd& x, const Eigen::VectorXd& theta,
                                    const Eigen::VectorXd& v, Eigen::VectorXd* gradient) const {
  if (gradient == nullptr) return jacobian_vector_products(x.transpose(), theta, v)[0];
  if (v.size() != parameter_count()) throw std::invalid_argument("Mlp: tangent of the wrong size");
  const ForwardPass pass = forward(x.transpose(), theta);
  const Activation act = shape_.activation;
  // Forward mode: ḣ_l for every layer.
  std::vector<Eigen::VectorXd> dH;
  Eigen::VectorXd tangent = Eigen::VectorXd::Zero(shape_.input_dim);
  for (int l = 1; l <= layers(); ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
    const ConstMatrixMap V(v.data() + layer_offset(l), units(l), units(l - 1));
    const ConstVectorMap c(v.data() + layer_offset(l) + W.size(), units(l));
    dH.push_back(scale(l) * (V * pass.inputs[i].col(0) + W * tangent) + shape_.bias_std * c);
    if (l < layers())
      tangent = activation::derivative(act, pass.pre_activations[i].col(0))
                    .matrix()
                    .cwiseProduct(dH.back());
  }
  // Reverse mode through both paths: r = ∂J/∂ḣ_l, s = ∂J/∂h_l.
  Eigen::VectorXd r = Eigen::VectorXd::Ones(1);
  Eigen::VectorXd s = Eigen::VectorXd::Zero(1);
  for (int l = layers(); l >= 1; --l) {
    const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
    const ConstMatrixMap V(v.data() + layer_offset(l), units(l), units(l - 1));
    const Eigen::VectorXd e = scale(l) * (W.transpose() * r);
    const Eigen::VectorXd q = scale(l) * (V.transpose() * r + W.transpose() * s);
    if (l == 1) {
      *gradient = q;
      break;
    }
    const auto below = static_cast<std::size_t>(l - 2);
    const Eigen::VectorXd h = pass.pre_activations[below].col(0);
    const Eigen::VectorXd d1 = activation::derivative(act, h).matrix();
    const Eigen::VectorXd d2 = activation::second_derivative(act, h).matrix();
    r = d1.cwiseProduct(e);
    s = d1.cwiseProduct(q) + d2.cwiseProduct(dH[below]).cwiseProduct(e);
  }
  return dH.back()[0];
}

Eigen::VectorXd Mlp::standard_parameterization_steps() const {
  Eigen::VectorXd steps(parameter_count());
  const double bias_step = shape_.bias_std > 0 ? 1.0 / (shape_.bias_std * shape_.bias_std) : 1.0;
  for (int l = 1; l <= layers(); ++l) {
    const Eigen::Index weights = units(l) * units(l - 1);
    const double w2 = shape_.weight_std * shape_.weight_std;
    steps.segment(layer_offset(l), weights).setConstant(static_cast<double>(units(l - 1)) / w2);
    steps.segment(layer_offset(l) + weights, units(l)).setConstant(bias_step);
  }
  return steps;
}

}  // namespace bopp::nn
