#include "lookahead.hpp"

#include "normal_quantile.hpp"

#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/uniform_point.hpp>

#include <Eigen/Cholesky>

#include <algorithm>
#include <cmath>
#include <random>
#include <stdexcept>
#include <utility>
#include <vector>

namespace bopp::minucb {

namespace {

// Floor of the look-ahead variance (model units): ∇sqrt stays finite where Z sits on x'.
constexpr double min_lookahead_variance = 1e-12;

// Every intermediate of one evaluation, in model units, kept for the reverse pass.
struct Forward {
  Eigen::MatrixXd UZ, UP;  // Z and X' in the unit cube
  Eigen::MatrixXd A;       // [UZ; UP]
  Eigen::MatrixXd S_XA;    // squared scaled distances, data × [Z; X']
  Eigen::MatrixXd K_XA;    // k(X, [Z; X'])
  Eigen::MatrixXd V;       // L⁻¹ k(X, [Z; X'])
  Eigen::VectorXd mu;      // μ_D(x'_j)
  Eigen::VectorXd var_D;   // σ_D²(x'_j)
  Eigen::MatrixXd S_ZZ, S_ZP;
  Eigen::MatrixXd L_Z;  // chol(K_D(Z, Z) + σ_n² I)
  Eigen::MatrixXd P;    // k_D(Z, X')
  Eigen::MatrixXd W;    // L_Z⁻¹ k_D(Z, X')
  Eigen::VectorXd sd;   // σ_{D∪Z}(x'_j)
  Eigen::Array<bool, Eigen::Dynamic, 1> floored;
};

Forward forward(const bo::GaussianProcess& gp, const Eigen::MatrixXd& Z,
                const Eigen::MatrixXd& inner) {
  const bo::Kernel& k = gp.kernel();
  const Eigen::Index b = Z.rows(), N = inner.rows();
  const auto L = gp.cholesky_factor().triangularView<Eigen::Lower>();
  Forward f;
  f.UZ = gp.to_unit_cube(Z);
  f.UP = gp.to_unit_cube(inner);
  f.A.resize(b + N, gp.dim());
  f.A << f.UZ, f.UP;
  f.S_XA = k.squared_distances(gp.unit_inputs(), f.A);
  f.K_XA = k.profile(f.S_XA.array()).matrix();
  f.V = f.K_XA;
  if (gp.size() > 0) L.solveInPlace(f.V);
  const auto VZ = f.V.leftCols(b);
  const auto VP = f.V.rightCols(N);
  f.mu = (f.K_XA.rightCols(N).transpose() * gp.weights()).array() + gp.mean_constant();
  f.var_D = (k.outputscale() - VP.colwise().squaredNorm().array()).matrix().transpose();

  f.S_ZZ = k.squared_distances(f.UZ, f.UZ);
  Eigen::MatrixXd C = k.profile(f.S_ZZ.array()).matrix();
  C.noalias() -= VZ.transpose() * VZ;
  C.diagonal().array() += gp.noise_variance();
  Eigen::LLT<Eigen::MatrixXd> llt(C);
  // K_D(Z, Z) + σ_n² I is positive definite for σ_n² > 0; the jitter is for σ_n² ≈ 0.
  for (double jitter = 1e-10 * k.outputscale(); llt.info() != Eigen::Success; jitter *= 10) {
    if (jitter > 1e-2 * k.outputscale())
      throw std::runtime_error("la-minucb: K_D(Z, Z) is not positive definite");
    Eigen::MatrixXd Cj = C;
    Cj.diagonal().array() += jitter;
    llt.compute(Cj);
  }
  f.L_Z = llt.matrixL();
  f.S_ZP = k.squared_distances(f.UZ, f.UP);
  f.P = k.profile(f.S_ZP.array()).matrix();
  f.P.noalias() -= VZ.transpose() * VP;
  f.W = f.L_Z.triangularView<Eigen::Lower>().solve(f.P);
  const Eigen::ArrayXd v = f.var_D.array() - f.W.colwise().squaredNorm().transpose().array();
  f.floored = v < min_lookahead_variance;
  f.sd = v.max(min_lookahead_variance).sqrt().matrix();
  return f;
}

// Σ_i E_ij ∂s(a_j, b_i)/∂a_j for s the squared scaled distance: row j of the result is
// 2 (Σ_i E_ij) a_j − 2 Σ_i E_ij b_i, over ℓ² (E is |B| × |A|).
Eigen::MatrixXd distance_pullback(const Eigen::MatrixXd& E, const Eigen::MatrixXd& A,
                                  const Eigen::MatrixXd& B, const Eigen::VectorXd& lengthscales) {
  Eigen::MatrixXd g = A.array().colwise() * E.colwise().sum().transpose().array();
  g.noalias() -= E.transpose() * B;
  return 2 * (g.array().rowwise() / lengthscales.array().square().transpose()).matrix();
}

}  // namespace

LookAheadLcb::LookAheadLcb(const bo::GaussianProcess& gp, double beta, Eigen::MatrixXd base_samples)
    : gp_(gp), beta_(beta), xi_(std::move(base_samples)) {
  if (xi_.rows() < 1 || xi_.cols() < 1)
    throw std::invalid_argument("LookAheadLcb: need b >= 1 and N >= 1");
}

double LookAheadLcb::value(const Eigen::MatrixXd& Z, const Eigen::MatrixXd& inner,
                           Eigen::MatrixXd* gradient_Z, Eigen::MatrixXd* gradient_inner) const {
  const Eigen::Index b = Z.rows(), N = inner.rows();
  if (b != batch() || N != fantasies())
    throw std::invalid_argument("LookAheadLcb::value: Z or X' has the wrong rows");
  const Forward f = forward(gp_, Z, inner);
  const double s = gp_.output_scaling().scale;
  const Eigen::VectorXd terms =
      f.mu + (xi_.cwiseProduct(f.W)).colwise().sum().transpose() - beta_ * f.sd;
  const double value = gp_.output_scaling().mean + s * terms.mean();
  if (gradient_Z == nullptr && gradient_inner == nullptr) return value;

  // Reverse pass, model units; a = 1/N weighs each fantasy.
  const bo::Kernel& k = gp_.kernel();
  const double a = 1.0 / static_cast<double>(N);
  const Eigen::ArrayXd inv_sd = f.floored.select(Eigen::ArrayXd::Zero(N), 1.0 / f.sd.array());
  // T_j = μ_j + ξ_jᵀW_j − β sqrt(σ_D²(x'_j) − ‖W_j‖²).
  const Eigen::MatrixXd W_bar =
      a * (xi_.array() + beta_ * (f.W.array().rowwise() * inv_sd.transpose())).matrix();
  const Eigen::VectorXd var_bar = (-a * beta_ / 2 * inv_sd).matrix();
  const auto LZ = f.L_Z.triangularView<Eigen::Lower>();
  // W = L_Z⁻¹ P.
  const Eigen::MatrixXd P_bar = LZ.transpose().solve(W_bar);
  const Eigen::MatrixXd L_bar = (-P_bar * f.W.transpose()).triangularView<Eigen::Lower>();
  // L_Z = chol(C): C̄ = L⁻ᵀ Φ̃ L⁻¹, Φ̃ the symmetric part of Φ(LᵀL̄) (Murray 2016).
  Eigen::MatrixXd Phi = (f.L_Z.transpose() * L_bar).triangularView<Eigen::Lower>();
  Phi.diagonal() *= 0.5;
  Eigen::MatrixXd C_bar = 0.5 * (Phi + Phi.transpose());
  LZ.transpose().solveInPlace(C_bar);
  C_bar = LZ.transpose().solve(C_bar.transpose().eval()).transpose().eval();
  C_bar = 0.5 * (C_bar + C_bar.transpose()).eval();

  // C = k(Z, Z) − V_ZᵀV_Z + σ_n² I, P = k(Z, X') − V_ZᵀV_P, σ_D² = s² − ‖V_P‖².
  const auto VZ = f.V.leftCols(b);
  const auto VP = f.V.rightCols(N);
  Eigen::MatrixXd V_bar(f.V.rows(), b + N);
  V_bar.leftCols(b) = -2 * VZ * C_bar - VP * P_bar.transpose();
  V_bar.rightCols(N) =
      -VZ * P_bar - 2 * (VP.array().rowwise() * var_bar.transpose().array()).matrix();
  // V = L⁻¹ k(X, ·); μ = c + k(·, X) α.
  Eigen::MatrixXd K_bar = V_bar;
  if (gp_.size() > 0)
    gp_.cholesky_factor().triangularView<Eigen::Lower>().transpose().solveInPlace(K_bar);
  K_bar.rightCols(N).colwise() += a * gp_.weights();

  const Eigen::VectorXd& ell = k.lengthscales();
  const Eigen::MatrixXd E_XA = K_bar.cwiseProduct(k.profile_derivative(f.S_XA.array()).matrix());
  Eigen::MatrixXd g = distance_pullback(E_XA, f.A, gp_.unit_inputs(), ell);
  const Eigen::MatrixXd E_ZP = P_bar.cwiseProduct(k.profile_derivative(f.S_ZP.array()).matrix());
  g.topRows(b) += distance_pullback(E_ZP.transpose(), f.UZ, f.UP, ell);
  g.bottomRows(N) += distance_pullback(E_ZP, f.UP, f.UZ, ell);
  const Eigen::MatrixXd E_ZZ = C_bar.cwiseProduct(k.profile_derivative(f.S_ZZ.array()).matrix());
  g.topRows(b) += 2 * distance_pullback(E_ZZ, f.UZ, f.UZ, ell);

  // Back to user units: y = mean + s·z, u = (x − lower)/width.
  g = s * (g.array().rowwise() / gp_.widths().transpose().array()).matrix();
  if (gradient_Z != nullptr) *gradient_Z = g.topRows(b);
  if (gradient_inner != nullptr) *gradient_inner = g.bottomRows(N);
  return value;
}

LookAheadLcb::Fantasized LookAheadLcb::fantasize(const Eigen::MatrixXd& Z,
                                                 const Eigen::MatrixXd& inner) const {
  const Forward f = forward(gp_, Z, inner);
  const double m = gp_.output_scaling().mean, s = gp_.output_scaling().scale;
  Fantasized out;
  out.mean = ((f.mu + xi_.cwiseProduct(f.W).colwise().sum().transpose()).array() * s + m).matrix();
  out.variance = (s * s * f.sd.array().square()).matrix();
  const Eigen::VectorXd mu_Z =
      (f.K_XA.leftCols(Z.rows()).transpose() * gp_.weights()).array() + gp_.mean_constant();
  out.y_Z = (((f.L_Z * xi_).colwise() + mu_Z).array() * s + m).matrix();
  return out;
}

Eigen::MatrixXd LookAheadLcb::fantasized_lcb(const Eigen::MatrixXd& Z,
                                             const Eigen::MatrixXd& points) const {
  const Forward f = forward(gp_, Z, points);
  const double m = gp_.output_scaling().mean, s = gp_.output_scaling().scale;
  Eigen::MatrixXd lcb = xi_.transpose() * f.W;  // N × m: the fantasies' shifts of the mean
  lcb.rowwise() += (f.mu - beta_ * f.sd).transpose();
  return ((lcb.array() * s) + m).matrix();
}

Eigen::MatrixXd lookahead_base_samples(Eigen::Index batch, Eigen::Index fantasies,
                                       std::uint64_t seed) {
  // Randomized QMC (docs/minucb.md, the look-ahead): a digitally shifted Sobol design of ⌈N/2⌉
  // points in [0, 1)^b mapped by Φ⁻¹, each with its antithetic partner −ξ. For b = 1 this
  // stratifies N(0, 1) (one point of each half in each of the ⌈N/2⌉ strata), where independent
  // draws leave the spread of 16 values, and with it the value of a far, uncertain Z, off by ±25%.
  const Eigen::Index half = (fantasies + 1) / 2;
  const Eigen::MatrixXd u = bo::sobol_design(half, batch, seed);
  Eigen::MatrixXd xi(batch, fantasies);
  for (Eigen::Index j = 0; j < half; ++j) {
    for (Eigen::Index i = 0; i < batch; ++i) {
      const double v = std::clamp(u(j, i), 1e-12, 1 - 1e-12);
      xi(i, 2 * j) = normal_quantile(v);
      if (2 * j + 1 < fantasies) xi(i, 2 * j + 1) = -xi(i, 2 * j);
    }
  }
  return xi;
}

LookAheadBatch select_lookahead_batch(const bo::GaussianProcess& gp, const Eigen::VectorXd& x_t,
                                      const Problem& problem, const LookAheadOptions& options,
                                      std::uint64_t seed, const Eigen::MatrixXd& start_batch) {
  const Eigen::Index d = x_t.size(), b = options.batch, N = options.fantasies;
  std::mt19937_64 rng(seed);
  const LookAheadLcb criterion(gp, options.beta, lookahead_base_samples(b, N, rng()));
  const Box box = local_box(x_t, options.delta, problem);

  // Decision vector: the rows of Z, then the rows of X', each row d values.
  const Eigen::Index rows = b + N;
  const auto unpack = [&](const Eigen::VectorXd& v) {
    return Eigen::Map<const Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>>(
        v.data(), rows, d);
  };
  const auto pack = [&](const Eigen::MatrixXd& Z, const Eigen::MatrixXd& inner) {
    Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor> M(rows, d);
    M << Z, inner;
    return Eigen::VectorXd(Eigen::Map<const Eigen::VectorXd>(M.data(), M.size()));
  };
  // Inner points of a start: for each fantasy, the best of x_t and the rows of Z under that
  // fantasy's posterior. With every x'_j at x_t the antithetic terms cancel and a start's
  // score would only measure σ_{D∪Z}(x_t), ranking the Z nearest x_t first.
  const auto inner_for = [&](const Eigen::MatrixXd& Z, Eigen::MatrixXd& inner) {
    Eigen::MatrixXd candidates(b + 1, d);
    candidates << x_t.transpose(), Z;
    const Eigen::MatrixXd lcb = criterion.fantasized_lcb(Z, candidates);
    inner.resize(N, d);
    double total = 0;
    for (Eigen::Index j = 0; j < N; ++j) {
      Eigen::Index k = 0;
      total += lcb.row(j).maxCoeff(&k);
      inner.row(j) = candidates.row(k);
    }
    return total / static_cast<double>(N);
  };

  std::vector<Eigen::VectorXd> starts;
  Eigen::MatrixXd Z0(b, d), inner0;
  for (Eigen::Index i = 0; i < b; ++i) {
    Eigen::VectorXd z = x_t;
    for (Eigen::Index l = 0; l < d; ++l)
      z[l] += 0.1 * options.delta * (2 * bo::unit_interval(rng()) - 1);
    Z0.row(i) = z.cwiseMax(box.lower).cwiseMin(box.upper).transpose();
  }
  inner_for(Z0, inner0);
  starts.push_back(pack(Z0, inner0));
  // The given batch (GIBO's): with b > N most rows of Z carry no fantasy's inner point and
  // stay near their start, so where they start matters (docs/minucb.md).
  if (start_batch.rows() == b && start_batch.cols() == d) {
    const Eigen::MatrixXd Z = start_batch.cwiseMax(box.lower.transpose().replicate(b, 1))
                                  .cwiseMin(box.upper.transpose().replicate(b, 1));
    Eigen::MatrixXd inner;
    inner_for(Z, inner);
    starts.push_back(pack(Z, inner));
  }
  struct Raw {
    double score;
    Eigen::MatrixXd Z, inner;
  };
  std::vector<Raw> raw;
  for (int r = 0; r < options.raw_batches; ++r) {
    Raw candidate{0.0, Eigen::MatrixXd(b, d), {}};
    for (Eigen::Index i = 0; i < b; ++i)
      candidate.Z.row(i) = bo::uniform_in_box(rng, box.lower, box.upper).transpose();
    candidate.score = inner_for(candidate.Z, candidate.inner);
    raw.push_back(std::move(candidate));
  }
  std::stable_sort(raw.begin(), raw.end(),
                   [](const Raw& p, const Raw& q) { return p.score > q.score; });
  for (std::size_t r = 0;
       r < raw.size() && starts.size() < static_cast<std::size_t>(std::max(1, options.restarts));
       ++r)
    starts.push_back(pack(raw[r].Z, raw[r].inner));

  Eigen::MatrixXd start_rows(static_cast<Eigen::Index>(starts.size()), rows * d);
  for (std::size_t r = 0; r < starts.size(); ++r)
    start_rows.row(static_cast<Eigen::Index>(r)) = starts[r].transpose();
  const Eigen::VectorXd lower = box.lower.replicate(rows, 1);
  const Eigen::VectorXd upper = box.upper.replicate(rows, 1);
  const bo::SmoothFunction negative = [&](const Eigen::VectorXd& v, Eigen::VectorXd* gradient) {
    const auto M = unpack(v);
    const Eigen::MatrixXd Z = M.topRows(b), inner = M.bottomRows(N);
    if (gradient == nullptr) return -criterion.value(Z, inner);
    Eigen::MatrixXd gZ, gP;
    const double value = criterion.value(Z, inner, &gZ, &gP);
    *gradient = -pack(gZ, gP);
    return -value;
  };
  bo::BoxMinimizerOptions minimizer;
  minimizer.max_evaluations = options.max_evaluations;
  const bo::BoxMinimum best = bo::minimize_in_box(negative, lower, upper, start_rows, minimizer);
  const auto M = unpack(best.x);
  return {M.topRows(b), M.bottomRows(N), -best.value};
}

}  // namespace bopp::minucb
