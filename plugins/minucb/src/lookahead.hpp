// LA-MinUCB's look-ahead criterion (Fan et al. 2024, eq. 6) in the one-shot form of the
// knowledge gradient (Balandat et al. 2020, §4.2), maximization convention:
//
//   A(Z, X') = (1/N) Σ_j [ μ_D(x'_j) + k_D(x'_j, Z) L_Z⁻ᵀ ξ_j − β sqrt(σ_D²(x'_j) − ‖L_Z⁻¹ k_D(Z,
//   x'_j)‖²) ]
//
// with L_Z L_Zᵀ = K_D(Z, Z) + σ_n² I and N fixed base samples ξ_j ~ N(0, I_b): the LCB of the
// GP after observing y_Z = μ_D(Z) + L_Z ξ_j, at one inner point x'_j per fantasy. Maximizing
// jointly over (Z, X') maximizes E[max_x LCB_{D ∪ Z}(x)] over Z (Fan et al. 2024, Algorithm 2;
// docs/minucb.md).
#pragma once

#include "settings.hpp"

#include <bopp/bo/gaussian_process.hpp>

#include <cstdint>

namespace bopp::minucb {

// The look-ahead at fixed base samples. Keeps a reference to gp, which must outlive it.
// Points and gradients are in the user's units; inside, everything runs in the GP's model
// units (unit cube, standardized y), so one evaluation costs two triangular solves with the
// data's Cholesky factor against the n × (b + N) block k(X, [Z; X']), which is computed once.
class LookAheadLcb {
 public:
  // base_samples: b × N, column j is ξ_j.
  LookAheadLcb(const bo::GaussianProcess& gp, double beta, Eigen::MatrixXd base_samples);

  Eigen::Index batch() const { return xi_.rows(); }
  Eigen::Index fantasies() const { return xi_.cols(); }

  // A at Z (b × d) and X' (N × d); with gradients, ∂A/∂Z and ∂A/∂X' shaped like them.
  double value(const Eigen::MatrixXd& Z, const Eigen::MatrixXd& inner,
               Eigen::MatrixXd* gradient_Z = nullptr,
               Eigen::MatrixXd* gradient_inner = nullptr) const;

  // The posterior of f at each x'_j after observing Z with y_Z = μ_D(Z) + L_Z ξ_j (user
  // units), the quantities A averages; for tests against a GP refit on D ∪ Z.
  struct Fantasized {
    Eigen::VectorXd mean;      // μ_{D∪Z}(x'_j) under fantasy j
    Eigen::VectorXd variance;  // σ²_{D∪Z}(x'_j)
    Eigen::MatrixXd y_Z;       // b × N: the fantasized observations
  };
  Fantasized fantasize(const Eigen::MatrixXd& Z, const Eigen::MatrixXd& inner) const;

  // The LCB μ_{D∪Z} − βσ_{D∪Z} (user units) at each of m points under each fantasy: N × m,
  // entry (j, k) is point k under fantasy j. One evaluation for all of them, however many.
  Eigen::MatrixXd fantasized_lcb(const Eigen::MatrixXd& Z, const Eigen::MatrixXd& points) const;

 private:
  const bo::GaussianProcess& gp_;
  double beta_;
  Eigen::MatrixXd xi_;
};

struct LookAheadOptions {
  double beta = 3.0;
  double delta = 0.2;           // half-width of the search box around x_t
  Eigen::Index batch = 1;       // b
  Eigen::Index fantasies = 16;  // N
  int raw_batches = 64;         // random Z scored once, each with its best inner points
  int restarts = 4;  // L-BFGS starts: the warm start, the given batch, the best raw batches
  int max_evaluations = 100;  // per start
};

struct LookAheadBatch {
  Eigen::MatrixXd points;  // Z, b × d
  Eigen::MatrixXd inner;   // X' at the optimum
  double value = 0.0;      // A(Z, X')
};

// N base samples of dimension b (b × N): a digitally shifted Sobol design mapped by Φ⁻¹, in
// antithetic pairs (ξ, −ξ).
Eigen::MatrixXd lookahead_base_samples(Eigen::Index batch, Eigen::Index fantasies,
                                       std::uint64_t seed);

// Maximizes A over Z and X' in x_t ± options.delta ∩ the problem's box (LA-MinUCB passes
// min(δ, 0.3 lengthscales)). Starts: Z at x_t plus small perturbations; Z = start_batch when
// it has b rows (LA-MinUCB passes GIBO's batch at x_t); then the best of raw_batches random
// Z, up to `restarts` starts in all. The inner points of every start are, per fantasy, the
// best of x_t and the rows of Z under that fantasy. Base samples come in antithetic pairs.
LookAheadBatch select_lookahead_batch(const bo::GaussianProcess& gp, const Eigen::VectorXd& x_t,
                                      const Problem& problem, const LookAheadOptions& options,
                                      std::uint64_t seed, const Eigen::MatrixXd& start_batch = {});

}  // namespace bopp::minucb
