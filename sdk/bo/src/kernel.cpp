#include <bopp/bo/kernel.hpp>

#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <stdexcept>
#include <string_view>

#ifdef BOPP_BO_WIDE_PROFILE
#include "profile_pass.hpp"
#endif

namespace bopp::bo {

#ifdef BOPP_BO_WIDE_PROFILE
// Here rather than in the wide unit: the check must run on instructions every CPU has.
bool profile_pass::wide_available() {
  static const bool available = [] {
    __builtin_cpu_init();
    if (!__builtin_cpu_supports("avx2") || !__builtin_cpu_supports("fma")) return false;
    const char* baseline = std::getenv("BOPP_KERNEL_BASELINE");
    return baseline == nullptr || std::string_view(baseline).empty() ||
           std::string_view(baseline) == "0";
  }();
  return available;
}
#endif

namespace {
const double sqrt3 = std::sqrt(3.0);
const double sqrt5 = std::sqrt(5.0);

// Whether a call on `path` runs the wide pass; never in bopp::bo_portable, built without it.
bool runs_wide([[maybe_unused]] ProfilePath path) {
#ifdef BOPP_BO_WIDE_PROFILE
  return path == ProfilePath::dispatched && profile_pass::wide_available();
#else
  return false;
#endif
}

#ifdef BOPP_BO_WIDE_PROFILE
profile_pass::Shape shape_of(KernelType type) {
  switch (type) {
    case KernelType::rbf:
      return profile_pass::Shape::rbf;
    case KernelType::matern12:
      return profile_pass::Shape::matern12;
    case KernelType::matern32:
      return profile_pass::Shape::matern32;
    case KernelType::matern52:
      break;
  }
  return profile_pass::Shape::matern52;
}
#endif
}  // namespace

bool Kernel::wide_profile() { return runs_wide(ProfilePath::dispatched); }

KernelType kernel_type_from_name(std::string_view name) {
  if (name == "rbf") return KernelType::rbf;
  if (name == "matern12") return KernelType::matern12;
  if (name == "matern32") return KernelType::matern32;
  if (name == "matern52") return KernelType::matern52;
  throw std::invalid_argument("unknown kernel '" + std::string(name) +
                              "'; expected rbf, matern12, matern32 or matern52");
}

std::string kernel_type_name(KernelType type) {
  switch (type) {
    case KernelType::rbf:
      return "rbf";
    case KernelType::matern12:
      return "matern12";
    case KernelType::matern32:
      return "matern32";
    case KernelType::matern52:
      return "matern52";
  }
  return "unknown";
}

Kernel::Kernel(KernelType type, Eigen::Index dim, double lengthscale, double outputscale)
    : type_(type), lengthscales_(Eigen::VectorXd::Constant(dim, lengthscale)), outputscale_(0) {
  if (dim < 1) throw std::invalid_argument("Kernel: dimension must be at least 1");
  set_lengthscales(lengthscales_);
  set_outputscale(outputscale);
}

void Kernel::set_lengthscales(const Eigen::VectorXd& lengthscales) {
  if (lengthscales.size() != dim())
    throw std::invalid_argument("Kernel: wrong number of lengthscales");
  if (!(lengthscales.array() > 0).all())
    throw std::invalid_argument("Kernel: lengthscales must be > 0");
  lengthscales_ = lengthscales;
}

void Kernel::set_outputscale(double outputscale) {
  if (!(outputscale > 0)) throw std::invalid_argument("Kernel: outputscale must be > 0");
  outputscale_ = outputscale;
}

Eigen::ArrayXXd Kernel::profile(const Eigen::ArrayXXd& S, [[maybe_unused]] ProfilePath path) const {
#ifdef BOPP_BO_WIDE_PROFILE
  if (runs_wide(path)) {
    Eigen::ArrayXXd G = S;
    profile_pass::wide_values(shape_of(type_), outputscale_, G.data(), G.size());
    return G;
  }
#endif
  switch (type_) {
    case KernelType::rbf:
      return outputscale_ * (-0.5 * S).exp();
    case KernelType::matern12:
      return outputscale_ * (-S.sqrt()).exp();
    case KernelType::matern32: {
      const Eigen::ArrayXXd r = sqrt3 * S.sqrt();
      return outputscale_ * (1 + r) * (-r).exp();
    }
    case KernelType::matern52: {
      const Eigen::ArrayXXd r = sqrt5 * S.sqrt();
      return outputscale_ * (1 + r + (5.0 / 3.0) * S) * (-r).exp();
    }
  }
  return {};
}

Eigen::ArrayXXd Kernel::profile_derivative(const Eigen::ArrayXXd& S,
                                           [[maybe_unused]] ProfilePath path) const {
#ifdef BOPP_BO_WIDE_PROFILE
  if (runs_wide(path)) {
    Eigen::ArrayXXd G = S;
    profile_pass::wide_derivatives(shape_of(type_), outputscale_, G.data(), G.size());
    return G;
  }
#endif
  switch (type_) {
    case KernelType::rbf:
      return -0.5 * outputscale_ * (-0.5 * S).exp();
    case KernelType::matern12: {
      const Eigen::ArrayXXd r = S.sqrt();
      return (r > 0).select(-0.5 * outputscale_ * (-r).exp() / r, 0.0);
    }
    case KernelType::matern32:
      return -1.5 * outputscale_ * (-sqrt3 * S.sqrt()).exp();
    case KernelType::matern52: {
      const Eigen::ArrayXXd r = sqrt5 * S.sqrt();
      return (-5.0 / 6.0) * outputscale_ * (1 + r) * (-r).exp();
    }
  }
  return {};
}

void Kernel::profile_in_place(Eigen::Ref<Eigen::ArrayXd> s,
                              [[maybe_unused]] ProfilePath path) const {
#ifdef BOPP_BO_WIDE_PROFILE
  if (runs_wide(path)) {
    profile_pass::wide_values(shape_of(type_), outputscale_, s.data(), s.size());
    return;
  }
#endif
  // As profile_with_derivative below: the exp into an aligned buffer, so it runs on packets
  // where profile()'s does, wherever s sits, and the values are profile()'s bits.
  constexpr Eigen::Index chunk = 256;
  Eigen::Array<double, chunk, 1> r_buffer, e_buffer;
  for (Eigen::Index i = 0; i < s.size(); i += chunk) {
    const Eigen::Index m = std::min(chunk, s.size() - i);
    auto S = s.segment(i, m);
    auto r = r_buffer.head(m);
    auto e = e_buffer.head(m);
    switch (type_) {
      case KernelType::rbf:
        e = (-0.5 * S).exp();
        S = outputscale_ * e;
        break;
      case KernelType::matern12:
        r = S.sqrt();
        e = (-r).exp();
        S = outputscale_ * e;
        break;
      case KernelType::matern32:
        r = sqrt3 * S.sqrt();
        e = (-r).exp();
        S = outputscale_ * (1 + r) * e;
        break;
      case KernelType::matern52:
        r = sqrt5 * S.sqrt();
        e = (-r).exp();
        S = outputscale_ * (1 + r + (5.0 / 3.0) * S) * e;
        break;
    }
  }
}

void Kernel::profile_with_derivative(Eigen::Ref<Eigen::ArrayXd> s, Eigen::Ref<Eigen::ArrayXd> value,
                                     [[maybe_unused]] ProfilePath path) const {
#ifdef BOPP_BO_WIDE_PROFILE
  if (runs_wide(path)) {
    profile_pass::wide_values_and_derivatives(shape_of(type_), outputscale_, s.data(), value.data(),
                                              s.size());
    return;
  }
#endif
  // In chunks that stay in L1, through fixed-size buffers on the stack. Each expression is
  // written as in profile() and profile_derivative(), so the values are the same bits.
  constexpr Eigen::Index chunk = 256;
  Eigen::Array<double, chunk, 1> r_buffer, e_buffer;
  for (Eigen::Index i = 0; i < s.size(); i += chunk) {
    const Eigen::Index m = std::min(chunk, s.size() - i);
    auto S = s.segment(i, m);
    auto g = value.segment(i, m);
    auto r = r_buffer.head(m);
    auto e = e_buffer.head(m);
    switch (type_) {
      case KernelType::rbf:
        e = (-0.5 * S).exp();
        g = outputscale_ * e;
        S = -0.5 * outputscale_ * e;
        break;
      case KernelType::matern12:
        r = S.sqrt();
        e = (-r).exp();
        g = outputscale_ * e;
        // The exp again, inside the select as profile_derivative has it: a select may
        // evaluate it another way (scalar or packet) than `e` was.
        S = (r > 0).select(-0.5 * outputscale_ * (-r).exp() / r, 0.0);
        break;
      case KernelType::matern32:
        r = sqrt3 * S.sqrt();
        e = (-r).exp();
        g = outputscale_ * (1 + r) * e;
        S = -1.5 * outputscale_ * e;
        break;
      case KernelType::matern52:
        r = sqrt5 * S.sqrt();
        e = (-r).exp();
        g = outputscale_ * (1 + r + (5.0 / 3.0) * S) * e;
        S = (-5.0 / 6.0) * outputscale_ * (1 + r) * e;
        break;
    }
  }
}

double Kernel::profile_derivative(double s) const {
  Eigen::ArrayXXd S(1, 1);
  S(0, 0) = s;
  return profile_derivative(S)(0, 0);
}

// g''(s) for s > 0, times σ².
double Kernel::profile_second_derivative(double s) const {
  const double r = std::sqrt(s);
  switch (type_) {
    case KernelType::rbf:
      return 0.25 * outputscale_ * std::exp(-0.5 * s);
    case KernelType::matern12:
      return outputscale_ * std::exp(-r) * (1 + r) / (4 * s * r);
    case KernelType::matern32:
      return 0.75 * sqrt3 * outputscale_ * std::exp(-sqrt3 * r) / r;
    case KernelType::matern52:
      return (25.0 / 12.0) * outputscale_ * std::exp(-sqrt5 * r);
  }
  return 0;
}

double Kernel::operator()(const Eigen::VectorXd& x, const Eigen::VectorXd& x2) const {
  Eigen::ArrayXXd S(1, 1);
  S(0, 0) = ((x - x2).array() / lengthscales_.array()).square().sum();
  return profile(S)(0, 0);
}

Eigen::MatrixXd Kernel::squared_distances(const Eigen::MatrixXd& A,
                                          const Eigen::MatrixXd& B) const {
  const Eigen::ArrayXd inv = lengthscales_.array().inverse();
  const Eigen::MatrixXd U = A * inv.matrix().asDiagonal();
  const Eigen::MatrixXd V = B * inv.matrix().asDiagonal();
  // ‖u‖² + ‖v‖² − 2uᵀv: the cross term is one GEMM, the rest a single fused pass; rounding
  // can take near-coincident pairs below 0, hence the clamp.
  Eigen::MatrixXd S(U.rows(), V.rows());
  S.noalias() = -2.0 * U * V.transpose();
  const Eigen::ArrayXd u_norms = U.rowwise().squaredNorm();
  const Eigen::ArrayXd v_norms = V.rowwise().squaredNorm();
  S.array() = ((S.array().colwise() + u_norms).rowwise() + v_norms.transpose()).max(0.0);
  return S;
}

// Both matrix() overloads apply the profile in place a column at a time: the temporaries
// of a whole-matrix expression are fresh pages from the system when the matrix is large,
// and faulting them in costs several times the exp and sqrt (measured: 57 ns against 8 ns
// a pair for 1000 × 1000).
void Kernel::matrix_into(const Eigen::Ref<const Eigen::MatrixXd>& A,
                         const Eigen::Ref<const Eigen::MatrixXd>& B,
                         Eigen::Ref<Eigen::MatrixXd> out) const {
  if (out.rows() != A.rows() || out.cols() != B.rows())
    throw std::invalid_argument("Kernel::matrix_into: out must be A.rows() x B.rows()");
  // squared_distances() written into `out`, the same arithmetic in the same order.
  const Eigen::ArrayXd inv = lengthscales_.array().inverse();
  const Eigen::MatrixXd U = A * inv.matrix().asDiagonal();
  const Eigen::MatrixXd V = B * inv.matrix().asDiagonal();
  out.noalias() = -2.0 * U * V.transpose();
  const Eigen::ArrayXd u_norms = U.rowwise().squaredNorm();
  const Eigen::ArrayXd v_norms = V.rowwise().squaredNorm();
  for (Eigen::Index j = 0; j < out.cols(); ++j) {
    auto s = out.col(j).array();
    s = (s + u_norms + v_norms[j]).max(0.0);
    profile_in_place(s);
  }
}

Eigen::MatrixXd Kernel::matrix(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) const {
  Eigen::MatrixXd K(A.rows(), B.rows());
  matrix_into(A, B, K);
  return K;
}

Eigen::MatrixXd Kernel::matrix(const Eigen::MatrixXd& A) const {
  Eigen::MatrixXd K = squared_distances(A, A);
  const Eigen::Index n = K.rows();
  for (Eigen::Index k = 0; k < n; ++k) {
    K(k, k) = 0.0;
    profile_in_place(K.col(k).tail(n - k).array());
  }
  // The Gram trick is symmetric only up to rounding; the Cholesky reads the lower half.
  K.triangularView<Eigen::StrictlyUpper>() = K.transpose();
  return K;
}

Eigen::MatrixXd Kernel::gradient(const Eigen::VectorXd& x, const Eigen::MatrixXd& B) const {
  // ∂k/∂x_i = 2 g'(s) (x_i − b_i) / ℓ_i²
  const Eigen::ArrayXd inv2 = lengthscales_.array().square().inverse();
  Eigen::MatrixXd delta = (-B).rowwise() + x.transpose();  // rows: x − b_j
  const Eigen::ArrayXXd S = (delta.array().square().rowwise() * inv2.transpose()).rowwise().sum();
  const Eigen::ArrayXd gprime = profile_derivative(S).col(0);
  return ((delta.array().rowwise() * (2 * inv2.transpose())).colwise() * gprime)
      .matrix()
      .transpose();
}

Eigen::MatrixXd Kernel::cross_hessian(const Eigen::VectorXd& x, const Eigen::VectorXd& x2) const {
  // ∂²k/∂x_i∂x'_j = −4 g''(s) δ_i δ_j /(ℓ_i² ℓ_j²) − 2 g'(s) δ_ij / ℓ_i²,  δ = x − x'
  const Eigen::ArrayXd inv2 = lengthscales_.array().square().inverse();
  const Eigen::VectorXd scaled = ((x - x2).array() * inv2).matrix();
  const double s = ((x - x2).array().square() * inv2).sum();
  double gprime = 0;
  if (s == 0.0) {
    switch (type_) {
      case KernelType::rbf:
        gprime = -0.5 * outputscale_;
        break;
      case KernelType::matern32:
        gprime = -1.5 * outputscale_;
        break;
      case KernelType::matern52:
        gprime = (-5.0 / 6.0) * outputscale_;
        break;
      case KernelType::matern12:
        throw std::invalid_argument("Kernel: matern12 sample paths are not differentiable");
    }
  } else {
    gprime = profile_derivative(s);
  }
  Eigen::MatrixXd H = (-2 * gprime * inv2).matrix().asDiagonal();
  if (s > 0.0) H.noalias() -= 4 * profile_second_derivative(s) * scaled * scaled.transpose();
  return H;
}

}  // namespace bopp::bo
