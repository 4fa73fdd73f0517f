#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/denormals_flushed.hpp>
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/lower_triangle.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <utility>

namespace bopp::bo {

namespace {
// Elements of one block of predict()'s n × m cross-covariance: 8 MB, reused for every block.
// Narrower blocks make the triangular solve pack the factor more often (it packs it once per
// call); wider ones gain nothing and leave the cache.
constexpr Eigen::Index prediction_block_elements = Eigen::Index{1} << 20;
// Elements of one chunk of a block: its kernel values are formed and read for the mean while
// they stay in the core's own cache (1 MB), not in passes over the whole block.
constexpr Eigen::Index prediction_chunk_elements = Eigen::Index{1} << 17;
}  // namespace

OutputScaling OutputScaling::standardizing(const Eigen::VectorXd& y) {
  OutputScaling s;
  if (y.size() == 0) return s;
  s.mean = y.mean();
  if (y.size() > 1) {
    const double sd =
        std::sqrt((y.array() - s.mean).square().sum() / static_cast<double>(y.size() - 1));
    if (sd > 0 && std::isfinite(sd)) s.scale = sd;
  }
  return s;
}

GaussianProcess::GaussianProcess(Kernel kernel, Eigen::VectorXd lower, Eigen::VectorXd upper,
                                 LogCallback log)
    : kernel_(std::move(kernel)),
      lower_(std::move(lower)),
      upper_(std::move(upper)),
      log_(std::move(log)),
      inputs_(0, kernel_.dim()),
      unit_inputs_(0, kernel_.dim()) {
  if (lower_.size() != kernel_.dim() || upper_.size() != kernel_.dim())
    throw std::invalid_argument("GaussianProcess: bounds and kernel differ in dimension");
  if (!(upper_.array() > lower_.array()).all())
    throw std::invalid_argument("GaussianProcess: every upper bound must exceed its lower bound");
}

Hyperparameters GaussianProcess::hyperparameters() const {
  return {kernel_.lengthscales(), kernel_.outputscale(), noise_variance_, mean_};
}

void GaussianProcess::set_hyperparameters(const Hyperparameters& h) {
  if (!(h.noise_variance >= 0)) throw std::invalid_argument("GaussianProcess: noise variance < 0");
  kernel_.set_lengthscales(h.lengthscales);
  kernel_.set_outputscale(h.outputscale);
  noise_variance_ = h.noise_variance;
  mean_ = h.mean;
  if (size() > 0) refactor();
}

Eigen::MatrixXd GaussianProcess::to_unit_cube(const Eigen::MatrixXd& X) const {
  return unit_cube().points(X);
}

Eigen::VectorXd GaussianProcess::point_to_unit_cube(const Eigen::VectorXd& x) const {
  return unit_cube().point(x);
}

void GaussianProcess::condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  condition(X, y, OutputScaling::standardizing(y));
}

void GaussianProcess::condition(const Eigen::MatrixXd& X, const Eigen::VectorXd& y,
                                const OutputScaling& scaling) {
  if (X.rows() != y.size() || X.cols() != dim())
    throw std::invalid_argument("GaussianProcess::condition: X must be n x dim and y of size n");
  if (!y.allFinite()) throw std::invalid_argument("GaussianProcess::condition: y holds NaN or inf");
  scaling_ = scaling;
  inputs_ = X;
  targets_ = y;
  unit_inputs_ = to_unit_cube(X);
  standardized_ = ((y.array() - scaling_.mean) / scaling_.scale).matrix();
  refactor();
}

void GaussianProcess::refactor() {
  const DenormalsFlushed flushed;
  Eigen::MatrixXd K = kernel_.matrix(unit_inputs_);
  K.diagonal().array() += noise_variance_;
  L_ = robust_cholesky(std::move(K), log_).llt.matrixL();
  factor_changed();
  update_weights();
}

const Eigen::MatrixXd& GaussianProcess::inverse_factor() const {
  if (!inverse_) throw std::logic_error("GaussianProcess: used after it was moved from");
  InverseFactor& inverse = *inverse_;
  std::call_once(inverse.formed, [&] {
    const DenormalsFlushed flushed;  // whoever calls first, the same bits
    inverse.matrix = L_;
    invert_lower_triangle(inverse.matrix);
  });
  return inverse.matrix;
}

void GaussianProcess::update_weights() {
  alpha_ = standardized_.array() - mean_;
  L_.triangularView<Eigen::Lower>().solveInPlace(alpha_);
  L_.triangularView<Eigen::Lower>().transpose().solveInPlace(alpha_);
}

