#include <bopp/bo/planned_points.hpp>

#include <algorithm>
#include <vector>

namespace bopp::bo {

void PlannedPoints::push_rows(const Eigen::MatrixXd& rows) {
  for (Eigen::Index i = 0; i < rows.rows(); ++i) points_.push_back(rows.row(i).transpose());
}

void PlannedPoints::pad(std::size_t count, const Eigen::VectorXd& x) {
  if (points_.size() < count) points_.resize(count, x);
}

Points PlannedPoints::take(std::size_t max_points) {
  const std::size_t n = std::min(std::max<std::size_t>(1, max_points), points_.size());
  const Eigen::Index dim = n > 0 ? points_.front().size() : 0;
  Points X(static_cast<Eigen::Index>(n), dim);
  for (std::size_t i = 0; i < n; ++i) {
    X.row(static_cast<Eigen::Index>(i)) = points_.front().transpose();
    points_.pop_front();
  }
  return X;
}

void PlannedPoints::save(StateArchive& archive) const {
  archive.write("points", std::vector<Eigen::VectorXd>(points_.begin(), points_.end()));
}

void PlannedPoints::restore(const StateArchive& archive) {
  std::vector<Eigen::VectorXd> points;
  archive.read("points", points);
  points_.assign(points.begin(), points.end());
}

}  // namespace bopp::bo
