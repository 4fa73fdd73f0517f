// μ + √β σ on the Nyström GP of model = "inducing" (bopp/bo/nystrom_gp.hpp), the UCB that
// Algorithm 1 maximizes, read from the theory's approximation instead of the subset's GP.
#pragma once

#include <bopp/bo/acquisition.hpp>
#include <bopp/bo/nystrom_gp.hpp>

namespace bopp::gssbo {

class InducingUcb : public bo::Acquisition {
 public:
  // Keeps a reference: `gp` must outlive the acquisition.
  InducingUcb(const bo::NystromGp& gp, double beta);

  Eigen::Index dim() const override { return gp_.dim(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;

 private:
  const bo::NystromGp& gp_;
  double sqrt_beta_;
};

}  // namespace bopp::gssbo
