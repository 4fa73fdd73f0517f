// Gradient-informed Bayesian optimization (GIBO): local ascent on a GP's estimate of ∇f.
//
// Three readings of the method (docs/gibo.md; ../shared/methods/gibo.md §4):
//   practical  Müller et al. 2021's code: evaluate x_t, then a greedy batch in x_t ± δ that
//              lowers the trace of Cov[∇f(x_t)] (ε_diff early stop), a sliding window of the
//              n_max most recent points, and the normalized step x + lr·ℓ⊙g/‖g‖;
//   wu         Wu et al. 2023, Algorithm 1: a joint batch of b_t points minimizing that trace,
//              then the raw step x + η∇μ projected onto the box;
//   wu-bfgs    the noiseless variant of Wu et al.'s Figure 1: a (d+1)-point design at the
//              iterate gives ∇μ, which drives BFGS with an Armijo line search on the observed
//              values, every trial point one evaluation.
// Everything GIBO samples comes from the toolkit (bopp::bo::select_gradient_batch).
// Algorithms maximize (the ABI's convention), so every step ascends.
#pragma once

#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/kernel.hpp>
#include <bopp/plugin.hpp>

#include <cstdint>
#include <deque>
#include <random>
#include <span>
#include <vector>

namespace bopp::gibo {

enum class Variant { practical, wu, wu_bfgs };

class Gibo {
 public:
  static constexpr const char* name = "gibo";
  static constexpr const char* version = "0.1.0";
  static constexpr const char* summary =
      "GIBO: local gradient ascent on a GP's gradient estimate (Müller et al. 2021; Wu et al. 2023)";
  static std::vector<Param> params();

  Gibo(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host);

  Points ask(std::size_t max_points);
  void tell(const Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status);
  Eigen::VectorXd recommend() const { return x_; }

  // For tests and diagnostics: the iteration count t, and the last gradient estimate ∇μ
  // (at the iterate it was computed for, before the step; empty before the first).
  std::size_t iteration() const { return iteration_; }
  const Eigen::VectorXd& last_gradient() const { return gradient_; }
  const Eigen::VectorXd& last_gradient_point() const { return gradient_point_; }
  const Eigen::VectorXd& lengthscales() const { return lengthscales_; }  // user units

 private:
  // What the planned points are for; decides what happens once all of them are told.
  enum class Stage {
    iterate,      // practical: f(x_t)
    batch,        // practical and wu: the gradient batch at x_t
    design,       // wu-bfgs: the gradient design at x_k
    line_search,  // wu-bfgs: one trial point
    converged,    // wu-bfgs: ‖g‖ below tolerance; the iterate is re-asked
  };
  struct Observation {
    Eigen::VectorXd x;
    double y;
  };

  Eigen::VectorXd start_point(const Config& config) const;
  bo::GaussianProcess make_gp(const std::vector<Observation>& data) const;
  std::vector<Observation> local_data(Eigen::Index cap) const;
  Eigen::Index window() const;
  Eigen::Index batch_size() const;
  void refit(const std::vector<Observation>& data);
  void record(const std::vector<Observation>& told, bool trim);

  void advance();
  void plan_iterate();
  void plan_batch();
  void finish_batch();
  void plan_design();
  void finish_design(const std::vector<Observation>& told);
  void plan_line_search();
  void finish_line_search(const std::vector<Observation>& told);
  void line_search_failed();

  Eigen::VectorXd project(const Eigen::VectorXd& x) const;

  Problem problem_;
  Host host_;
  std::mt19937_64 rng_;
  Variant variant_;
  bo::KernelType kernel_;
  Eigen::VectorXd lengthscales_;  // user units
  double outputscale_;
  double noise_variance_;
  bool fit_;
  Eigen::Index batch_;
  bool linear_schedule_;
  Eigen::Index batch_max_;
  Eigen::Index n_max_;
  double local_radius_;
  double eta_;
  double lr_;
  double delta_;
  double eps_diff_;
  bool normalize_;
  bool forward_design_;
  Eigen::VectorXd fd_step_;
  int max_backtracks_;
  int raw_samples_;
  int restarts_;

  bo::Hyperparameters hypers_;  // model units
  Eigen::VectorXd x_;           // the iterate
  std::size_t iteration_ = 0;
  Eigen::VectorXd gradient_, gradient_point_;

  Stage stage_ = Stage::iterate;
  std::deque<Eigen::VectorXd> queue_;  // planned, not asked yet
  std::size_t awaiting_ = 0;           // asked, not told yet
  std::vector<Observation> told_;      // successes of the current stage

  std::vector<Observation> data_;  // practical: the window; wu: everything observed

  // wu-bfgs state.
  bool have_value_ = false;  // f(x_k) observed
  double value_ = 0.0;       // f(x_k)
  Eigen::MatrixXd H_;        // inverse-Hessian approximation of −f
  Eigen::VectorXd previous_x_, previous_gradient_;
  Eigen::VectorXd direction_;
  double step_ = 1.0;
  int backtracks_ = 0;
  int failures_ = 0;  // consecutive failed line searches
  bool first_update_ = true;
};

}  // namespace bopp::gibo
