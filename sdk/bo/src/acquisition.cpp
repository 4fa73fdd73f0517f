#include <bopp/bo/acquisition.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace bopp::bo {

namespace {

const double inv_sqrt_2pi = 1.0 / std::sqrt(2 * std::numbers::pi);
// Below this deviation the posterior is treated as certain (σ is floored here, without
// gradient, so z stays finite).
const double min_sd = 1e-12;

double normal_pdf(double z) { return inv_sqrt_2pi * std::exp(-0.5 * z * z); }
double normal_cdf(double z) { return 0.5 * std::erfc(-z / std::numbers::sqrt2); }

}  // namespace

void Acquisition::values_with_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                        Eigen::MatrixXd& gradients) const {
  values.resize(X.rows());
  gradients.resize(dim(), X.rows());
  Eigen::VectorXd gradient;
  for (Eigen::Index i = 0; i < X.rows(); ++i) {
    values[i] = value(X.row(i).transpose(), &gradient);
    gradients.col(i) = gradient;
  }
}

Eigen::VectorXd PosteriorAcquisition::values(const Eigen::MatrixXd& X) const {
  const Posterior p = gp_.predict(X);
  Eigen::VectorXd out(X.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    out[i] = utility(p.mean[i], std::max(std::sqrt(p.variance[i]), min_sd), nullptr, nullptr);
  return out;
}

double PosteriorAcquisition::value(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) const {
  if (gradient == nullptr) {
    const Posterior p = gp_.predict(x.transpose());
    return utility(p.mean[0], std::max(std::sqrt(p.variance[0]), min_sd), nullptr, nullptr);
  }
  if (x.size() != dim())
    throw std::invalid_argument("PosteriorAcquisition::value: x must have one entry per dimension");
  batch_.evaluate(Eigen::Map<const Eigen::MatrixXd>(x.data(), 1, x.size()));
  gradient->resize(dim());
  return utility_at(0, *gradient);
}

void PosteriorAcquisition::values_with_gradients(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                                 Eigen::MatrixXd& gradients) const {
  batch_.evaluate(X);
  values.resize(X.rows());
  gradients.resize(dim(), X.rows());
  for (Eigen::Index j = 0; j < X.rows(); ++j) values[j] = utility_at(j, gradients.col(j));
}

double PosteriorAcquisition::utility_at(Eigen::Index j,
                                        Eigen::Ref<Eigen::VectorXd> gradient) const {
  const double raw_sd = std::sqrt(batch_.variance()[j]);
  const double sd = std::max(raw_sd, min_sd);
  double d_mean = 0, d_sd = 0;
  const double u = utility(batch_.mean()[j], sd, &d_mean, &d_sd);
  // ∇σ = ∇σ² / (2σ); zero where σ is floored.
  gradient = d_mean * batch_.mean_gradient().col(j);
  if (raw_sd > min_sd) gradient += (d_sd / (2 * raw_sd)) * batch_.variance_gradient().col(j);
  return u;
}

double ExpectedImprovement::utility(double mean, double sd, double* d_mean, double* d_sd) const {
  const double z = (mean - best_) / sd;
  const double cdf = normal_cdf(z), pdf = normal_pdf(z);
  if (d_mean != nullptr) *d_mean = cdf;
  if (d_sd != nullptr) *d_sd = pdf;
  return sd * (pdf + z * cdf);
}

double log_h(double z, double* derivative) {
  if (z > -5.0) {
    const double cdf = normal_cdf(z);
    const double h = normal_pdf(z) + z * cdf;
    if (derivative != nullptr) *derivative = cdf / h;
    return std::log(h);
  }
  // h(z) = φ(z) (1 − t R(t)), t = −z, R(t) = 1/(t + c), c = 1/(t + 2/(t + 3/(t + …))),
  // so 1 − t R(t) = c / (t + c). 60 terms converge to rounding for t ≥ 5.
  const double t = -z;
  double v = t;
  for (int k = 60; k >= 2; --k) v = t + k / v;
  const double c = 1.0 / v;
  const double q = c / (t + c);
  if (derivative != nullptr) *derivative = 1.0 / ((t + c) * q);  // Φ/h = R/q
  return std::log(inv_sqrt_2pi) - 0.5 * z * z + std::log(q);
}

double LogExpectedImprovement::utility(double mean, double sd, double* d_mean, double* d_sd) const {
  const double z = (mean - best_) / sd;
  double d_log_h = 0;
  const double value = log_h(z, &d_log_h) + std::log(sd);
  // ∂/∂μ = (Φ/h)/σ; ∂/∂σ = 1/σ − z (Φ/h)/σ = (φ/h)/σ.
  if (d_mean != nullptr) *d_mean = d_log_h / sd;
  if (d_sd != nullptr) *d_sd = (1.0 - z * d_log_h) / sd;
  return value;
}

double ProbabilityOfImprovement::utility(double mean, double sd, double* d_mean,
                                         double* d_sd) const {
  const double z = (mean - best_) / sd;
  const double pdf = normal_pdf(z);
  if (d_mean != nullptr) *d_mean = pdf / sd;
  if (d_sd != nullptr) *d_sd = -pdf * z / sd;
  return normal_cdf(z);
}

UpperConfidenceBound::UpperConfidenceBound(const GaussianProcess& gp, double beta)
    : PosteriorAcquisition(gp), sqrt_beta_(std::sqrt(beta)) {
  if (!(beta >= 0)) throw std::invalid_argument("UpperConfidenceBound: beta must be >= 0");
}

double UpperConfidenceBound::utility(double mean, double sd, double* d_mean, double* d_sd) const {
  if (d_mean != nullptr) *d_mean = 1.0;
  if (d_sd != nullptr) *d_sd = sqrt_beta_;
  return mean + sqrt_beta_ * sd;
}

}  // namespace bopp::bo
