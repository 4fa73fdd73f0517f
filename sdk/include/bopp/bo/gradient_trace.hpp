// bopp/bo/gradient_trace.hpp: GIBO's sampling criterion, the trace of the posterior
// covariance of ∇f at a point after adding inputs Z, and the batch that minimizes it.
#pragma once

#include <bopp/bo/gaussian_process.hpp>

#include <Eigen/Core>

#include <cstdint>

namespace bopp::bo {

// α(Z) = tr Cov[∇f(x) | D ∪ Z] = tr(H₀) − ‖L̃⁻¹ J̃ᵀ‖²_F with X̃ = [X; Z], L̃ the Cholesky factor
// of k(X̃, X̃) + σ_n² I and J̃ = ∂k(x, X̃)/∂x (Müller et al. 2021; Wu et al. 2023, eq. 2).
// It does not depend on the labels of Z. The block of L̃⁻¹J̃ᵀ that belongs to the GP's data
// is computed once in the constructor (O(N²d)), so one evaluation costs O(N²b + Nb² + b³ +
// Nbd), its gradient included. Points and gradients are in the user's units (the GP's box);
// the trace is in (user units of y per user unit of x)², like
// gradient_posterior(gp, x).covariance.trace(). The batch block of L̃ is factored with
// robust_cholesky, so batches that collapse onto x or onto data (noiseless GIBO) get jitter
// rather than an exception; that jitter is not logged, as optimizers visit such batches often.
class GradientTrace {
 public:
  // Keeps a reference to gp, which must outlive this object and not change meanwhile.
  // Throws std::invalid_argument for matern12, whose sample paths have no gradient.
  GradientTrace(const GaussianProcess& gp, const Eigen::VectorXd& x);

  Eigen::Index dim() const;
  const Eigen::VectorXd& point() const;
  double prior_trace() const;  // tr H₀: no data at all
  double current() const;      // α(∅): the GP's data only

  // α at the batch whose points are the rows of Z (any number ≥ 0 of rows); when `gradient`
  // is not null it receives ∂α/∂Z, shaped like Z.
  double value(const Eigen::MatrixXd& Z, Eigen::MatrixXd* gradient = nullptr) const;

 private:
  const GaussianProcess* gp_;
  Eigen::VectorXd x_;
  Eigen::VectorXd u_;          // x in the unit cube
  Eigen::VectorXd row_scale_;  // s / width_i: takes row i of a model-unit J̃ to user units
  double prior_trace_ = 0.0;
  double current_ = 0.0;
  Eigen::MatrixXd data_block_;  // L_tt⁻¹ J_Xᵀ (rows scaled to user units), N × d
};

struct GradientBatchOptions {
  enum class Mode {
    greedy,  // one point at a time, each conditioned on the ones before (Müller et al.)
    joint,   // all b points at once, one optimization over b·d variables (Wu et al.)
  };
  Mode mode = Mode::greedy;
  Eigen::Index batch = 1;  // b, the most points chosen
  // Points are searched in x ± box_delta (user units) ∩ the GP's box; ≤ 0 means the GP's box.
  double box_delta = 0.2;
  // Greedy only: stop early once a point lowers α by less than this (Müller's ε_diff; the
  // point that failed the test is still returned, as in GIBO's code). 0 = never stop early.
  double min_reduction = 0.0;
  int raw_samples = 64;  // scrambled-Sobol candidates in the search box, per greedy point
  int restarts = 5;      // L-BFGS starts (best raw samples, plus the structured starts)
  int max_evaluations = 200;
};

struct GradientBatch {
  Eigen::MatrixXd points;     // rows, user units; at most options.batch rows
  double trace_before = 0.0;  // α(∅)
  double trace_after = 0.0;   // α(points)
};

// Chooses up to options.batch points minimizing α at x, in the search box. Greedy: each point
// from the best raw samples and one row of the forward-difference design, conditioned on the
// points before it as fantasies. Joint: L-BFGS from Wu's tiny cluster x + (1e-4/√d)·N(0, I),
// from the forward {x, x + h e_1, …} and central {x ± h e_i} difference designs (cycled to b
// rows, h = 0.1 × the shortest lengthscale in user units, clamped into the box; the result is
// never worse than either), and from the `restarts` best of `raw_samples` random Sobol
// batches. Bit-reproducible given seed. Throws std::invalid_argument for matern12 and when
// x ± box_delta misses the GP's box.
GradientBatch select_gradient_batch(const GaussianProcess& gp, const Eigen::VectorXd& x,
                                    const GradientBatchOptions& options, std::uint64_t seed);

}  // namespace bopp::bo
