// bopp/bo/kernel.hpp: stationary ARD covariance functions and their derivatives.
#pragma once

#include <Eigen/Core>

#include <string>
#include <string_view>

namespace bopp::bo {

enum class KernelType { rbf, matern12, matern32, matern52 };

// Which implementation evaluates the profile. `dispatched`: in bopp::bo, a pass built for AVX2
// and FMA when the CPU has both (chosen once per process; the environment variable
// BOPP_KERNEL_BASELINE=1 declines it), otherwise `baseline`: Eigen's pass at the build's
// baseline instruction set, the only one in bopp::bo_portable. The two agree to a few units in
// the last place; each is bit-for-bit reproducible on one CPU type.
enum class ProfilePath { dispatched, baseline };

// "rbf", "matern12", "matern32" or "matern52"; throws std::invalid_argument naming the
// names allowed otherwise.
KernelType kernel_type_from_name(std::string_view name);
std::string kernel_type_name(KernelType type);

// k(x, x') = σ² · g(s), s = Σ_i ((x_i − x'_i) / ℓ_i)², with the profile g:
//   rbf       exp(−s/2)
//   matern12  exp(−r)                          r = √s
//   matern32  (1 + √3 r) exp(−√3 r)
//   matern52  (1 + √5 r + 5 r²/3) exp(−√5 r)
// Points are the rows of the matrices passed in. The kernel is a runtime value: a plugin
// chooses its type from its configuration. Derivatives in the inputs need a differentiable
// kernel: the first derivative of matern12 is taken as 0 at r = 0 (its one-sided value is
// undefined there), and its cross second derivative does not exist (the call throws).
class Kernel {
 public:
  Kernel(KernelType type, Eigen::Index dim, double lengthscale = 0.5, double outputscale = 1.0);

  KernelType type() const { return type_; }
  Eigen::Index dim() const { return lengthscales_.size(); }
  const Eigen::VectorXd& lengthscales() const { return lengthscales_; }
  double outputscale() const { return outputscale_; }  // σ², the prior variance
  void set_lengthscales(const Eigen::VectorXd& lengthscales);
  void set_outputscale(double outputscale);

  double operator()(const Eigen::VectorXd& x, const Eigen::VectorXd& x2) const;
  // K(A, B): A.rows() × B.rows().
  Eigen::MatrixXd matrix(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) const;
  // K(A, A), symmetric with an exact diagonal σ².
  Eigen::MatrixXd matrix(const Eigen::MatrixXd& A) const;
  // K(A, B) written into `out` (A.rows() × B.rows()), which a caller reuses across calls.
  void matrix_into(const Eigen::Ref<const Eigen::MatrixXd>& A,
                   const Eigen::Ref<const Eigen::MatrixXd>& B,
                   Eigen::Ref<Eigen::MatrixXd> out) const;

  // ∂k(x, b_j)/∂x as the columns of a dim × B.rows() matrix.
  Eigen::MatrixXd gradient(const Eigen::VectorXd& x, const Eigen::MatrixXd& B) const;
  // ∂²k(x, x')/∂x ∂x'ᵀ, dim × dim: the covariance of the gradients ∇f(x), ∇f(x').
  Eigen::MatrixXd cross_hessian(const Eigen::VectorXd& x, const Eigen::VectorXd& x2) const;

  // The profile g, its derivative g' = dg/ds, both times σ², applied elementwise to
  // squared scaled distances S. g' at s = 0 is infinite for matern12 and reported as 0.
  Eigen::ArrayXXd profile(const Eigen::ArrayXXd& S,
                          ProfilePath path = ProfilePath::dispatched) const;
  Eigen::ArrayXXd profile_derivative(const Eigen::ArrayXXd& S,
                                     ProfilePath path = ProfilePath::dispatched) const;
  // σ²·g(s) in place, without allocating; the same values as profile().
  void profile_in_place(Eigen::Ref<Eigen::ArrayXd> s,
                        ProfilePath path = ProfilePath::dispatched) const;
  // Both in one pass (one sqrt and one exp per element, no allocation), with the same
  // values as the two above: `value` receives σ²·g(s), and `s` is overwritten by σ²·g'(s).
  void profile_with_derivative(Eigen::Ref<Eigen::ArrayXd> s, Eigen::Ref<Eigen::ArrayXd> value,
                               ProfilePath path = ProfilePath::dispatched) const;
  // Whether ProfilePath::dispatched runs the AVX2/FMA pass in this process.
  static bool wide_profile();
  // Squared scaled distances between the rows of A and B.
  Eigen::MatrixXd squared_distances(const Eigen::MatrixXd& A, const Eigen::MatrixXd& B) const;

 private:
  // σ²·g'(s), and σ²·g''(s) for s > 0 (g'' is infinite at 0 for the Matérn 1/2 and 3/2).
  double profile_derivative(double s) const;
  double profile_second_derivative(double s) const;

  KernelType type_;
  Eigen::VectorXd lengthscales_;
  double outputscale_;
};

}  // namespace bopp::bo
