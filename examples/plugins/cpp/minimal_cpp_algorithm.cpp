// The smallest algorithm plugin in C++, with the authoring kit (docs/abi.md).
// "hill_climber": asks Gaussian steps around the best point so far.
#include <bopp/plugin.hpp>

#include <random>

class HillClimber {
 public:
  static constexpr const char* name = "hill_climber";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "Gaussian steps around the best point so far";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::real("step", 0.1, "step size, as a fraction of the box width")
                .range(0.0, 1.0)};
  }

  HillClimber(const bopp::Problem& problem, const bopp::Config& config, std::uint64_t seed,
              const bopp::Host& host)
      : problem_(problem),
        step_(config.real("step")),
        rng_(seed),
        best_x_((problem.lower + problem.upper) / 2) {
    host.info("starting at the box centre");
  }

  bopp::Points ask(std::size_t max_points) {
    std::normal_distribution<double> normal;
    bopp::Points X(static_cast<Eigen::Index>(max_points), problem_.dim());
    for (Eigen::Index r = 0; r < X.rows(); ++r)
      for (Eigen::Index i = 0; i < X.cols(); ++i) {
        const double width = problem_.upper[i] - problem_.lower[i];
        X(r, i) = std::clamp(best_x_[i] + step_ * width * normal(rng_), problem_.lower[i],
                             problem_.upper[i]);
      }
    return X;
  }

  // Values arrive in the maximization convention; failed points are skipped.
  void tell(const bopp::Points& X, const Eigen::VectorXd& y, std::span<const std::int32_t> status) {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      if (status[static_cast<std::size_t>(r)] == BOPP_OK && y[r] > best_y_) {
        best_y_ = y[r];
        best_x_ = X.row(r).transpose();
      }
    }
  }

  Eigen::VectorXd recommend() { return best_x_; }

  // Optional: checkpoints (docs/writing-a-plugin.md), so a long run resumes without replaying.
  void save(bopp::StateArchive& archive) const {
    archive.write("rng", rng_);
    archive.write("best_x", best_x_);
    archive.write("best_y", best_y_);
  }
  void restore(const bopp::StateArchive& archive) {
    archive.read("rng", rng_);
    archive.read("best_x", best_x_);
    archive.read("best_y", best_y_);
  }

 private:
  bopp::Problem problem_;
  double step_;
  std::mt19937_64 rng_;
  Eigen::VectorXd best_x_;
  double best_y_ = -std::numeric_limits<double>::infinity();
};

BOPP_PLUGIN_LIBRARY("minimal_cpp", "1.0.0", bopp::Algorithm<HillClimber>)
