// bopp/bo/acquisition.hpp: acquisition functions and their gradients in x.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/posterior_batch.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// A function of x to be maximized to choose where to evaluate next. x is in the user's
// units (the GP's box). Implementations keep references to what they were built from
// (a GP must outlive the acquisitions made from it).
class Acquisition {
 public:
  virtual ~Acquisition() = default;
  virtual Eigen::Index dim() const = 0;
  // Values at the rows of X (one batched posterior: much cheaper than point by point).
  virtual Eigen::VectorXd values(const Eigen::MatrixXd& X) const = 0;
  // The value at x and, when `gradient` is not null, its gradient in x.
  virtual double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const = 0;
  // Values at the rows of X (k × dim) and their gradients in x, column j of the dim × k
  // `gradients` for row j. The default calls value() row by row; PosteriorAcquisition evaluates
  // the whole batch in one pass.
  virtual void values_with_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                     Eigen::MatrixXd& gradients) const;
};

// An acquisition that is a function u(μ(x), σ(x)) of the posterior mean and standard
// deviation of f at x; subclasses give u and its partial derivatives. Gradients come from a
// PosteriorBatch whose buffers the acquisition keeps, so evaluating with gradients allocates
// nothing once they have grown, and one acquisition is evaluated from one thread at a time.
class PosteriorAcquisition : public Acquisition {
 public:
  explicit PosteriorAcquisition(const GaussianProcess& gp) : gp_(gp), batch_(gp) {}
  Eigen::Index dim() const override { return gp_.dim(); }
  Eigen::VectorXd values(const Eigen::MatrixXd& X) const override;
  double value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient = nullptr) const override;
  void values_with_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                             Eigen::MatrixXd& gradients) const override;

 protected:
  // u(μ, σ); when the pointers are not null, ∂u/∂μ and ∂u/∂σ.
  virtual double utility(double mean, double sd, double* d_mean, double* d_sd) const = 0;

 private:
  // u at point j of the last batch and its gradient in x.
  double utility_at(Eigen::Index j, Eigen::Ref<Eigen::VectorXd> gradient) const;

  const GaussianProcess& gp_;
  mutable PosteriorBatch batch_;
};

// E[max(f(x) − best, 0)] = σ (φ(z) + z Φ(z)), z = (μ − best)/σ (Jones et al. 1998).
class ExpectedImprovement : public PosteriorAcquisition {
 public:
  ExpectedImprovement(const GaussianProcess& gp, double best)
      : PosteriorAcquisition(gp), best_(best) {}

 protected:
  double utility(double mean, double sd, double* d_mean, double* d_sd) const override;

 private:
  double best_;
};

// log EI, computed without underflow far below the incumbent, where EI itself is 0 in
// floating point and its gradient vanishes (Ament et al. 2023, "Unexpected improvements
// to expected improvement"): log h(z) + log σ with h(z) = φ(z) + z Φ(z), and for z ≤ −5
// log h(z) = log φ(z) + log(1 − t R(t)), t = −z, with Mills' ratio R from its continued
// fraction, written so that 1 − t R(t) is formed without cancellation.
class LogExpectedImprovement : public PosteriorAcquisition {
 public:
  LogExpectedImprovement(const GaussianProcess& gp, double best)
      : PosteriorAcquisition(gp), best_(best) {}

 protected:
  double utility(double mean, double sd, double* d_mean, double* d_sd) const override;

 private:
  double best_;
};

// P(f(x) > best) = Φ((μ − best)/σ) (Kushner 1964).
class ProbabilityOfImprovement : public PosteriorAcquisition {
 public:
  ProbabilityOfImprovement(const GaussianProcess& gp, double best)
      : PosteriorAcquisition(gp), best_(best) {}

 protected:
  double utility(double mean, double sd, double* d_mean, double* d_sd) const override;

 private:
  double best_;
};

// μ + √β σ (Srinivas et al. 2010).
class UpperConfidenceBound : public PosteriorAcquisition {
 public:
  UpperConfidenceBound(const GaussianProcess& gp, double beta);

 protected:
  double utility(double mean, double sd, double* d_mean, double* d_sd) const override;

 private:
  double sqrt_beta_;
};

// log h(z), h(z) = φ(z) + z Φ(z), and d log h/dz = Φ(z)/h(z), stable for every finite z.
double log_h(double z, double* derivative = nullptr);

}  // namespace bopp::bo
