#include <bopp/nn/mlp.hpp>

#include "activation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bopp::nn {

namespace {

using ConstMatrixMap = Eigen::Map<const Eigen::MatrixXd>;
using ConstVectorMap = Eigen::Map<const Eigen::VectorXd>;

// Batch passes go through the points in blocks, on buffers allocated once per call: a block's
// activations stay in cache, and no block allocates.
constexpr Eigen::Index points_per_block = 256;

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
  if (X.cols() != shape_.input_dim || theta.size() != parameter_count())
    throw std::invalid_argument("Mlp: inputs or parameters of the wrong size");
  const Eigen::Index rows = std::max(shape_.input_dim, shape_.width);
  const Eigen::Index block = std::min(X.rows(), points_per_block);
  Eigen::MatrixXd A(rows, block), H(rows, block);  // a layer's input and pre-activations
  Eigen::VectorXd out(X.rows());
  for (Eigen::Index first = 0; first < X.rows(); first += block) {
    const Eigen::Index k = std::min(block, X.rows() - first);
    A.topLeftCorner(units(0), k) = X.middleRows(first, k).transpose();
    for (int l = 1; l <= layers(); ++l) {
      const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
      const ConstVectorMap b(theta.data() + layer_offset(l) + W.size(), units(l));
      auto h = H.topLeftCorner(units(l), k);
      h.noalias() = scale(l) * (W * A.topLeftCorner(units(l - 1), k));
      h.colwise() += shape_.bias_std * b;
      if (l < layers()) activation::apply(shape_.activation, h, A.topLeftCorner(units(l), k));
    }
    out.segment(first, k) = H.row(0).head(k).transpose();
  }
  return out;
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
  if (X.cols() != shape_.input_dim || theta.size() != parameter_count())
    throw std::invalid_argument("Mlp: inputs or parameters of the wrong size");
  if (v.size() != parameter_count()) throw std::invalid_argument("Mlp: tangent of the wrong size");
  const Eigen::Index rows = std::max(shape_.input_dim, shape_.width);
  const Eigen::Index block = std::min(X.rows(), points_per_block);
  // A layer's input a and its tangent ȧ, its pre-activations h and their tangent ḣ.
  Eigen::MatrixXd A(rows, block), T(rows, block), H(rows, block), dH(rows, block);
  Eigen::VectorXd out(X.rows());
  for (Eigen::Index first = 0; first < X.rows(); first += block) {
    const Eigen::Index k = std::min(block, X.rows() - first);
    A.topLeftCorner(units(0), k) = X.middleRows(first, k).transpose();
    for (int l = 1; l <= layers(); ++l) {
      const ConstMatrixMap W(theta.data() + layer_offset(l), units(l), units(l - 1));
      const ConstVectorMap b(theta.data() + layer_offset(l) + W.size(), units(l));
      const ConstMatrixMap V(v.data() + layer_offset(l), units(l), units(l - 1));
      const ConstVectorMap c(v.data() + layer_offset(l) + W.size(), units(l));
      const auto a = A.topLeftCorner(units(l - 1), k);
      auto dh = dH.topLeftCorner(units(l), k);
      // ḣ_l = s_l (V_l a_{l−1} + W_l ȧ_{l−1}) + σ_b c_l, with ȧ_0 = 0.
      dh.noalias() = scale(l) * (V * a);
      if (l > 1) dh.noalias() += scale(l) * (W * T.topLeftCorner(units(l - 1), k));
      dh.colwise() += shape_.bias_std * c;
      if (l == layers()) break;
      auto h = H.topLeftCorner(units(l), k);
      h.noalias() = scale(l) * (W * a);
      h.colwise() += shape_.bias_std * b;
      // ȧ_l = φ'(h_l) ⊙ ḣ_l, a_l = φ(h_l).
      auto t = T.topLeftCorner(units(l), k);
      t = dh;
      activation::scale_by_derivative(shape_.activation, h, t);
      activation::apply(shape_.activation, h, A.topLeftCorner(units(l), k));
    }
    out.segment(first, k) = dH.row(0).head(k).transpose();
  }
  return out;
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

std::vector<Eigen::MatrixXd> Mlp::tangent_kernel_blocks(const ForwardPass& a,
                                                        const ForwardPass& b) const {
  std::vector<Eigen::MatrixXd> blocks;
  const double bias2 = shape_.bias_std * shape_.bias_std;
  for (int l = 1; l <= layers(); ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Eigen::MatrixXd signals = a.signals[i].transpose() * b.signals[i];
    const double s2 = scale(l) * scale(l);
    blocks.push_back(signals.cwiseProduct(s2 * (a.inputs[i].transpose() * b.inputs[i])));
    blocks.push_back(bias2 * signals);
  }
  return blocks;
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
