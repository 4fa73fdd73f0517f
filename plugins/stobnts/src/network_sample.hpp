// One trained Thompson draw as an acquisition on the problem's box: the network f(u; θ), a
// tangent term ⟨∇θ f(u; base), v⟩, or both, times β, with u = x scaled into the unit cube.
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/nn/mlp.hpp>

#include <optional>

namespace bopp::stobnts {

// ⟨∇θ f(u; base), tangent⟩, a Jacobian-vector product of the network at `base`.
struct TangentTerm {
  Eigen::VectorXd base;
  Eigen::VectorXd tangent;
};

class NetworkSample : public bo::Acquisition {
 public:
  // sto-bnts: network θ and the tangent offset (θ0, θ0'); deep-ensemble: network θ only;
  // sto-bnts-linear: the tangent term (θ0', θ*) only.
  NetworkSample(const nn::Mlp& mlp, double beta, const Eigen::VectorXd& lower,
                const Eigen::VectorXd& upper, std::optional<Eigen::VectorXd> network,
                std::optional<TangentTerm> tangent);

  Eigen::Index dim() const override { return lower_.size(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;

  // The rows of X scaled into the unit cube, as the network sees them.
  Eigen::MatrixXd to_unit(const Eigen::MatrixXd& X) const;

 private:
  nn::Mlp mlp_;
  double beta_;
  Eigen::VectorXd lower_, widths_;
  std::optional<Eigen::VectorXd> network_;
  std::optional<TangentTerm> tangent_;
};

}  // namespace bopp::stobnts