void GaussianProcess::add_observations(const Eigen::MatrixXd& X, const Eigen::VectorXd& y) {
  if (X.rows() != y.size() || X.cols() != dim())
    throw std::invalid_argument(
        "GaussianProcess::add_observations: X must be k x dim, y of size k");
  if (size() == 0) {
    condition(X, y, scaling_);
    return;
  }
  const DenormalsFlushed flushed;
  const Eigen::Index n = size(), k = X.rows();
  const Eigen::MatrixXd U = to_unit_cube(X);
  // [K11 K12; K21 K22] = [L 0; Bᵀ C][Lᵀ B; 0 Cᵀ] with B = L⁻¹K12 and C Cᵀ = K22 − BᵀB.
  Eigen::MatrixXd B = kernel_.matrix(unit_inputs_, U);
  L_.triangularView<Eigen::Lower>().solveInPlace(B);
  Eigen::MatrixXd schur = kernel_.matrix(U);
  schur.diagonal().array() += noise_variance_;
  schur.noalias() -= B.transpose() * B;
  const Eigen::MatrixXd C = robust_cholesky(std::move(schur), log_).llt.matrixL();

  Eigen::MatrixXd L(n + k, n + k);
  L.topLeftCorner(n, n) = L_;
  L.topRightCorner(n, k).setZero();
  L.bottomLeftCorner(k, n) = B.transpose();
  L.bottomRightCorner(k, k) = C;
  L_ = std::move(L);
  factor_changed();

  inputs_.conservativeResize(n + k, Eigen::NoChange);
  inputs_.bottomRows(k) = X;
  unit_inputs_.conservativeResize(n + k, Eigen::NoChange);
  unit_inputs_.bottomRows(k) = U;
  targets_.conservativeResize(n + k);
  targets_.tail(k) = y;
  standardized_.conservativeResize(n + k);
  standardized_.tail(k) = ((y.array() - scaling_.mean) / scaling_.scale).matrix();
  update_weights();
}

void GaussianProcess::add_fantasies(const Eigen::MatrixXd& X) {
  add_observations(X, predict(X).mean);
}

Posterior GaussianProcess::predict(const Eigen::MatrixXd& X, bool full_covariance) const {
  if (X.cols() != dim())
    throw std::invalid_argument("GaussianProcess::predict: X must have dim columns");
  const DenormalsFlushed flushed;
  const Eigen::Index m = X.rows();
  const double s = scaling_.scale;
  Posterior p;
  const Eigen::MatrixXd U = to_unit_cube(X);
  if (size() == 0) {
    p.mean = Eigen::VectorXd::Constant(m, scaling_.mean + s * mean_);
    p.variance = Eigen::VectorXd::Constant(m, s * s * kernel_.outputscale());
    if (full_covariance) p.covariance = s * s * kernel_.matrix(U);
    return p;
  }
  // Kᵀ(X*, X) is n × m so that the triangular solve or product runs down contiguous columns.
  // Without the joint covariance the points go in blocks through one buffer, so memory stays at
  // n × block however many there are; a block is wide enough for the product to run at
  // matrix-product speed. With v = L⁻¹k(X, x) the variance is k(x, x) − vᵀv; the mean is
  // c + k(X, x)ᵀα, or c + vᵀβ with β = L⁻¹(z − c) for one point, whose solve reads each
  // solved column once for both.
  const Eigen::Index block =
      full_covariance ? m : std::max<Eigen::Index>(32, prediction_block_elements / size());
  p.mean.resize(m);
  p.variance.resize(m);
  Eigen::MatrixXd buffer(size(), std::min(block, m));
  if (m == 1) {
    Eigen::VectorXd beta = standardized_.array() - mean_;
    L_.triangularView<Eigen::Lower>().solveInPlace(beta);
    kernel_.matrix_into(unit_inputs_, U, buffer);
    L_.triangularView<Eigen::Lower>().solveInPlace(buffer);
    p.mean[0] = buffer.col(0).dot(beta);
    p.variance[0] = std::max(0.0, kernel_.outputscale() - buffer.col(0).squaredNorm());
  } else {
    const Eigen::MatrixXd& inverse = inverse_factor();
    // A multiple of 16 columns, so the mean's product takes each column the same way it would
    // in one pass over the block (its kernels handle columns in groups).
    const Eigen::Index chunk =
        std::max<Eigen::Index>(1, prediction_chunk_elements / size() / 16) * 16;
    for (Eigen::Index start = 0; start < m; start += block) {
      const Eigen::Index width = std::min(block, m - start);
      auto V = buffer.leftCols(width);
      for (Eigen::Index c = 0; c < width; c += chunk) {
        const Eigen::Index w = std::min(chunk, width - c);
        auto columns = V.middleCols(c, w);
        kernel_.matrix_into(unit_inputs_, U.middleRows(start + c, w), columns);
        p.mean.segment(start + c, w).noalias() = columns.transpose() * alpha_;
      }
      multiply_by_lower_triangle(inverse, V, false);
      p.variance.segment(start, width) =
          (kernel_.outputscale() - V.colwise().squaredNorm().transpose().array()).max(0.0);
    }
  }
  p.mean = ((scaling_.mean + s * mean_) + s * p.mean.array()).matrix();
  p.variance *= s * s;
  if (full_covariance) {
    p.covariance = kernel_.matrix(U);
    p.covariance.noalias() -= buffer.transpose() * buffer;
    p.covariance *= s * s;
  }
  return p;
}

