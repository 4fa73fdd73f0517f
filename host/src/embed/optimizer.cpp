#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/host/run/evaluators/evaluator.hpp>
#include <bopp/host/run/loop/ask_tell.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <algorithm>
#include <cmath>
#include <thread>

namespace bopp::host {
namespace {

// A problem given directly is the caller's, so its faults are the caller's errors, not a
// plugin misbehaving.
void check_given_problem(const bopp::Problem& p, const std::string& source) {
  const std::string where = source + ": the problem ";
  if (p.dim() < 1) throw Error(where + "has no dimension; give at least one bound");
  if (p.upper.size() != p.dim()) {
    throw Error(where + "has " + std::to_string(p.dim()) + " lower bounds and " +
                std::to_string(p.upper.size()) + " upper bounds");
  }
  if (!p.kinds.empty() && p.kinds.size() != static_cast<std::size_t>(p.dim())) {
    throw Error(where + "has " + std::to_string(p.kinds.size()) + " dimension kinds for " +
                std::to_string(p.dim()) + " dimensions");
  }
  if (p.has_candidates() && p.candidates.cols() != p.dim()) {
    throw Error(where + "has candidates of " + std::to_string(p.candidates.cols()) +
                " coordinates for " + std::to_string(p.dim()) + " dimensions");
  }
  for (Eigen::Index r = 0; r < p.candidates.rows(); ++r) {
    const auto row = p.candidates.row(r).transpose().array();
    if (!(row >= p.lower.array()).all() || !(row <= p.upper.array()).all()) {
      throw Error(where + "has candidate " + std::to_string(r) + " outside its bounds");
    }
  }
  for (Eigen::Index i = 0; i < p.dim(); ++i) {
    if (!std::isfinite(p.lower[i]) || !std::isfinite(p.upper[i]) || !(p.lower[i] < p.upper[i])) {
      throw Error(where + "bound " + std::to_string(i) + " is [" + std::to_string(p.lower[i]) +
                  ", " + std::to_string(p.upper[i]) +
                  "]; expected finite bounds with lower < upper");
    }
  }
}

}  // namespace

Optimizer::Optimizer(const PluginRegistry& registry, OptimizerSettings settings)
    : seed_(settings.seed) {
  // Resolved as `bopp run` resolves an experiment: objective first, then algorithm.
  if (settings.objective) {
    resolve_plugin_section(*settings.objective, "objective", registry, settings.source);
  }
  resolve_plugin_section(settings.algorithm, "algorithm", registry, settings.source);
  algorithm_config_ = settings.algorithm.config_text();
  const std::uint32_t threads = std::max(1u, std::thread::hardware_concurrency());

  if (settings.objective) {
    objective_config_.emplace(settings.objective->name, settings.objective->config_text());
    objective_services_ =
        std::make_unique<HostServices>(settings.objective->name, settings.log, nullptr, threads);
    const ObjectiveSpec spec = run_objective_spec(registry.objective(settings.objective->name),
                                                  settings.objective->config_text(), seed_);
    objective_ = make_run_objective(spec, registry, *objective_services_);
    problem_ = objective_->problem();
  } else {
    check_given_problem(settings.problem, settings.source);
    problem_ = std::move(settings.problem);
  }
  algorithm_services_ =
      std::make_unique<HostServices>(settings.algorithm.name, settings.log, nullptr, threads);
  algorithm_ = make_run_algorithm(registry.algorithm(settings.algorithm.name), problem_,
                                  algorithm_config_, seed_, *algorithm_services_);
}

Optimizer::~Optimizer() = default;

const std::string& Optimizer::algorithm_name() const { return algorithm_->name(); }

bopp::Points Optimizer::ask(std::size_t max_points) {
  if (max_points < 1) throw Error("ask: max_points must be at least 1");
  return ask_rounded(*algorithm_, problem_, max_points);
}

void Optimizer::tell(const bopp::Points& X, std::span<const double> y,
                     std::span<const bool> failed) {
  const auto n = static_cast<std::size_t>(X.rows());
  if (X.cols() != problem_.dim()) {
    throw Error("tell: the points have " + std::to_string(X.cols()) +
                " coordinates; the problem has " + std::to_string(problem_.dim()));
  }
  if (y.size() != n || (!failed.empty() && failed.size() != n)) {
    throw Error("tell: " + std::to_string(n) + " points but " + std::to_string(y.size()) +
                " values" +
                (failed.empty() ? "" : " and " + std::to_string(failed.size()) + " failure marks"));
  }
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    for (Eigen::Index i = 0; i < X.cols(); ++i) {
      if (!(X(r, i) >= problem_.lower[i] && X(r, i) <= problem_.upper[i])) {
        throw Error("tell: point " + std::to_string(r) + " has x[" + std::to_string(i) +
                    "] = " + std::to_string(X(r, i)) + " outside the bounds [" +
                    std::to_string(problem_.lower[i]) + ", " + std::to_string(problem_.upper[i]) +
                    "]");
      }
    }
  }
  std::vector<double> told_y(n);
  std::vector<std::int32_t> status(n);
  for (std::size_t i = 0; i < n; ++i) {
    const bool ok = (failed.empty() || !failed[i]) && std::isfinite(y[i]);
    told_y[i] = told_value(problem_, ok, y[i]);
    status[i] = told_status(ok);
  }
  tell_batch(*algorithm_, X, told_y, status);
  told_ += n;
}

std::vector<Evaluation> Optimizer::evaluate(const bopp::Points& X) {
  if (!objective_) {
    throw Error(
        "evaluate: this optimizer was given a problem, not an objective plugin; "
        "evaluate the points yourself");
  }
  if (X.cols() != problem_.dim()) {
    throw Error("evaluate: the points have " + std::to_string(X.cols()) +
                " coordinates; the problem has " + std::to_string(problem_.dim()));
  }
  const auto n = static_cast<std::size_t>(X.rows());
  const std::vector<std::uint64_t> seeds = evaluation_seeds(seed_, evaluated_, n);
  std::vector<Evaluation> out(n);
  for (std::size_t i = 0; i < n; ++i) {
    out[i] = objective_->evaluate(point_of(X, static_cast<Eigen::Index>(i)), seeds[i]);
  }
  evaluated_ += n;
  return out;
}

Eigen::VectorXd Optimizer::recommend() { return algorithm_->recommend(); }

}  // namespace bopp::host
