#include <bopp/nn/network_function.hpp>

#include "activation.hpp"

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::nn {

namespace {

// The points of a search go through the layers in blocks: a block's activations stay in cache.
constexpr Eigen::Index points_in_a_block = 256;

}  // namespace

template <class Scalar>
std::vector<typename NetworkFunction<Scalar>::Layer> NetworkFunction<Scalar>::scaled_layers(
    const Mlp& mlp, const Eigen::VectorXd& theta) {
  if (theta.size() != mlp.parameter_count())
    throw std::invalid_argument("NetworkFunction: parameters of the wrong size");
  std::vector<Layer> layers;
  for (int l = 1; l <= mlp.layers(); ++l) {
    const Eigen::Index rows = mlp.units(l), cols = mlp.units(l - 1);
    const double scale = mlp.shape().weight_std / std::sqrt(static_cast<double>(cols));
    const Eigen::Map<const Eigen::MatrixXd> W(theta.data() + mlp.layer_offset(l), rows, cols);
    const Eigen::Map<const Eigen::VectorXd> b(theta.data() + mlp.layer_offset(l) + W.size(), rows);
    layers.push_back(
        {(scale * W).template cast<Scalar>(), (mlp.shape().bias_std * b).template cast<Scalar>()});
  }
  return layers;
}

template <class Scalar>
NetworkFunction<Scalar>::NetworkFunction(const Mlp& mlp, double beta,
                                         const Eigen::VectorXd& network,
                                         const Eigen::VectorXd& base,
                                         const Eigen::VectorXd& tangent)
    : mlp_(mlp), beta_(static_cast<Scalar>(beta)) {
  if (network.size() != 0) network_ = scaled_layers(mlp, network);
  if (base.size() != 0 || tangent.size() != 0) {
    base_ = scaled_layers(mlp, base);
    tangent_ = scaled_layers(mlp, tangent);
  }
  const Eigen::Index rows = std::max(mlp.shape().input_dim, mlp.shape().width);
  const Eigen::Index columns = mlp.layers();  // a_0 … a_L; h and ḣ of layers 1 … L+1
  inputs_.resize(mlp.shape().input_dim, points_in_a_block);
  for (Matrix* m : {&A_, &T_, &H_, &dH_}) m->resize(rows, points_in_a_block);
  block_out_.resize(points_in_a_block);
  for (Matrix* m : {&a_, &h_, &dh_}) m->resize(rows, columns);
  for (Vector* v : {&t_, &r_, &s_, &e_, &q_, &du_}) v->resize(rows);
}

template <class Scalar>
void NetworkFunction<Scalar>::network_block(Eigen::Index k) {
  const int L = mlp_.layers();
  for (int l = 1; l <= L; ++l) {
    const Layer& p = network_[static_cast<std::size_t>(l - 1)];
    const Matrix& below = l == 1 ? inputs_ : A_;
    auto h = H_.topLeftCorner(mlp_.units(l), k);
    h.noalias() = p.weights * below.topLeftCorner(mlp_.units(l - 1), k);
    h.colwise() += p.bias;
    if (l < L) activation::apply(mlp_.shape().activation, h, A_.topLeftCorner(mlp_.units(l), k));
  }
  block_out_.head(k) += H_.row(0).head(k).transpose();
}

template <class Scalar>
void NetworkFunction<Scalar>::tangent_block(Eigen::Index k) {
  const int L = mlp_.layers();
  for (int l = 1; l <= L; ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Layer &B = base_[i], &V = tangent_[i];
    const Matrix& below = l == 1 ? inputs_ : A_;
    const auto a = below.topLeftCorner(mlp_.units(l - 1), k);
    // ḣ_l = V_l a_{l−1} + W_l ȧ_{l−1} + c_l (scaled), with ȧ_0 = 0.
    auto dh = dH_.topLeftCorner(mlp_.units(l), k);
    dh.noalias() = V.weights * a;
    if (l > 1) dh.noalias() += B.weights * T_.topLeftCorner(mlp_.units(l - 1), k);
    dh.colwise() += V.bias;
    if (l == L) break;
    auto h = H_.topLeftCorner(mlp_.units(l), k);
    h.noalias() = B.weights * a;
    h.colwise() += B.bias;
    // ȧ_l = φ'(h_l) ⊙ ḣ_l, a_l = φ(h_l).
    auto t = T_.topLeftCorner(mlp_.units(l), k);
    t = dh;
    activation::scale_by_derivative(mlp_.shape().activation, h, t);
    activation::apply(mlp_.shape().activation, h, A_.topLeftCorner(mlp_.units(l), k));
  }
  block_out_.head(k) += dH_.row(0).head(k).transpose();
}

template <class Scalar>
void NetworkFunction<Scalar>::values(const Eigen::Ref<const Eigen::MatrixXd>& U,
                                     Eigen::Ref<Eigen::VectorXd> out) {
  if (U.cols() != input_dim() || out.size() != U.rows())
    throw std::invalid_argument("NetworkFunction: inputs or outputs of the wrong size");
  for (Eigen::Index first = 0; first < U.rows(); first += points_in_a_block) {
    const Eigen::Index k = std::min(points_in_a_block, U.rows() - first);
    inputs_.leftCols(k) = U.middleRows(first, k).transpose().template cast<Scalar>();
    block_out_.head(k).setZero();
    if (!network_.empty()) network_block(k);
    if (!tangent_.empty()) tangent_block(k);
    block_out_.head(k) *= beta_;
    out.segment(first, k) = block_out_.head(k).template cast<double>();
  }
}

template <class Scalar>
Scalar NetworkFunction<Scalar>::network_point(bool gradient) {
  const int L = mlp_.layers();
  const Activation act = mlp_.shape().activation;
  for (int l = 1; l <= L; ++l) {
    const Layer& p = network_[static_cast<std::size_t>(l - 1)];
    auto h = h_.col(l - 1).head(mlp_.units(l));
    h.noalias() = p.weights * a_.col(l - 1).head(mlp_.units(l - 1));
    h += p.bias;
    if (l < L) activation::apply(act, h, a_.col(l).head(mlp_.units(l)));
  }
  if (gradient) {
    // r = ∂f/∂a_{l}, from the output down: r ← W_lᵀ (φ'(h_l) ⊙ r).
    r_.head(mlp_.units(L - 1)) = network_.back().weights.row(0).transpose();
    for (int l = L - 1; l >= 1; --l) {
      const Layer& p = network_[static_cast<std::size_t>(l - 1)];
      auto r = r_.head(mlp_.units(l));
      activation::scale_by_derivative(act, h_.col(l - 1).head(mlp_.units(l)), r);
      s_.head(mlp_.units(l - 1)).noalias() = p.weights.transpose() * r;
      r_.swap(s_);
    }
    du_.head(input_dim()) += r_.head(input_dim());
  }
  return h_(0, L - 1);
}

template <class Scalar>
Scalar NetworkFunction<Scalar>::tangent_point(bool gradient) {
  const int L = mlp_.layers();
  const Activation act = mlp_.shape().activation;
  for (int l = 1; l <= L; ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Layer &B = base_[i], &V = tangent_[i];
    const auto a = a_.col(l - 1).head(mlp_.units(l - 1));
    auto dh = dh_.col(l - 1).head(mlp_.units(l));
    dh.noalias() = V.weights * a;
    if (l > 1) dh.noalias() += B.weights * t_.head(mlp_.units(l - 1));
    dh += V.bias;
    if (l == L) break;
    auto h = h_.col(l - 1).head(mlp_.units(l));
    h.noalias() = B.weights * a;
    h += B.bias;
    auto t = t_.head(mlp_.units(l));
    t = dh;
    activation::scale_by_derivative(act, h, t);
    activation::apply(act, h, a_.col(l).head(mlp_.units(l)));
  }
  if (gradient) {
    // Reverse mode through both paths of J = ḣ_{L+1}: with r = ∂J/∂ḣ_l and s = ∂J/∂h_l,
    // e = W_lᵀ r and q = V_lᵀ r + W_lᵀ s go one layer down; r = φ'(h) ⊙ e and
    // s = φ'(h) ⊙ q + φ''(h) ⊙ ḣ ⊙ e (the second-order path). At the output r = 1, s = 0.
    e_.head(mlp_.units(L - 1)) = base_.back().weights.row(0).transpose();
    q_.head(mlp_.units(L - 1)) = tangent_.back().weights.row(0).transpose();
    for (int l = L - 1; l >= 1; --l) {
      const auto i = static_cast<std::size_t>(l - 1);
      const Eigen::Index m = mlp_.units(l);
      const auto h = h_.col(l - 1).head(m);
      auto r = r_.head(m), s = s_.head(m), second = t_.head(m);
      r = e_.head(m);
      activation::scale_by_derivative(act, h, r);
      s = q_.head(m);
      activation::scale_by_derivative(act, h, s);
      if (act != Activation::relu) {  // ReLU'' = 0
        second = dh_.col(l - 1).head(m).cwiseProduct(e_.head(m));
        activation::scale_by_second_derivative(act, h, second);
        s += second;
      }
      const Eigen::Index below = mlp_.units(l - 1);
      e_.head(below).noalias() = base_[i].weights.transpose() * r;
      q_.head(below).noalias() = tangent_[i].weights.transpose() * r;
      q_.head(below).noalias() += base_[i].weights.transpose() * s;
    }
    du_.head(input_dim()) += q_.head(input_dim());
  }
  return dh_(0, L - 1);
}

template <class Scalar>
double NetworkFunction<Scalar>::value(const Eigen::VectorXd& u, Eigen::VectorXd* gradient) {
  if (u.size() != input_dim()) throw std::invalid_argument("NetworkFunction: input of wrong size");
  a_.col(0).head(input_dim()) = u.template cast<Scalar>();
  du_.head(input_dim()).setZero();
  Scalar out = 0;
  if (!network_.empty()) out += network_point(gradient != nullptr);
  if (!tangent_.empty()) out += tangent_point(gradient != nullptr);
  if (gradient != nullptr) {
    gradient->resize(input_dim());
    *gradient = (beta_ * du_.head(input_dim())).template cast<double>();
  }
  return static_cast<double>(beta_ * out);
}

template class NetworkFunction<float>;
template class NetworkFunction<double>;

}  // namespace bopp::nn
