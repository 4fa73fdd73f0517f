#include "gp_function.hpp"

#include "normal_stream.hpp"

#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/mueller_lengthscale.hpp>

#include <cmath>
#include <numbers>
#include <stdexcept>

namespace bopp::gpsample {

namespace {

// The independent streams of one function.
enum Part : std::uint64_t {
  frequencies_part,
  offsets_part,
  weights_part,
  design_part,
  values_part
};

// The kernel's spectral density, divided by ℓ: a standard normal for the RBF, a multivariate
// t with 2ν = 5 degrees of freedom for the Matérn 5/2 (z / √(χ²₅/5), χ²₅ as five squared
// normals so that every standard library draws the same value).
Eigen::MatrixXd spectral_frequencies(bo::KernelType kernel, Eigen::Index count, Eigen::Index dim,
                                     double lengthscale, std::uint64_t seed) {
  NormalStream normal(seed);
  Eigen::MatrixXd W(count, dim);
  for (Eigen::Index i = 0; i < count; ++i) {
    for (Eigen::Index j = 0; j < dim; ++j) W(i, j) = normal.next();
    if (kernel == bo::KernelType::matern52) {
      double chi2 = 0.0;
      for (int k = 0; k < 5; ++k) chi2 += std::pow(normal.next(), 2);
      W.row(i) /= std::sqrt(chi2 / 5.0);
    }
  }
  return W / lengthscale;
}

Eigen::VectorXd normal_vector(Eigen::Index n, std::uint64_t seed) {
  NormalStream normal(seed);
  Eigen::VectorXd v(n);
  for (Eigen::Index i = 0; i < n; ++i) v[i] = normal.next();
  return v;
}

Eigen::Index nearest_row(const Eigen::MatrixXd& points, const Eigen::VectorXd& x) {
  Eigen::Index best = 0;
  (points.rowwise() - x.transpose()).rowwise().squaredNorm().minCoeff(&best);
  return best;
}

}  // namespace

double default_lengthscale(Eigen::Index dim) { return bo::mueller_lengthscale(dim); }

GpFunction::GpFunction(const GpFunctionSpec& spec)
    : kind_(spec.kind), kernel_(spec.kernel, spec.dim, spec.lengthscale, spec.outputscale) {
  if (spec.dim < 1) throw std::invalid_argument("gpsample: dim must be at least 1");
  if (!(spec.lengthscale > 0.0) || !(spec.outputscale > 0.0))
    throw std::invalid_argument("gpsample: lengthscale and outputscale must be positive");
  switch (spec.kind) {
    case SampleKind::path:
      build_path(spec);
      break;
    case SampleKind::posterior_mean:
      build_posterior_mean(spec);
      break;
    case SampleKind::grid:
      build_grid(spec);
      break;
  }
}

double GpFunction::operator()(const Eigen::VectorXd& x) const {
  switch (kind_) {
    case SampleKind::path:
      return amplitudes_.dot(((frequencies_ * x + offsets_).array().cos()).matrix());
    case SampleKind::posterior_mean:
      return (kernel_.matrix(x.transpose(), points_) * weights_)(0, 0);
    case SampleKind::grid:
      return sampled_[nearest_row(points_, x)];
  }
  return 0.0;
}

// Rahimi & Recht 2007: f(x) = √(2σ²/F) Σ w_i cos(ω_i·x/ℓ + b_i), w ~ N(0, I), b ~ U[0, 2π).
void GpFunction::build_path(const GpFunctionSpec& spec) {
  if (spec.features < 1) throw std::invalid_argument("gpsample: features must be at least 1");
  frequencies_ = spectral_frequencies(spec.kernel, spec.features, spec.dim, spec.lengthscale,
                                      part_seed(spec.seed, frequencies_part));
  NormalStream phases(part_seed(spec.seed, offsets_part));
  offsets_.resize(spec.features);
  for (Eigen::Index i = 0; i < spec.features; ++i)
    offsets_[i] = 2.0 * std::numbers::pi * phases.uniform();
  amplitudes_ = std::sqrt(2.0 * spec.outputscale / static_cast<double>(spec.features)) *
                normal_vector(spec.features, part_seed(spec.seed, weights_part));
}

// Müller et al. 2021, §4.1: a prior sample at Sobol points of the box, and f the
// posterior mean given it, with the likelihood noise the upstream code conditions with.
void GpFunction::build_posterior_mean(const GpFunctionSpec& spec) {
  if (spec.training_points < 1) throw std::invalid_argument("gpsample: need training points");
  if (!(spec.nugget >= 0.0)) throw std::invalid_argument("gpsample: nugget must be >= 0");
  points_ = bo::scale_to_box(
      bo::sobol_design(spec.training_points, spec.dim, part_seed(spec.seed, design_part)),
      spec.lower, spec.upper);
  sampled_ = joint_sample(part_seed(spec.seed, values_part));
  Eigen::MatrixXd K = kernel_.matrix(points_);
  K.diagonal().array() += spec.nugget * spec.outputscale;
  weights_ = bo::robust_cholesky(std::move(K)).llt.solve(sampled_);
}

// An exact sample on a finite set: the uniform grid in 1-D, Sobol points in the box above.
void GpFunction::build_grid(const GpFunctionSpec& spec) {
  if (spec.grid < 1) throw std::invalid_argument("gpsample: grid must be at least 1");
  Eigen::MatrixXd unit;
  if (spec.dim == 1) {
    unit = spec.grid == 1 ? Eigen::MatrixXd::Zero(1, 1)
                          : Eigen::MatrixXd(Eigen::VectorXd::LinSpaced(spec.grid, 0.0, 1.0));
  } else {
    unit = bo::sobol_design(spec.grid, spec.dim, part_seed(spec.seed, design_part));
  }
  points_ = bo::scale_to_box(unit, spec.lower, spec.upper);
  sampled_ = joint_sample(part_seed(spec.seed, values_part));
}

Eigen::VectorXd GpFunction::joint_sample(std::uint64_t seed) const {
  const bo::CholeskyFactor factor = bo::robust_cholesky(kernel_.matrix(points_));
  return factor.llt.matrixL() * normal_vector(points_.rows(), seed);
}

}  // namespace bopp::gpsample