PointPosterior GaussianProcess::predict_with_gradient(const Eigen::VectorXd& x) const {
  const double s = scaling_.scale;
  const Eigen::VectorXd u = point_to_unit_cube(x);
  const Eigen::ArrayXd w = widths().array();
  PointPosterior p;
  if (size() == 0) {
    p.mean = scaling_.mean + s * mean_;
    p.variance = s * s * kernel_.outputscale();
    p.mean_gradient = Eigen::VectorXd::Zero(dim());
    p.variance_gradient = Eigen::VectorXd::Zero(dim());
    return p;
  }
  const Eigen::MatrixXd J = kernel_.gradient(u, unit_inputs_);  // dim × n
  Eigen::VectorXd v = kernel_.matrix(u.transpose(), unit_inputs_).transpose();
  p.mean = scaling_.mean + s * (mean_ + v.dot(alpha_));
  L_.triangularView<Eigen::Lower>().solveInPlace(v);
  p.variance = s * s * std::max(0.0, kernel_.outputscale() - v.squaredNorm());
  L_.triangularView<Eigen::Lower>().transpose().solveInPlace(v);  // now (K + σ²I)⁻¹ k(X, x)
  // k(x, x) is constant for a stationary kernel, so ∇σ² = −2 J (K + σ²I)⁻¹ k(X, x).
  p.mean_gradient = (s * (J * alpha_).array() / w).matrix();
  p.variance_gradient = (-2 * s * s * (J * v).array() / w).matrix();
  return p;
}

void OutputScaling::save(StateArchive& archive) const {
  archive.write("mean", mean);
  archive.write("scale", scale);
}

void OutputScaling::restore(const StateArchive& archive) {
  archive.read("mean", mean);
  archive.read("scale", scale);
}

void Hyperparameters::save(StateArchive& archive) const {
  archive.write("lengthscales", lengthscales);
  archive.write("outputscale", outputscale);
  archive.write("noise_variance", noise_variance);
  archive.write("mean", mean);
}

void Hyperparameters::restore(const StateArchive& archive) {
  archive.read("lengthscales", lengthscales);
  archive.read("outputscale", outputscale);
  archive.read("noise_variance", noise_variance);
  archive.read("mean", mean);
}

void GaussianProcess::save(StateArchive& archive) const {
  archive.write("hyperparameters", hyperparameters());
  archive.write("scaling", scaling_);
  archive.write("inputs", inputs_);
  archive.write("targets", targets_);
  archive.write("unit_inputs", unit_inputs_);
  archive.write("standardized", standardized_);
  archive.write("L", L_);
  archive.write("alpha", alpha_);
}

void GaussianProcess::restore(const StateArchive& archive) {
  Hyperparameters h;
  archive.read("hyperparameters", h);
  if (h.lengthscales.size() != dim()) throw StateError("state: the GP has another dimension");
  kernel_.set_lengthscales(h.lengthscales);
  kernel_.set_outputscale(h.outputscale);
  noise_variance_ = h.noise_variance;
  mean_ = h.mean;
  archive.read("scaling", scaling_);
  archive.read("inputs", inputs_);
  archive.read("targets", targets_);
  archive.read("unit_inputs", unit_inputs_);
  archive.read("standardized", standardized_);
  archive.read("L", L_);
  archive.read("alpha", alpha_);
  factor_changed();
  const Eigen::Index n = inputs_.rows();
  if (inputs_.cols() != dim() || unit_inputs_.rows() != n || unit_inputs_.cols() != dim() ||
      targets_.size() != n || standardized_.size() != n || alpha_.size() != n || L_.rows() != n ||
      L_.cols() != n) {
    throw StateError("state: the GP's data and factor do not fit together");
  }
}

}  // namespace bopp::bo
