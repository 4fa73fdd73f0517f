// bopp/kit/problem.hpp: the C++ view of a bopp_problem, owning its arrays.
#pragma once

#include <bopp/abi.h>

#include <Eigen/Core>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <vector>

namespace bopp {

// Points as the ABI passes them: one row per point, row-major, so a Points matrix maps
// onto an X[n * dim] buffer without a copy.
using Points = Eigen::Matrix<double, Eigen::Dynamic, Eigen::Dynamic, Eigen::RowMajor>;
using PointsMap = Eigen::Map<Points>;
using ConstPointsMap = Eigen::Map<const Points>;

enum class DimensionKind : std::int32_t {
  continuous = BOPP_DIM_CONTINUOUS,
  integer = BOPP_DIM_INTEGER,
  categorical = BOPP_DIM_CATEGORICAL,
};

enum class Sense : std::int32_t { minimize = BOPP_MINIMIZE, maximize = BOPP_MAXIMIZE };

// What an objective poses and an algorithm receives. An objective fills one in; the kit
// exposes it through the ABI as a bopp_problem whose pointers point into this object.
struct Problem {
  Eigen::VectorXd lower;
  Eigen::VectorXd upper;
  std::vector<DimensionKind> kinds;  // empty: all continuous
  Sense sense = Sense::minimize;
  std::optional<double> optimum_value;
  Eigen::VectorXd optimizer;  // empty: unknown
  double noise_std = 0.0;
  Points candidates;  // no rows: the domain is the box
  bool thread_safe = false;

  Eigen::Index dim() const { return lower.size(); }
  bool has_candidates() const { return candidates.rows() > 0; }
  DimensionKind kind(Eigen::Index i) const {
    return kinds.empty() ? DimensionKind::continuous : kinds[static_cast<std::size_t>(i)];
  }

  // A box problem of `dim` continuous dimensions, all in [lo, hi].
  static Problem box(Eigen::Index dim, double lo, double hi) {
    Problem p;
    p.lower = Eigen::VectorXd::Constant(dim, lo);
    p.upper = Eigen::VectorXd::Constant(dim, hi);
    return p;
  }

  // Copies a C problem (reading only the fields its struct_size covers).
  static Problem from_c(const bopp_problem& c) {
    bopp_problem in{};
    std::memcpy(&in, &c, std::min<std::size_t>(c.struct_size, sizeof in));
    const auto d = static_cast<Eigen::Index>(in.dim);
    Problem p;
    p.lower = Eigen::Map<const Eigen::VectorXd>(in.lower, d);
    p.upper = Eigen::Map<const Eigen::VectorXd>(in.upper, d);
    if (in.kinds != nullptr) {
      p.kinds.resize(in.dim);
      for (std::uint32_t i = 0; i < in.dim; ++i)
        p.kinds[i] = static_cast<DimensionKind>(in.kinds[i]);
    }
    p.sense = static_cast<Sense>(in.sense);
    if (in.has_optimum != 0) p.optimum_value = in.optimum_value;
    if (in.optimizer != nullptr) p.optimizer = Eigen::Map<const Eigen::VectorXd>(in.optimizer, d);
    p.noise_std = in.noise_std;
    if (in.candidate_count > 0 && in.candidates != nullptr) {
      p.candidates =
          ConstPointsMap(in.candidates, static_cast<Eigen::Index>(in.candidate_count), d);
    }
    p.thread_safe = in.thread_safe != 0;
    return p;
  }
};

// A bopp_problem pointing into a Problem; valid while that Problem lives unchanged.
class CProblem {
 public:
  explicit CProblem(const Problem& p) {
    kinds_.reserve(p.kinds.size());
    for (auto k : p.kinds) kinds_.push_back(static_cast<std::int32_t>(k));
    c_.struct_size = sizeof(bopp_problem);
    c_.dim = static_cast<std::uint32_t>(p.dim());
    c_.lower = p.lower.data();
    c_.upper = p.upper.data();
    c_.kinds = kinds_.empty() ? nullptr : kinds_.data();
    c_.sense = static_cast<std::int32_t>(p.sense);
    c_.has_optimum = p.optimum_value.has_value() ? 1 : 0;
    c_.optimum_value = p.optimum_value.value_or(0.0);
    c_.optimizer = p.optimizer.size() == p.dim() && p.dim() > 0 ? p.optimizer.data() : nullptr;
    c_.noise_std = p.noise_std;
    c_.candidate_count = static_cast<std::uint64_t>(p.candidates.rows());
    c_.candidates = p.has_candidates() ? p.candidates.data() : nullptr;
    c_.thread_safe = p.thread_safe ? 1 : 0;
  }
  CProblem(const CProblem&) = delete;
  CProblem& operator=(const CProblem&) = delete;
  const bopp_problem* get() const { return &c_; }

 private:
  std::vector<std::int32_t> kinds_;
  bopp_problem c_{};
};

}  // namespace bopp
