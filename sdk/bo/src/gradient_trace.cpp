#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/cholesky.hpp>
#include <bopp/bo/design.hpp>
#include <bopp/bo/gradient_trace.hpp>
#include <bopp/bo/portable_random.hpp>

#include <algorithm>
#include <cmath>
#include <numbers>
#include <numeric>
#include <random>
#include <stdexcept>
#include <vector>

namespace bopp::bo {

GradientTrace::GradientTrace(const GaussianProcess& gp, const Eigen::VectorXd& x)
    : gp_(&gp), x_(x) {
  if (x.size() != gp.dim()) throw std::invalid_argument("GradientTrace: x has the wrong size");
  if (gp.kernel().type() == KernelType::matern12)
    throw std::invalid_argument(
        "GradientTrace: matern12 sample paths are not differentiable; use "
        "matern32, matern52 or rbf");
  const Kernel& kernel = gp.kernel();
  u_ = gp.point_to_unit_cube(x);
  row_scale_ = gp.output_scaling().scale * gp.widths().array().inverse();
  prior_trace_ =
      (kernel.cross_hessian(u_, u_).diagonal().array() * row_scale_.array().square()).sum();
  // The top block of L̃⁻¹J̃ᵀ, fixed while x is (Wu et al., code `posterior_covar`).
  data_block_ = kernel.gradient(u_, gp.unit_inputs()).transpose() * row_scale_.asDiagonal();
  if (gp.size() > 0) gp.cholesky_factor().triangularView<Eigen::Lower>().solveInPlace(data_block_);
  current_ = prior_trace_ - data_block_.squaredNorm();
}

Eigen::Index GradientTrace::dim() const { return x_.size(); }
const Eigen::VectorXd& GradientTrace::point() const { return x_; }
double GradientTrace::prior_trace() const { return prior_trace_; }
double GradientTrace::current() const { return current_; }

double GradientTrace::value(const Eigen::MatrixXd& Z, Eigen::MatrixXd* gradient) const {
  const Eigen::Index d = dim(), b = Z.rows();
  if (Z.cols() != d)
    throw std::invalid_argument("GradientTrace::value: Z must have one column per dimension");
  if (b == 0) {
    if (gradient != nullptr) gradient->resize(0, d);
    return current_;
  }
  const GaussianProcess& gp = *gp_;
  const Kernel& kernel = gp.kernel();
  const Eigen::Index n = gp.size();
  const auto L = gp.cholesky_factor().triangularView<Eigen::Lower>();
  const Eigen::MatrixXd U = gp.to_unit_cube(Z);

  // Block Cholesky of k(X̃, X̃) + σ²I, X̃ = [X; Z]: L̃ = [L_tt 0; L_zt L_zz] with
  // L_zt = (L_tt⁻¹ K_XZ)ᵀ = Bᵀ and L_zz L_zzᵀ = K_ZZ + σ²I − BᵀB (docs/toolkit.md).
  Eigen::MatrixXd schur = kernel.matrix(U);
  schur.diagonal().array() += gp.noise_variance();
  // Bottom block of L̃⁻¹J̃ᵀ before the solve by L_zz: J_Zᵀ − L_zt (L_tt⁻¹J_Xᵀ).
  Eigen::MatrixXd bottom = kernel.gradient(u_, U).transpose() * row_scale_.asDiagonal();  // b × d
  Eigen::MatrixXd B;
  if (n > 0) {
    B = kernel.matrix(gp.unit_inputs(), U);
    L.solveInPlace(B);
    schur.noalias() -= B.transpose() * B;
    bottom.noalias() -= B.transpose() * data_block_;
  }
  // Batches that collapse onto one point (Wu's noiseless GIBO) need jitter here; the optimizer
  // visits such batches routinely, so the escalation is not logged.
  const CholeskyFactor factor = robust_cholesky(std::move(schur));
  const auto Lzz = factor.llt.matrixL();
  Lzz.solveInPlace(bottom);
  const double alpha = current_ - bottom.squaredNorm();
  if (gradient == nullptr) return alpha;

  // With A = K̃⁻¹J̃ᵀ and M = AAᵀ (docs/toolkit.md; rows n of A that belong to z_p):
  //   ∂α/∂z_{p,l} = −2 Σ_i ∂²k(x, z_p)/∂x_i∂z_l A_{n,i} + 2 Σ_m M_{n,m} ∂k(z_p, x̃_m)/∂z_l,
  // where the m = n term vanishes (∂k(z, z)/∂z = 0 for a stationary kernel). Only the Z rows
  // of A and the products A_X A_Zᵀ, A_Z A_Zᵀ are needed, so nothing costs O(N²d).
  Eigen::MatrixXd A_Z = bottom;  // b × d
  Lzz.transpose().solveInPlace(A_Z);
  const Eigen::MatrixXd M_ZZ = A_Z * A_Z.transpose();  // b × b
  Eigen::MatrixXd M_XZ;                                // N × b: A_X A_Zᵀ
  if (n > 0) {
    // A_X = L_tt⁻ᵀ (L_tt⁻¹J_Xᵀ − B A_Z), so A_X A_Zᵀ = L_tt⁻ᵀ (L_tt⁻¹J_Xᵀ A_Zᵀ − B M_ZZ).
    M_XZ = data_block_ * A_Z.transpose();
    M_XZ.noalias() -= B * M_ZZ;
    L.transpose().solveInPlace(M_XZ);
  }
  gradient->resize(b, d);
  const Eigen::ArrayXd inv_widths = gp.widths().array().inverse();
  for (Eigen::Index p = 0; p < b; ++p) {
    const Eigen::VectorXd u = U.row(p).transpose();
    const Eigen::VectorXd a = A_Z.row(p).transpose();
    // cross_hessian(x, z) is ∂²k(x, z)/∂x∂zᵀ: rows are the x components, taken to user units.
    Eigen::VectorXd g =
        -2.0 * (kernel.cross_hessian(u_, u).transpose() * row_scale_.cwiseProduct(a));
    g.noalias() += 2.0 * (kernel.gradient(u, U) * M_ZZ.col(p));
    if (n > 0) g.noalias() += 2.0 * (kernel.gradient(u, gp.unit_inputs()) * M_XZ.col(p));
    gradient->row(p) = (g.array() * inv_widths).matrix().transpose();
  }
  return alpha;
}

namespace {

// Row p of the forward-difference design {x, x + h e_1, …, x + h e_d}, cycled.
Eigen::VectorXd forward_design_row(const Eigen::VectorXd& x, double h, Eigen::Index p) {
  Eigen::VectorXd z = x;
  const Eigen::Index j = p % (x.size() + 1);
  if (j > 0) z[j - 1] += h;
  return z;
}

// Row p of the central-difference design {x + h e_1, x − h e_1, x + h e_2, …}, cycled.
Eigen::VectorXd central_design_row(const Eigen::VectorXd& x, double h, Eigen::Index p) {
  Eigen::VectorXd z = x;
  z[(p / 2) % x.size()] += (p % 2 == 0) ? h : -h;
  return z;
}

// Indices of the k smallest values, best first (ties keep the lower index).
std::vector<Eigen::Index> best_indices(const Eigen::VectorXd& values, Eigen::Index k) {
  std::vector<Eigen::Index> order(static_cast<std::size_t>(values.size()));
  std::iota(order.begin(), order.end(), Eigen::Index{0});
  const auto m = static_cast<std::ptrdiff_t>(std::clamp<Eigen::Index>(k, 0, values.size()));
  std::partial_sort(order.begin(), order.begin() + m, order.end(),
                    [&](Eigen::Index a, Eigen::Index b) {
                      return values[a] < values[b] || (values[a] == values[b] && a < b);
                    });
  order.resize(static_cast<std::size_t>(m));
  return order;
}

struct SearchBox {
  Eigen::VectorXd lower, upper;
  Eigen::VectorXd clamp(const Eigen::VectorXd& z) const {
    return z.cwiseMax(lower).cwiseMin(upper);
  }
};

// Müller et al. 2021: one point at a time, each minimizing α given the ones before, which
// enter as fantasies (α does not depend on their labels).
Eigen::MatrixXd greedy_batch(const GaussianProcess& gp, const Eigen::VectorXd& x,
                             const SearchBox& box, double h, const GradientBatchOptions& options,
                             std::mt19937_64& rng) {
  const Eigen::Index d = x.size();
  Eigen::MatrixXd points(0, d);
  GaussianProcess conditioned = gp;
  for (Eigen::Index i = 0; i < options.batch; ++i) {
    const GradientTrace step(conditioned, x);
    const SmoothFunction f = [&step](const Eigen::VectorXd& z, Eigen::VectorXd* gradient) {
      if (gradient == nullptr) return step.value(z.transpose());
      Eigen::MatrixXd g;
      const double v = step.value(z.transpose(), &g);
      *gradient = g.row(0).transpose();
      return v;
    };
    const Eigen::MatrixXd raw = scale_to_box(
        sobol_design(std::max(1, options.raw_samples), d, rng()), box.lower, box.upper);
    Eigen::VectorXd raw_values(raw.rows());
    for (Eigen::Index r = 0; r < raw.rows(); ++r)
      raw_values[r] = f(raw.row(r).transpose(), nullptr);
    const std::vector<Eigen::Index> best = best_indices(raw_values, std::max(1, options.restarts));
    Eigen::MatrixXd starts(static_cast<Eigen::Index>(best.size()) + 1, d);
    for (std::size_t r = 0; r < best.size(); ++r)
      starts.row(static_cast<Eigen::Index>(r)) = raw.row(best[r]);
    starts.bottomRows(1) = box.clamp(forward_design_row(x, h, i + 1)).transpose();

    const BoxMinimum minimum =
        minimize_in_box(f, box.lower, box.upper, starts, {options.max_evaluations, 1e-9});
    points.conservativeResize(i + 1, Eigen::NoChange);
    points.row(i) = minimum.x.transpose();
    if (options.min_reduction > 0 && step.current() - minimum.value < options.min_reduction) break;
    if (i + 1 < options.batch) conditioned.add_fantasies(minimum.x.transpose());
  }
  return points;
}

// Wu et al. 2023: all b points at once, one L-BFGS problem over b·d variables.
Eigen::MatrixXd joint_batch(const GradientTrace& trace, const Eigen::VectorXd& x,
                            const SearchBox& box, double h, const GradientBatchOptions& options,
                            std::mt19937_64& rng) {
  const Eigen::Index d = x.size(), b = options.batch, n = b * d;
  // Z (b × d, column-major) is the optimizer's vector as it lies in memory.
  const SmoothFunction f = [&trace, b, d, n](const Eigen::VectorXd& v, Eigen::VectorXd* gradient) {
    const Eigen::MatrixXd Z = Eigen::Map<const Eigen::MatrixXd>(v.data(), b, d);
    if (gradient == nullptr) return trace.value(Z);
    Eigen::MatrixXd g;
    const double value = trace.value(Z, &g);
    *gradient = Eigen::Map<const Eigen::VectorXd>(g.data(), n);
    return value;
  };
  Eigen::VectorXd lower(n), upper(n);
  for (Eigen::Index l = 0; l < d; ++l) {
    lower.segment(l * b, b).setConstant(box.lower[l]);
    upper.segment(l * b, b).setConstant(box.upper[l]);
  }

  std::vector<Eigen::MatrixXd> batches;
  // (i) Wu's start: a tiny cluster around x (code `utils.get_query_points`).
  Eigen::MatrixXd cluster(b, d);
  const double spread = 1e-4 / std::sqrt(static_cast<double>(d));
  for (Eigen::Index l = 0; l < d; ++l)
    for (Eigen::Index p = 0; p < b; ++p) cluster(p, l) = x[l] + spread * standard_normal(rng);
  batches.push_back(cluster);
  // (ii) Finite-difference designs: the result is never worse than these (Wu et al. 2023, Lemma 2).
  Eigen::MatrixXd forward(b, d), central(b, d);
  for (Eigen::Index p = 0; p < b; ++p) {
    forward.row(p) = forward_design_row(x, h, p).transpose();
    central.row(p) = central_design_row(x, h, p).transpose();
  }
  batches.push_back(forward);
  batches.push_back(central);
  // (iii) The best of raw_samples random batches, each b consecutive scrambled-Sobol points.
  const Eigen::Index raw_batches = std::max(0, options.raw_samples);
  if (raw_batches > 0 && options.restarts > 0) {
    const Eigen::MatrixXd raw =
        scale_to_box(sobol_design(raw_batches * b, d, rng()), box.lower, box.upper);
    Eigen::VectorXd raw_values(raw_batches);
    for (Eigen::Index r = 0; r < raw_batches; ++r)
      raw_values[r] = trace.value(raw.middleRows(r * b, b));
    for (const Eigen::Index r : best_indices(raw_values, options.restarts))
      batches.push_back(raw.middleRows(r * b, b));
  }

  Eigen::MatrixXd starts(static_cast<Eigen::Index>(batches.size()), n);
  for (std::size_t k = 0; k < batches.size(); ++k) {
    Eigen::MatrixXd Z = batches[k];
    for (Eigen::Index p = 0; p < b; ++p) Z.row(p) = box.clamp(Z.row(p).transpose()).transpose();
    starts.row(static_cast<Eigen::Index>(k)) = Eigen::Map<const Eigen::RowVectorXd>(Z.data(), n);
  }
  const BoxMinimum minimum =
      minimize_in_box(f, lower, upper, starts, {options.max_evaluations, 1e-9});
  return Eigen::Map<const Eigen::MatrixXd>(minimum.x.data(), b, d);
}

}  // namespace

GradientBatch select_gradient_batch(const GaussianProcess& gp, const Eigen::VectorXd& x,
                                    const GradientBatchOptions& options, std::uint64_t seed) {
  if (x.size() != gp.dim())
    throw std::invalid_argument("select_gradient_batch: x has the wrong size");
  if (options.batch < 0) throw std::invalid_argument("select_gradient_batch: batch must be >= 0");
  SearchBox box{gp.lower(), gp.upper()};
  if (options.box_delta > 0) {
    box.lower = box.lower.cwiseMax((x.array() - options.box_delta).matrix());
    box.upper = box.upper.cwiseMin((x.array() + options.box_delta).matrix());
  }
  if (!(box.upper.array() >= box.lower.array()).all())
    throw std::invalid_argument("select_gradient_batch: x ± box_delta does not meet the GP's box");

  const GradientTrace trace(gp, x);
  GradientBatch batch;
  batch.trace_before = trace.current();
  // Difference step of the structured starts: a tenth of the shortest lengthscale, in user units.
  const double h = 0.1 * gp.user_lengthscales().minCoeff();
  std::mt19937_64 rng(seed);
  if (options.batch == 0)
    batch.points.resize(0, gp.dim());
  else if (options.mode == GradientBatchOptions::Mode::greedy)
    batch.points = greedy_batch(gp, x, box, h, options, rng);
  else
    batch.points = joint_batch(trace, x, box, h, options, rng);
  batch.trace_after = trace.value(batch.points);
  return batch;
}

}  // namespace bopp::bo
