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

  // The terms at the first k columns of inputs_ (a block), added into block_out_.
  void network_block(Eigen::Index k);
  void tangent_block(Eigen::Index k);
  // The terms at the point in column 0 of a_, with ∂/∂u added into du_ when `gradient`.
  Scalar network_point(bool gradient);
  Scalar tangent_point(bool gradient);

  Mlp mlp_;
  Scalar beta_;
  std::vector<Layer> network_, base_, tangent_;  // empty when the term is absent
  // Blocks of points: the inputs, a layer's activations and tangents, pre-activations and
  // their tangents (rows: the widest layer; columns: the points of a block).
  Matrix inputs_, A_, T_, H_, dH_;
  Vector block_out_;
  // One point: every layer's activations a_l, pre-activations h_l and tangents ḣ_l as columns,
  // and the reverse-mode vectors.
  Matrix a_, h_, dh_;
  Vector t_, r_, s_, e_, q_, du_;
};

extern template class NetworkFunction<float>;
extern template class NetworkFunction<double>;

}  // namespace bopp::nn
