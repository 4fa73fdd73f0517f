// Plugins that run without error but break a promise a host relies on for reruns: values that
// depend on how points are grouped into calls, on earlier calls or on the calling thread, and
// asks that differ between two instances given one seed. `bopp check` must catch each. And one
// that keeps a promise in a way the checker cannot exercise: a required key.
#pragma once

#include <bopp/plugin.hpp>

#include <cstdint>
#include <random>
#include <stdexcept>
#include <thread>

namespace misbehaving {

// Sum of squares on [0, 1]^2 plus the number of points in the call: a point's value depends
// on its batch.
struct BatchSizeObjective {
  static constexpr const char* name = "batch_size_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^2 plus the batch size";
  static std::vector<bopp::Param> params() { return {}; }
  BatchSizeObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  void evaluate_batch(const bopp::Points& X, std::span<const std::uint64_t>, std::span<double> y,
                      std::span<std::int32_t> status) {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      y[static_cast<std::size_t>(r)] = X.row(r).squaredNorm() + static_cast<double>(X.rows());
      status[static_cast<std::size_t>(r)] = BOPP_OK;
    }
  }
};

// Sum of squares on [0, 1]^2 plus how many points it evaluated before: the same point and
// seed never give the same value twice.
struct CountingObjective {
  static constexpr const char* name = "counting_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^2 plus a count of evaluations";
  static std::vector<bopp::Param> params() { return {}; }
  CountingObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    return x.squaredNorm() + static_cast<double>(evaluations++);
  }
  std::uint64_t evaluations = 0;
};

// Sum of squares on [0, 1]^2, declared thread-safe, plus 1 when evaluated on another thread
// than the one that created it: a stand-in for state kept per thread, which one instance
// shared by an evaluator's threads would see differ.
struct ThreadBoundObjective {
  static constexpr const char* name = "thread_bound_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "sum of squares on [0, 1]^2, declared thread-safe; +1 off its creating thread";
  static std::vector<bopp::Param> params() { return {}; }
  ThreadBoundObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const {
    bopp::Problem p = bopp::Problem::box(2, 0.0, 1.0);
    p.thread_safe = true;
    return p;
  }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    return x.squaredNorm() + (std::this_thread::get_id() == creator ? 0.0 : 1.0);
  }
  std::thread::id creator = std::this_thread::get_id();
};

// Sum of squares on [0, 1]^2 with a required key, `scale`: an empty table is refused.
struct RequiredKeyObjective {
  static constexpr const char* name = "required_key_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "scale times the sum of squares on [0, 1]^2";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::real("scale", 1.0, "factor on the value").make_required()};
  }
  RequiredKeyObjective(const bopp::Config& config, std::uint64_t, const bopp::Host&)
      : scale(config.real("scale")) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) { return scale * x.squaredNorm(); }
  double scale;
};

// Asks uniform points drawn from std::random_device, ignoring its seed.
struct UnseededAlgorithm {
  static constexpr const char* name = "unseeded_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "uniform points that ignore the seed";
  static std::vector<bopp::Param> params() { return {}; }
  UnseededAlgorithm(const bopp::Problem& p, const bopp::Config&, std::uint64_t, const bopp::Host&)
      : problem(p), rng(std::random_device{}()) {}
  bopp::Points ask(std::size_t) {
    std::uniform_real_distribution<double> unit(0.0, 1.0);
    Eigen::VectorXd x(problem.dim());
    for (Eigen::Index i = 0; i < x.size(); ++i) {
      x[i] = problem.lower[i] + unit(rng) * (problem.upper[i] - problem.lower[i]);
    }
    last = x;
    return x.transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const {
    return last.size() == problem.dim() ? last
                                        : Eigen::VectorXd((problem.lower + problem.upper) / 2);
  }
  bopp::Problem problem;
  std::mt19937_64 rng;
  Eigen::VectorXd last;
};

// Sum of squares on [0, 1]^2 that fails by design, as declared (an exception: status
// BOPP_EVAL_FAILED with its message), at the upper corner, unless `fail_at_corner = false`: a
// class `bopp check` passes only when configured (--set fail_at_corner=false).
struct CornerObjective {
  static constexpr const char* name = "corner_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "sum of squares on [0, 1]^2; fails at the upper corner";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::boolean("fail_at_corner", true, "fail at the upper corner (1, 1)")};
  }
  CornerObjective(const bopp::Config& config, std::uint64_t, const bopp::Host&)
      : fail_at_corner(config.boolean("fail_at_corner")) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (fail_at_corner && x[0] == 1.0 && x[1] == 1.0)
      throw std::runtime_error("infeasible at the upper corner");
    return x.squaredNorm();
  }
  bool fail_at_corner;
};

}  // namespace misbehaving
