// An example algorithm plugin, built out of tree against the installed SDK (find_package(bopp)).
// "shrinking_lhs": each batch is a Latin hypercube (from the toolkit, bopp::bo) in a box
// around the best point so far; the box shrinks after a batch that does not improve.
#include <bopp/bo/design.hpp>
#include <bopp/plugin.hpp>

#include <algorithm>
#include <limits>

class ShrinkingLhs {
 public:
  static constexpr const char* name = "shrinking_lhs";
  static constexpr const char* version = EXAMPLE_VERSION;
  static constexpr const char* summary =
      "Latin hypercube batches in a box around the best point, shrinking when no batch improves";
  static std::vector<bopp::Param> params() {
    return {
        bopp::Param::real(
            "shrink", 0.5,
            "the box's width is multiplied by this after a batch that does not improve")
            .range(0.05, 0.95),
        bopp::Param::real("min_width", 1e-3,
                          "the box never gets narrower than this fraction of the domain")
            .range(1e-9, 1.0),
    };
  }

  ShrinkingLhs(const bopp::Problem& problem, const bopp::Config& config, std::uint64_t seed,
               const bopp::Host& host)
      : problem_(problem),
        shrink_(config.real("shrink")),
        min_width_(config.real("min_width")),
        seed_(seed),
        host_(host),
        best_x_((problem.lower + problem.upper) / 2) {}

  bopp::Points ask(std::size_t max_points) {
    const Eigen::VectorXd span = problem_.upper - problem_.lower;
    const Eigen::VectorXd lower = (best_x_ - width_ / 2 * span).cwiseMax(problem_.lower);
    const Eigen::VectorXd upper = (best_x_ + width_ / 2 * span).cwiseMin(problem_.upper);
    const auto n = static_cast<Eigen::Index>(max_points);
    // A fresh design each batch: the seed, mixed with the batch's index, keeps runs reproducible.
    const Eigen::MatrixXd unit =
        bopp::bo::latin_hypercube_design(n, problem_.dim(), seed_ + batches_++);
    return bopp::bo::scale_to_box(unit, lower, upper);
  }

  // Values arrive in the maximization convention; failed evaluations are skipped.
  void tell(const bopp::Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
    bool improved = false;
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      if (status[static_cast<std::size_t>(r)] == BOPP_OK && y[r] > best_y_) {
        best_y_ = y[r];
        best_x_ = X.row(r).transpose();
        improved = true;
      }
    }
    if (!improved && best_y_ > -std::numeric_limits<double>::infinity()) {
      width_ = std::max(width_ * shrink_, min_width_);
      host_.debug("box width now " + std::to_string(width_));
    }
  }

  Eigen::VectorXd recommend() { return best_x_; }

 private:
  bopp::Problem problem_;
  double shrink_;
  double min_width_;
  std::uint64_t seed_;
  bopp::Host host_;
  std::uint64_t batches_ = 0;
  double width_ = 1.0;  // fraction of the domain's width
  Eigen::VectorXd best_x_;
  double best_y_ = -std::numeric_limits<double>::infinity();
};

BOPP_PLUGIN_LIBRARY("example_algorithm", EXAMPLE_VERSION, bopp::Algorithm<ShrinkingLhs>)
