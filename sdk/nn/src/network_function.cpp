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
  inputs_.resize(mlp.shape().input_dim, points_in_a_block);
  for (Matrix* m : {&A_, &T_, &H_, &dH_}) m->resize(rows, points_in_a_block);
  block_out_.resize(points_in_a_block);
  kept_a_.resize(static_cast<std::size_t>(mlp.layers()));
  kept_h_.resize(static_cast<std::size_t>(mlp.layers()));
  kept_dh_.resize(static_cast<std::size_t>(mlp.layers()));
}

template <class Scalar>
void NetworkFunction<Scalar>::reserve_gradients(Eigen::Index k) {
  if (R_.cols() >= k) return;
  const Eigen::Index rows = std::max(mlp_.shape().input_dim, mlp_.shape().width);
  for (std::vector<Matrix>* layers : {&kept_a_, &kept_h_, &kept_dh_})
    for (Matrix& m : *layers) m.resize(rows, k);
  for (Matrix* m : {&R_, &S_, &E_, &Q_}) m->resize(rows, k);
  dU_.resize(input_dim(), k);
}

template <class Scalar>
void NetworkFunction<Scalar>::network_block(Eigen::Index k, bool gradient) {
  const int L = mlp_.layers();
  const Activation act = mlp_.shape().activation;
  for (int l = 1; l <= L; ++l) {
    const Layer& p = network_[static_cast<std::size_t>(l - 1)];
    auto h = pre_activations(l, gradient).topLeftCorner(mlp_.units(l), k);
    h.noalias() = p.weights * activations(l - 1, gradient).topLeftCorner(mlp_.units(l - 1), k);
    h.colwise() += p.bias;
    if (l < L) activation::apply(act, h, activations(l, gradient).topLeftCorner(mlp_.units(l), k));
  }
  block_out_.head(k) += pre_activations(L, gradient).row(0).head(k).transpose();
  if (!gradient) return;
  // R = ∂f/∂a_l, from the output down: R ← W_lᵀ (φ'(h_l) ⊙ R).
  R_.topLeftCorner(mlp_.units(L - 1), k) =
      network_.back().weights.row(0).transpose().replicate(1, k);
  for (int l = L - 1; l >= 1; --l) {
    const Layer& p = network_[static_cast<std::size_t>(l - 1)];
    auto r = R_.topLeftCorner(mlp_.units(l), k);
    activation::scale_by_derivative(act, pre_activations(l, true).topLeftCorner(mlp_.units(l), k),
                                    r);
    S_.topLeftCorner(mlp_.units(l - 1), k).noalias() = p.weights.transpose() * r;
    R_.swap(S_);
  }
  dU_.leftCols(k) += R_.topLeftCorner(input_dim(), k);
}

template <class Scalar>
void NetworkFunction<Scalar>::tangent_block(Eigen::Index k, bool gradient) {
  const int L = mlp_.layers();
  const Activation act = mlp_.shape().activation;
  for (int l = 1; l <= L; ++l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Layer &B = base_[i], &V = tangent_[i];
    const auto a = activations(l - 1, gradient).topLeftCorner(mlp_.units(l - 1), k);
    // ḣ_l = V_l a_{l−1} + W_l ȧ_{l−1} + c_l (scaled), with ȧ_0 = 0.
    auto dh = tangents(l, gradient).topLeftCorner(mlp_.units(l), k);
    dh.noalias() = V.weights * a;
    if (l > 1) dh.noalias() += B.weights * T_.topLeftCorner(mlp_.units(l - 1), k);
    dh.colwise() += V.bias;
    if (l == L) break;
    auto h = pre_activations(l, gradient).topLeftCorner(mlp_.units(l), k);
    h.noalias() = B.weights * a;
    h.colwise() += B.bias;
    // ȧ_l = φ'(h_l) ⊙ ḣ_l, a_l = φ(h_l).
    auto t = T_.topLeftCorner(mlp_.units(l), k);
    t = dh;
    activation::scale_by_derivative(act, h, t);
    activation::apply(act, h, activations(l, gradient).topLeftCorner(mlp_.units(l), k));
  }
  block_out_.head(k) += tangents(L, gradient).row(0).head(k).transpose();
  if (!gradient) return;
  // Reverse mode through both paths of J = ḣ_{L+1}: with R = ∂J/∂ḣ_l and S = ∂J/∂h_l,
  // E = W_lᵀ R and Q = V_lᵀ R + W_lᵀ S go one layer down; R = φ'(h) ⊙ E and
  // S = φ'(h) ⊙ Q + φ''(h) ⊙ ḣ ⊙ E (the second-order path). At the output R = 1, S = 0.
  E_.topLeftCorner(mlp_.units(L - 1), k) = base_.back().weights.row(0).transpose().replicate(1, k);
  Q_.topLeftCorner(mlp_.units(L - 1), k) =
      tangent_.back().weights.row(0).transpose().replicate(1, k);
  for (int l = L - 1; l >= 1; --l) {
    const auto i = static_cast<std::size_t>(l - 1);
    const Eigen::Index m = mlp_.units(l);
    const auto h = pre_activations(l, true).topLeftCorner(m, k);
    auto r = R_.topLeftCorner(m, k), s = S_.topLeftCorner(m, k), second = T_.topLeftCorner(m, k);
    r = E_.topLeftCorner(m, k);
    activation::scale_by_derivative(act, h, r);
    s = Q_.topLeftCorner(m, k);
    activation::scale_by_derivative(act, h, s);
    if (act != Activation::relu) {  // ReLU'' = 0
      second = tangents(l, true).topLeftCorner(m, k).cwiseProduct(E_.topLeftCorner(m, k));
      activation::scale_by_second_derivative(act, h, second);
      s += second;
    }
    const Eigen::Index below = mlp_.units(l - 1);
    E_.topLeftCorner(below, k).noalias() = base_[i].weights.transpose() * r;
    Q_.topLeftCorner(below, k).noalias() = tangent_[i].weights.transpose() * r;
    Q_.topLeftCorner(below, k).noalias() += base_[i].weights.transpose() * s;
  }
  dU_.leftCols(k) += Q_.topLeftCorner(input_dim(), k);
}

