// One trained Thompson draw as an acquisition on the problem's box: the network f(u; θ), a
// tangent term ⟨∇θ f(u; base), v⟩, or both, times β, with u = x scaled into the unit cube.
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/nn/mlp.hpp>
#include <bopp/nn/network_function.hpp>
#include <bopp/nn/network_training.hpp>

#include <optional>

namespace bopp::stobnts {

// ⟨∇θ f(u; base), tangent⟩, a Jacobian-vector product of the network at `base`.
struct TangentTerm {
  Eigen::VectorXd base;
  Eigen::VectorXd tangent;
};

// values and value are in double; search_values in the precision the draw was trained in. The
// evaluations reuse the draw's workspaces (allocated here), so one draw is not for concurrent use.
class NetworkSample : public bo::Acquisition {
 public:
  // sto-bnts: network θ and the tangent offset (θ0, θ0'); deep-ensemble: network θ only;
  // sto-bnts-linear: the tangent term (θ0', θ*) only.
  NetworkSample(const nn::Mlp& mlp, double beta, const Eigen::VectorXd& lower,
                const Eigen::VectorXd& upper, const std::optional<Eigen::VectorXd>& network,
                const std::optional<TangentTerm>& tangent,
                nn::Precision search_precision = nn::Precision::float64);

  Eigen::Index dim() const override { return lower_.size(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  // Allocates nothing once x and the gradient have the problem's dimension (the L-BFGS runs).
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;
  // values(X) and ∂/∂x at each row (the rows of `gradients`), in double: the L-BFGS runs of a
  // search, in lockstep.
  void values_and_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& out,
                            Eigen::MatrixXd& gradients) const;
  // The values by which a search ranks its points (in float, about twice the speed).
  Eigen::VectorXd search_values(const Eigen::MatrixXd& X) const;

 private:
  Eigen::VectorXd lower_, upper_, widths_;
  mutable nn::NetworkFunction<double> exact_;
  mutable std::optional<nn::NetworkFunction<float>> fast_;  // with search_precision float
  mutable Eigen::VectorXd u_;                               // x in the unit cube
};

// The rows of X scaled from the box [lower, upper] into the unit cube, as the network sees them.
Eigen::MatrixXd unit_rows(const Eigen::MatrixXd& X, const Eigen::VectorXd& lower,
                          const Eigen::VectorXd& upper);

}  // namespace bopp::stobnts
