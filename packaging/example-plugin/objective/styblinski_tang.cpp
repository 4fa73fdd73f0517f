// An example objective plugin, built out of tree against the installed SDK (find_package(bopp)).
// "example_styblinski_tang": the Styblinski-Tang function in any dimension, with optional
// Gaussian noise; stands in for a user's own model (docs/shipping-a-closed-source-objective.md).
#include <bopp/plugin.hpp>

#include <cmath>
#include <random>
#include <stdexcept>

class StyblinskiTang {
 public:
  static constexpr const char* name = "example_styblinski_tang";
  static constexpr const char* version = EXAMPLE_VERSION;
  static constexpr const char* summary =
      "Styblinski-Tang on [-5, 5]^dim, minimized; optimum -39.166166 * dim";
  static std::vector<bopp::Param> params() {
    return {
        bopp::Param::integer("dim", 2, "number of dimensions").range(1, 1000),
        bopp::Param::real("noise_std", 0.0,
                          "standard deviation of Gaussian noise added to each value")
            .at_least(0.0),
    };
  }

  // `seed` would fix any random construction of the function; this one has none.
  StyblinskiTang(const bopp::Config& config, std::uint64_t /*seed*/, const bopp::Host& /*host*/)
      : dim_(config.integer("dim")), noise_std_(config.real("noise_std")) {}

  bopp::Problem problem() const {
    bopp::Problem p = bopp::Problem::box(dim_, -5.0, 5.0);
    p.sense = bopp::Sense::minimize;
    p.optimum_value = kOptimumPerDimension * static_cast<double>(dim_);
    p.optimizer = Eigen::VectorXd::Constant(dim_, kOptimizer);
    p.noise_std = noise_std_;
    p.thread_safe = true;  // evaluate keeps no state
    return p;
  }

  // One point; `seed` is this evaluation's own, so noise is reproducible whatever the evaluator.
  // An exception fails this point only, with its message in the run record.
  double evaluate(const Eigen::VectorXd& x, std::uint64_t seed) const {
    if (!x.allFinite()) throw std::domain_error("non-finite coordinate");
    const Eigen::ArrayXd a = x.array();
    double value = 0.5 * (a.pow(4) - 16 * a.square() + 5 * a).sum();
    if (noise_std_ > 0) {
      std::mt19937_64 rng(seed);
      value += std::normal_distribution<double>(0.0, noise_std_)(rng);
    }
    return value;
  }

 private:
  static constexpr double kOptimizer = -2.903534027771178;
  static constexpr double kOptimumPerDimension = -39.16616570377142;
  Eigen::Index dim_;
  double noise_std_;
};

BOPP_PLUGIN_LIBRARY("example_objective", EXAMPLE_VERSION, bopp::Objective<StyblinskiTang>)