template <class Scalar>
void NetworkFunction<Scalar>::evaluate_block(Eigen::Index k, bool gradient) {
  if (gradient) {
    reserve_gradients(k);
    dU_.leftCols(k).setZero();
  }
  block_out_.head(k).setZero();
  if (!network_.empty()) network_block(k, gradient);
  if (!tangent_.empty()) tangent_block(k, gradient);
}

template <class Scalar>
void NetworkFunction<Scalar>::values(const Eigen::Ref<const Eigen::MatrixXd>& U,
                                     Eigen::Ref<Eigen::VectorXd> out) {
  if (U.cols() != input_dim() || out.size() != U.rows())
    throw std::invalid_argument("NetworkFunction: inputs or outputs of the wrong size");
  for (Eigen::Index first = 0; first < U.rows(); first += points_in_a_block) {
    const Eigen::Index k = std::min(points_in_a_block, U.rows() - first);
    inputs_.leftCols(k) = U.middleRows(first, k).transpose().template cast<Scalar>();
    evaluate_block(k, false);
    block_out_.head(k) *= beta_;
    out.segment(first, k) = block_out_.head(k).template cast<double>();
  }
}

template <class Scalar>
void NetworkFunction<Scalar>::values_and_gradients(const Eigen::Ref<const Eigen::MatrixXd>& U,
                                                   Eigen::Ref<Eigen::VectorXd> out,
                                                   Eigen::MatrixXd& gradients) {
  if (U.cols() != input_dim() || out.size() != U.rows())
    throw std::invalid_argument("NetworkFunction: inputs or outputs of the wrong size");
  gradients.resize(U.rows(), U.cols());
  for (Eigen::Index first = 0; first < U.rows(); first += points_in_a_block) {
    const Eigen::Index k = std::min(points_in_a_block, U.rows() - first);
    inputs_.leftCols(k) = U.middleRows(first, k).transpose().template cast<Scalar>();
    evaluate_block(k, true);
    out.segment(first, k) = (beta_ * block_out_.head(k)).template cast<double>();
    gradients.middleRows(first, k) = (beta_ * dU_.leftCols(k)).transpose().template cast<double>();
  }
}

template <class Scalar>
double NetworkFunction<Scalar>::value(const Eigen::VectorXd& u, Eigen::VectorXd* gradient) {
  if (u.size() != input_dim()) throw std::invalid_argument("NetworkFunction: input of wrong size");
  inputs_.col(0) = u.template cast<Scalar>();
  evaluate_block(1, gradient != nullptr);
  if (gradient != nullptr) {
    gradient->resize(input_dim());
    *gradient = (beta_ * dU_.col(0)).template cast<double>();
  }
  return static_cast<double>(beta_ * block_out_(0));
}

template class NetworkFunction<float>;
template class NetworkFunction<double>;

}  // namespace bopp::nn
