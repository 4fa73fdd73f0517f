// GIBO's noiseless BFGS variant in Wu et al. 2023's Figure 1 (variant = "wu-bfgs").
#pragma once

#include "gradient_ascent.hpp"

#include <string>

namespace bopp::gibo {

class WuBfgsGibo : public GradientAscent {
 public:
  WuBfgsGibo(const Problem& problem, const Settings& settings, std::uint64_t seed,
             const Host& host);

  // Converged, the rest of the budget goes to the iterate in as few rounds as the host allows,
  // rather than one evaluation (and one record flush) per round.
  Points ask(std::size_t max_points) override;

 private:
  void finish_round(std::vector<Observation> told) override;
  void start_from_design(std::vector<Observation> design) override;
  void save_variant(StateArchive& archive) const override;
  void restore_variant(const StateArchive& archive) override;

  void sample_gradient_design();
  void update_bfgs(const std::vector<Observation>& told);
  void try_step();
  void judge_step(const std::vector<Observation>& told);
  void line_search_failed();
  void converge(const std::string& why);

  enum class Round {
    design,       // the gradient design at x_k
    line_search,  // one trial point
    converged,    // ‖∇μ‖ below tolerance: the iterate is re-asked
  };
  Round round_ = Round::design;
  Eigen::VectorXd fd_step_;  // h, shrunk when line searches keep failing
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
