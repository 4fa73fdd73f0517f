// bopp/nn/mlp.hpp: a fully connected network in the NTK parameterization, its forward pass,
// its neural tangent features (the gradient of the output in the parameters) and the
// gradients in the input of the output and of a Jacobian-vector product.
#pragma once

#include <Eigen/Core>

#include <string>
#include <vector>

namespace bopp::nn {

enum class Activation { relu, erf };

// "relu" or "erf"; throws std::invalid_argument otherwise.
Activation activation_from_name(const std::string& name);

// The architecture: `depth` hidden layers of `width` units on `input_dim` inputs, one output.
// Every layer l = 1..depth+1 computes h = (σ_w/√n_{l−1}) W a + σ_b b with all entries of W and
// b standard normal at initialization (Jacot et al. 2018; the general form with biases that
// Dai et al. 2022 use through Arora et al. 2019's construction).
struct MlpShape {
  Eigen::Index input_dim = 1;
  int depth = 2;
  Eigen::Index width = 256;
  Activation activation = Activation::relu;
  double weight_std = 1.5;  // σ_w
  double bias_std = 0.05;   // σ_b
};

// What a batch forward pass keeps for the backward passes: per layer the inputs A_{l−1}
// (n_{l−1} × n, one column per point), the pre-activations H_l, and the signals
// G_l = ∂f/∂h_l (n_l × n).
struct ForwardPass {
  std::vector<Eigen::MatrixXd> inputs;           // A_0 = Xᵀ, …, A_L
  std::vector<Eigen::MatrixXd> pre_activations;  // H_1, …, H_{L+1}
  std::vector<Eigen::MatrixXd> signals;          // G_1, …, G_{L+1}; empty until backpropagated
  Eigen::VectorXd outputs;                       // f(x_j; θ)
};

// A network of a given shape; the parameters θ are a flat vector passed to every call, laid
// out layer by layer as W_l (column-major, n_l × n_{l−1}) followed by b_l.
class Mlp {
 public:
  explicit Mlp(const MlpShape& shape);

  const MlpShape& shape() const { return shape_; }
  Eigen::Index parameter_count() const { return offsets_.back(); }
  int layers() const { return shape_.depth + 1; }
  // Where layer l (1-based) starts in θ, and the widths n_l (n_0 = input_dim).
  Eigen::Index layer_offset(int l) const { return offsets_[static_cast<std::size_t>(l - 1)]; }
  Eigen::Index units(int l) const;

  // f at the rows of X.
  Eigen::VectorXd values(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const;
  // The forward pass at the rows of X with the backward signals filled in.
  ForwardPass backpropagate(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const;
  // Φᵀα = Σ_j α_j ∇θ f(x_j; θ) from a backpropagated pass, without forming Φ.
  Eigen::VectorXd pullback(const ForwardPass& pass, const Eigen::VectorXd& alpha) const;
  // The tangent features Φ (n × p): row j is ∇θ f(x_j; θ). O(np) memory: small nets only.
  Eigen::MatrixXd tangent_features(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const;
  // ⟨∇θ f(x_j; θ), v⟩ at the rows of X, by forward-mode differentiation (no p-vector per point).
  Eigen::VectorXd jacobian_vector_products(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta,
                                           const Eigen::VectorXd& v) const;
  // The empirical NTK Θ̃(x_i, z_j) = ⟨∇θ f(x_i; θ), ∇θ f(z_j; θ)⟩ from two backpropagated passes,
  // layer by layer: Σ_l (G_lᵀ G'_l) ⊙ ((σ_w²/n_{l−1}) A_{l−1}ᵀ A'_{l−1} + σ_b²), O(L n n' m).
  Eigen::MatrixXd tangent_kernel(const ForwardPass& a, const ForwardPass& b) const;
  // The same kernel split by θ's blocks, in θ's order W_1, b_1, W_2, …: the weights' part
  // (G_lᵀ G'_l) ⊙ ((σ_w²/n_{l−1}) A_{l−1}ᵀ A'_{l−1}) and the biases' part σ_b² G_lᵀ G'_l of
  // every layer. They sum to tangent_kernel up to rounding.
  std::vector<Eigen::MatrixXd> tangent_kernel_blocks(const ForwardPass& a,
                                                     const ForwardPass& b) const;

  // f(x; θ) and, when `gradient` is not null, ∂f/∂x.
  double value(const Eigen::VectorXd& x, const Eigen::VectorXd& theta,
               Eigen::VectorXd* gradient = nullptr) const;
  // J(x) = ⟨∇θ f(x; θ), v⟩ and, when `gradient` is not null, ∂J/∂x (a second-order path:
  // it needs φ'').
  double jacobian_vector_product(const Eigen::VectorXd& x, const Eigen::VectorXd& theta,
                                 const Eigen::VectorXd& v,
                                 Eigen::VectorXd* gradient = nullptr) const;

  // Per-parameter step multipliers under which gradient descent in NTK coordinates is gradient
  // descent in the standard parameterization with one learning rate: n_{l−1}/σ_w² for weights,
  // 1/σ_b² for biases (1 where σ_b = 0).
  Eigen::VectorXd standard_parameterization_steps() const;

 private:
  ForwardPass forward(const Eigen::MatrixXd& X, const Eigen::VectorXd& theta) const;
  double scale(int l) const;  // σ_w/√n_{l−1}

  MlpShape shape_;
  std::vector<Eigen::Index> offsets_;  // layer starts, then p
};

}  // namespace bopp::nn
