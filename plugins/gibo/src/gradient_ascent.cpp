#include "gradient_ascent.hpp"

#include <bopp/bo/successful_rows.hpp>

#include <algorithm>
#include <stdexcept>
#include <utility>

namespace bopp::gibo {

GradientAscent::GradientAscent(const Problem& problem, const Settings& settings, std::uint64_t seed,
                               const Host& host)
    : problem_(problem),
      settings_(settings),
      host_(host),
      rng_(seed),
      model_(problem_, settings_, host_),
      x_(settings_.x0),
      awaiting_design_(settings_.design_from_host) {}

Points GradientAscent::ask(std::size_t max_points) {
  if (planned_.empty())
    throw std::logic_error("gibo: asked again before the last points were told");
  Points X = planned_.take(max_points);
  awaiting_ += static_cast<std::size_t>(X.rows());
  return X;
}

void GradientAscent::tell(const Points& X, const Eigen::VectorXd& y,
                          std::span<const std::int32_t> status) {
  if (awaiting_design_) {
    awaiting_design_ = false;
    std::vector<Observation> design;
    for (const Eigen::Index row : bo::successful_rows(y, status))
      design.push_back({X.row(row).transpose(), y[row]});
    // The best design point is the start (x0 when every design point failed).
    const auto best = std::max_element(design.begin(), design.end(),
                                       [](const auto& a, const auto& b) { return a.y < b.y; });
    if (best != design.end()) x_ = best->x;
    start_from_design(std::move(design));
    return;
  }
  awaiting_ -= std::min(awaiting_, static_cast<std::size_t>(X.rows()));
  for (const Eigen::Index row : bo::successful_rows(y, status))
    told_.push_back({X.row(row).transpose(), y[row]});
  while (planned_.empty() && awaiting_ == 0) {
    std::vector<Observation> told = std::move(told_);
    told_.clear();
    finish_round(std::move(told));
  }
}

const Eigen::VectorXd& GradientAscent::estimate_gradient(const std::vector<Observation>& data) {
  gradient_point_ = x_;
  gradient_ = model_.gradient(data, x_);
  return gradient_;
}

Eigen::VectorXd GradientAscent::project(const Eigen::VectorXd& x) const {
  return x.cwiseMax(problem_.lower).cwiseMin(problem_.upper);  // Wu et al. 2023, eq. 7, for a box
}

void GradientAscent::save(StateArchive& archive) const {
  archive.write("rng", rng_);
  archive.write("model", model_);
  archive.write("x", x_);
  archive.write("iteration", iteration_);
  archive.write("planned", planned_);
  archive.write("gradient", gradient_);
  archive.write("gradient_point", gradient_point_);
  archive.write("awaiting", awaiting_);
  archive.write("told", told_);
  save_variant(archive);
}

void GradientAscent::restore(const StateArchive& archive) {
  archive.read("rng", rng_);
  archive.read("model", model_);
  archive.read("x", x_);
  archive.read("iteration", iteration_);
  archive.read("planned", planned_);
  archive.read("gradient", gradient_);
  archive.read("gradient_point", gradient_point_);
  archive.read("awaiting", awaiting_);
  archive.read("told", told_);
  awaiting_design_ = false;
  if (x_.size() != problem_.dim()) throw StateError("state: an iterate of another dimension");
  restore_variant(archive);
}

}  // namespace bopp::gibo
