#include <bopp/bo/random_fourier_features.hpp>

#include <bopp/bo/portable_random.hpp>

#include <cmath>
#include <numbers>
#include <random>
#include <stdexcept>

namespace bopp::bo {

RandomFourierFeatures::RandomFourierFeatures(const Kernel& kernel, Eigen::Index count,
                                             std::uint64_t seed)
    : frequencies_(count, kernel.dim()),
      offsets_(count),
      amplitude_(std::sqrt(2.0 * kernel.outputscale() / static_cast<double>(count))) {
  if (count < 1) throw std::invalid_argument("RandomFourierFeatures: need at least one feature");
  std::mt19937_64 rng(seed);
  // Matérn ν: spectral density is a multivariate t with 2ν degrees of freedom,
  // w = z / √(u / 2ν), u ~ χ²(2ν).
  double nu = 0;
  switch (kernel.type()) {
    case KernelType::rbf:
      nu = 0;
      break;
    case KernelType::matern12:
      nu = 0.5;
      break;
    case KernelType::matern32:
      nu = 1.5;
      break;
    case KernelType::matern52:
      nu = 2.5;
      break;
  }
  const Eigen::ArrayXd inv_lengthscales = kernel.lengthscales().array().inverse();
  for (Eigen::Index i = 0; i < count; ++i) {
    for (Eigen::Index j = 0; j < kernel.dim(); ++j) frequencies_(i, j) = standard_normal(rng);
    if (nu > 0) frequencies_.row(i) /= std::sqrt(chi_squared(rng, 2 * nu) / (2 * nu));
    frequencies_.row(i).array() *= inv_lengthscales.transpose();
    offsets_[i] = uniform(rng, 0.0, 2 * std::numbers::pi);
  }
}

Eigen::MatrixXd RandomFourierFeatures::features(const Eigen::MatrixXd& U) const {
  Eigen::MatrixXd phases = U * frequencies_.transpose();
  phases.rowwise() += offsets_.transpose();
  return amplitude_ * phases.array().cos().matrix();
}

Eigen::VectorXd RandomFourierFeatures::gradient(const Eigen::VectorXd& u,
                                                const Eigen::VectorXd& weights) const {
  const Eigen::ArrayXd phases = (frequencies_ * u + offsets_).array();
  return -amplitude_ * frequencies_.transpose() * (phases.sin() * weights.array()).matrix();
}

}  // namespace bopp::bo
