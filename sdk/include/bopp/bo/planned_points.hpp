// bopp/bo/planned_points.hpp: the points an algorithm has planned and not yet asked. A host
// may allow fewer points per ask than were planned (`max_points`); the rest wait here.
#pragma once

#include <bopp/kit/problem.hpp>
#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <cstddef>
#include <deque>

namespace bopp::bo {

class PlannedPoints {
 public:
  bool empty() const { return points_.empty(); }
  std::size_t size() const { return points_.size(); }

  void push(const Eigen::VectorXd& x) { points_.push_back(x); }
  void push_rows(const Eigen::MatrixXd& rows);
  // Pads the plan with copies of x until it holds `count` points.
  void pad(std::size_t count, const Eigen::VectorXd& x);

  // The first min(max(1, max_points), size()) points, taken off the plan, as the rows of an
  // ask's answer.
  Points take(std::size_t max_points);

  // Checkpoints: the points still planned, in order.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  std::deque<Eigen::VectorXd> points_;
};

}  // namespace bopp::bo
