// bopp/nn/network_function.hpp: a trained sample-then-optimize draw as a function of its input,
// g(u) = β [f(u; θ) + ⟨∇θ f(u; θ0), v⟩] with either term optional, evaluated on workspaces
// allocated with it: at many points in blocks (a draw's search) and at one point with its input
// gradient (the L-BFGS runs that refine the search), neither allocating once set up.
#pragma once

#include <bopp/nn/mlp.hpp>

#include <vector>

namespace bopp::nn {

// Scalar is float or double: the parameters are converted once, and every product runs in it.
// The evaluations write into the function's workspace, so one object is not for concurrent use.
template <class Scalar>
class NetworkFunction {
 public:
  using Matrix = Eigen::Matrix<Scalar, Eigen::Dynamic, Eigen::Dynamic>;
  using Vector = Eigen::Matrix<Scalar, Eigen::Dynamic, 1>;

  // `network` is θ, empty for no network term; `base` and `tangent` are θ0 and v, both empty for
  // no tangent term. Each given vector has mlp.parameter_count() entries.
  NetworkFunction(const Mlp& mlp, double beta, const Eigen::VectorXd& network,
                  const Eigen::VectorXd& base, const Eigen::VectorXd& tangent);

  Eigen::Index input_dim() const { return mlp_.shape().input_dim; }

  // g at the rows of U, written into `out` (U.rows() entries).
  void values(const Eigen::Ref<const Eigen::MatrixXd>& U, Eigen::Ref<Eigen::VectorXd> out);

  // g at the rows of U and ∂g/∂u at each, as the rows of `gradients` (resized to U's shape):
  // the L-BFGS runs of a search, in lockstep. Allocates once per larger number of rows.
  void values_and_gradients(const Eigen::Ref<const Eigen::MatrixXd>& U,
                            Eigen::Ref<Eigen::VectorXd> out, Eigen::MatrixXd& gradients);

  // g(u) and, when `gradient` is not null, ∂g/∂u written into it (sized like u, or resized
  // once).
  double value(const Eigen::VectorXd& u, Eigen::VectorXd* gradient = nullptr);

 private:
  // One layer's parameters, scaled as the layer uses them: s_l W_l and σ_b b_l.
  struct Layer {
    Matrix weights;
    Vector bias;
  };
  static std::vector<Layer> scaled_layers(const Mlp& mlp, const Eigen::VectorXd& theta);

  // g (unscaled by β) at the first k columns of inputs_ into block_out_, and with `gradient` its
  // ∂/∂u into dU_.
  void evaluate_block(Eigen::Index k, bool gradient);
  // The terms at the first k columns of inputs_ (a block), added into block_out_. With
  // `gradient`, the layers are kept for the backward pass, whose ∂/∂u is added into dU_.
  void network_block(Eigen::Index k, bool gradient);
  void tangent_block(Eigen::Index k, bool gradient);
  // Where layer l's activations a_l, pre-activations h_l and tangents ḣ_l go: one buffer each
  // for a pass that only needs values, one per layer for a pass with a backward pass after it.
  Matrix& activations(int l, bool kept) { return l == 0 ? inputs_ : kept ? kept_a_[l] : A_; }
  Matrix& pre_activations(int l, bool kept) { return kept ? kept_h_[l - 1] : H_; }
  Matrix& tangents(int l, bool kept) { return kept ? kept_dh_[l - 1] : dH_; }
  // The kept layers and reverse-mode buffers for blocks of up to k points.
  void reserve_gradients(Eigen::Index k);

  Mlp mlp_;
  Scalar beta_;
  std::vector<Layer> network_, base_, tangent_;  // empty when the term is absent
  // Blocks of points (rows: the widest layer; columns: the points of a block): the inputs, a
  // layer's activations and tangents ȧ, pre-activations and their tangents.
  Matrix inputs_, A_, T_, H_, dH_;
  Vector block_out_;
  // For gradients: every layer's a_l (index l = 1 … L−1), h_l and ḣ_l (index l − 1), the
  // reverse-mode matrices, and ∂g/∂u (a column per point).
  std::vector<Matrix> kept_a_, kept_h_, kept_dh_;
  Matrix R_, S_, E_, Q_, dU_;
};

extern template class NetworkFunction<float>;
extern template class NetworkFunction<double>;

}  // namespace bopp::nn
