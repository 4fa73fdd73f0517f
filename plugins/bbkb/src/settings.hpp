// The settings every algorithm of the bbkb library reads: the kernel, the noise and the
// confidence width of Calandriello et al. 2020 (Section 5 and Theorem 2), in the paper's units.
#pragma once

#include <bopp/bo/kernel.hpp>
#include <bopp/plugin.hpp>

#include <vector>

namespace bopp::bbkb {

// How a batch ends: after a fixed number of points (one for GP-UCB and BKB, batch_size for
// batch Thompson sampling), or by a bound C̃ on its variances (BBKB, GP-AUCB: key c_tilde).
enum class Batching { fixed, adaptive };

// Whether the posterior is on a dictionary resampled between batches (BBKB, BKB: key q_bar).
enum class Dictionary { none, resparsified };

// The width family, shared by every UCB method of the library so that their widths compare
// like for like. Λ is one sum for all of them: Σ_s log(1 + c σ²_fb(s)(x_s)) over the points
// observed, σ²_fb(s) each method's own λ-scaled variance at the start of x_s's batch (Nyström for
// BBKB, exact for GP-UCB and GP-AUCB), c = 3 under the theorem and 1 under the reference code.
enum class WidthSchedule {
  theorem,  // β̃ = 2ξ √(Λ + log 1/δ) + (1+√2) √λ F, α̃ = C̃ β̃ (Theorem 2)
  reference,  // α̃ = √λ F + √(ξ² (C̃ Λ + log 1/δ)) (the authors' public code, no factor 3 in Λ)
};

struct Settings {
  double bandwidth = 0.0;         // h of k(x, x') = exp(−‖x − x'‖² / (2h²))
  bool bandwidth_chosen = false;  // h came from the data, not from the user
  double noise_std = 0.0;         // ξ
  double lambda = 0.0;            // λ, the regularization (λ-scaled variances)
  double norm_bound = 1.0;        // F, the RKHS norm bound of f
  double delta = 1e-4;            // the failure probability δ
  double c_tilde = 2.0;           // C̃, the batch bound (C for GP-AUCB)
  double q_bar = 2.0;             // q̄, the resparsification oversampling
  WidthSchedule schedule = WidthSchedule::theorem;
  // The first tell is the host's initial design: it is the first batch, in place of the one
  // uniformly drawn arm.
  bool design_from_host = false;

  bo::Kernel kernel(Eigen::Index dim) const {
    return bo::Kernel(bo::KernelType::rbf, dim, bandwidth, 1.0);
  }
  // A point's term of Λ: log(1 + c σ²) of its start-of-batch λ-scaled variance.
  double information(double start_variance) const;
  // The confidence width from Λ and the batch bound `bound` (1 for the sequential methods).
  double width(double log_sum, double bound) const;
  // BKB's own width (Calandriello et al. 2019, Theorem 1 with ε = 1/2, κ = 1), from
  // Σ_i n_i σ̃²_t(x_i), the current variances of the t points observed: theorem
  // 2ξ √(3 log t · Σ + log 1/δ) + (1+√2) √λ F; reference √λ F + √(ξ² (log t · Σ + log 1/δ)).
  double bkb_width(double variance_sum, double t) const;
};

// Keys: bandwidth, noise_std, lambda, norm_bound, delta, width_schedule and, with adaptive
// batches, c_tilde; with a resparsified dictionary, q_bar.
std::vector<Param> settings_params(Batching batching, Dictionary dictionary);

// Reads the keys of settings_params and resolves the automatic values against the problem
// (bandwidth 0: median_distance of the candidates; noise_std 0: the problem's noise, else
// 0.01; lambda 0: ξ²). Throws std::invalid_argument, naming `algorithm`, when the problem has
// no candidate set.
Settings read_settings(const Config& config, const Problem& problem, const char* algorithm);

}  // namespace bopp::bbkb
