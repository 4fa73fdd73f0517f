#include "random_search.hpp"

#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/bo/successful_rows.hpp>
#include <bopp/kit/host_design.hpp>

#include <algorithm>
#include <numeric>
#include <string>

namespace bopp::random_search {

std::vector<Param> RandomSearch::params() {
  return {Param::choice("design", "uniform", "uniform|sobol",
                        "how box points are drawn: independent uniform points, or a Sobol "
                        "sequence with a seed-dependent random digital shift"),
          // Random search has no initial points to skip: a design only adds to what it is told.
          design_from_host_param()};
}

RandomSearch::RandomSearch(const Problem& problem, const Config& config, std::uint64_t seed,
                           const Host&)
    : problem_(problem), rng_(seed) {
  bo::require_finite_bounds(problem_.lower, problem_.upper, "algorithm 'random'");
  if (problem_.has_candidates()) {
    permutation_.resize(static_cast<std::size_t>(problem_.candidates.rows()));
    std::iota(permutation_.begin(), permutation_.end(), Eigen::Index{0});
    return;
  }
  if (config.string("design") == "sobol") {
    const auto dim = static_cast<std::size_t>(problem_.dim());
    if (dim > bo::SobolSequence::max_dimension) {
      throw SchemaError("design", 0,
                        "algorithm 'random': design = \"sobol\" supports at most " +
                            std::to_string(bo::SobolSequence::max_dimension) +
                            " dimensions, the problem has " + std::to_string(dim) +
                            "; use design = \"uniform\"");
    }
    sobol_.emplace(dim, seed);
  }
}

Points RandomSearch::ask(std::size_t max_points) {
  const auto rows = static_cast<Eigen::Index>(max_points);
  Points X(rows, problem_.dim());
  for (Eigen::Index r = 0; r < rows; ++r) {
    if (problem_.has_candidates()) {
      X.row(r) = problem_.candidates.row(next_candidate());
    } else {
      next_box_point({X.row(r).data(), static_cast<std::size_t>(problem_.dim())});
    }
  }
  return X;
}

void RandomSearch::tell(const Points& X, const Eigen::VectorXd& y,
                        std::span<const std::int32_t> status) {
  for (const Eigen::Index i : bo::successful_rows(y, status)) {
    if (!best_y_ || y[i] > *best_y_) {
      best_y_ = y[i];
      best_x_ = X.row(i).transpose();
    }
  }
}

Eigen::VectorXd RandomSearch::recommend() const {
  if (best_y_) return best_x_;
  return (problem_.lower + problem_.upper) / 2;
}

void RandomSearch::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("sobol", sobol_);
  archive.write("permutation", permutation_);
  archive.write("drawn", drawn_);
  archive.write("best_y", best_y_);
  archive.write("best_x", best_x_);
}

void RandomSearch::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  if (sobol_) archive.read("sobol", *sobol_);
  archive.read("permutation", permutation_);
  archive.read("drawn", drawn_);
  archive.read("best_y", best_y_);
  archive.read("best_x", best_x_);
  if (permutation_.size() != static_cast<std::size_t>(problem_.candidates.rows()) ||
      drawn_ > permutation_.size()) {
    throw StateError("state: the candidate shuffle does not fit this problem");
  }
}

void RandomSearch::next_box_point(std::span<double> out) {
  if (sobol_) {
    sobol_->next(out);
  } else {
    for (double& u : out) u = bo::unit_interval(rng_());
  }
  // Scaled into the box; the clamp guards against the product rounding up past the bound.
  for (std::size_t d = 0; d < out.size(); ++d) {
    const auto i = static_cast<Eigen::Index>(d);
    const double lo = problem_.lower[i];
    const double hi = problem_.upper[i];
    out[d] = std::clamp(lo + out[d] * (hi - lo), lo, hi);
  }
}

// A lazy Fisher-Yates shuffle: each draw picks one of the rows not yet proposed in this pass.
Eigen::Index RandomSearch::next_candidate() {
  if (drawn_ == permutation_.size()) drawn_ = 0;
  const std::size_t pick = drawn_ + bo::uniform_index(rng_, permutation_.size() - drawn_);
  std::swap(permutation_[drawn_], permutation_[pick]);
  return permutation_[drawn_++];
}

}  // namespace bopp::random_search
