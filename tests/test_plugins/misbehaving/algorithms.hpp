// Algorithms that break the ask/tell contract in the ways a host must catch.
#pragma once

#include <bopp/plugin.hpp>

#include <algorithm>
#include <cstdint>
#include <random>
#include <stdexcept>

namespace misbehaving {

// Proposes the box centre, until it has been asked `fail_after` times: from then on ask
// throws (with the default 0, the first ask throws).
struct ThrowingAlgorithm {
  static constexpr const char* name = "throwing_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "asks the box centre; throws after fail_after asks";
  static std::vector<bopp::Param> params() {
    return {
        bopp::Param::integer("fail_after", 0, "asks that succeed before ask throws").at_least(0)};
  }
  ThrowingAlgorithm(const bopp::Problem& p, const bopp::Config& config, std::uint64_t,
                    const bopp::Host&)
      : problem(p), fail_after(config.integer("fail_after")) {}
  bopp::Points ask(std::size_t) {
    if (asked >= fail_after) throw std::runtime_error("ask failed on purpose");
    ++asked;
    return recommend().transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }

  bopp::Problem problem;
  std::int64_t fail_after;
  std::int64_t asked = 0;
};

// Proposes one point whose first coordinate lies 1 beyond the upper bound (the others at the
// centre): the host must reject it as a plugin misbehaving.
struct OutOfBoundsAlgorithm {
  static constexpr const char* name = "out_of_bounds_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "asks a point outside the box";
  static std::vector<bopp::Param> params() { return {}; }
  OutOfBoundsAlgorithm(const bopp::Problem& p, const bopp::Config&, std::uint64_t,
                       const bopp::Host&)
      : problem(p) {}
  bopp::Points ask(std::size_t) {
    Eigen::VectorXd x = recommend();
    x[0] = problem.upper[0] + 1.0;
    return x.transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }

  bopp::Problem problem;
};

// Asks the box centre, then recommends badly: `recommend = "throw"` throws, `"outside"`
// returns a point 1 beyond the upper bound in its first coordinate. The run must stay
// completed, with a warning and no recommendation.
struct BadRecommendAlgorithm {
  static constexpr const char* name = "bad_recommend_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "asks the box centre; recommend throws or lies outside";
  static std::vector<bopp::Param> params() {
    return {bopp::Param::choice("recommend", "throw", "throw|outside", "how recommend fails")};
  }
  BadRecommendAlgorithm(const bopp::Problem& p, const bopp::Config& config, std::uint64_t,
                        const bopp::Host&)
      : problem(p), outside(config.string("recommend") == "outside") {}
  bopp::Points ask(std::size_t) { return ((problem.lower + problem.upper) / 2).transpose(); }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const {
    if (!outside) throw std::runtime_error("recommend failed on purpose");
    Eigen::VectorXd x = (problem.lower + problem.upper) / 2;
    x[0] = problem.upper[0] + 1.0;
    return x;
  }

  bopp::Problem problem;
  bool outside;
};

// Asks uniform points from its seeded generator, and offers checkpoints whose state forgets
// the generator (it keeps only how many points were asked): a restored instance asks again
// what the original asked first. `bopp check` must report it as a state that does not
// round-trip.
struct ForgetfulAlgorithm {
  static constexpr const char* name = "forgetful_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "uniform points; its saved state forgets the generator";
  static std::vector<bopp::Param> params() { return {}; }
  ForgetfulAlgorithm(const bopp::Problem& p, const bopp::Config&, std::uint64_t seed,
                     const bopp::Host&)
      : problem(p), rng(seed) {}
  bopp::Points ask(std::size_t max_points) {
    bopp::Points X(static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points)), problem.dim());
    std::uniform_real_distribution<double> u(0.0, 1.0);
    for (Eigen::Index r = 0; r < X.rows(); ++r)
      for (Eigen::Index c = 0; c < X.cols(); ++c)
        X(r, c) = problem.lower[c] + u(rng) * (problem.upper[c] - problem.lower[c]);
    asked += X.rows();
    return X;
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t>) {}
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }
  void save(bopp::StateArchive& archive) const { archive.write("asked", asked); }
  void restore(const bopp::StateArchive& archive) { archive.read("asked", asked); }

  bopp::Problem problem;
  std::mt19937_64 rng;
  std::int64_t asked = 0;
};

// Asks the box centre until it has been told of a failed point, and from its third ask on
// after that, a point 1 beyond the upper bound in its first coordinate: an out-of-box ask that
// only a check asking several rounds, failed points among its tells, finds. `bopp check` must
// report it under ask-in-bounds.
struct LateOutOfBoundsAlgorithm {
  static constexpr const char* name = "late_out_of_bounds_algorithm";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "asks the box centre; outside the box from its third ask on once told of a failed point";
  static std::vector<bopp::Param> params() { return {}; }
  LateOutOfBoundsAlgorithm(const bopp::Problem& p, const bopp::Config&, std::uint64_t,
                           const bopp::Host&)
      : problem(p) {}
  bopp::Points ask(std::size_t) {
    Eigen::VectorXd x = recommend();
    if (++asks >= 3 && told_failure) x[0] = problem.upper[0] + 1.0;
    return x.transpose();
  }
  void tell(const bopp::Points&, const Eigen::VectorXd&, std::span<const std::int32_t> status) {
    for (const std::int32_t s : status) told_failure = told_failure || s != BOPP_OK;
  }
  Eigen::VectorXd recommend() const { return (problem.lower + problem.upper) / 2; }

  bopp::Problem problem;
  int asks = 0;
  bool told_failure = false;
};

}  // namespace misbehaving
