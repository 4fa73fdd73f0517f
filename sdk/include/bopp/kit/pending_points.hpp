// bopp/kit/pending_points.hpp: the points an algorithm asked and has not been told yet.
//
// An algorithm that may be asked while its points are still being evaluated (the extension
// of bopp/ext/pending_asks.h) keeps them here, to account for them at its next ask (as
// fantasies, for instance). The host tells each point once, in any order, and rounds integer
// and categorical coordinates first, so a told point is matched to the nearest pending one.
#pragma once

#include <bopp/kit/problem.hpp>
#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <utility>

namespace bopp {

class PendingPoints {
 public:
  explicit PendingPoints(Eigen::Index dim) : points_(0, dim) {}

  // Adds the rows of an ask.
  void add(const Points& X) {
    const Eigen::Index n = points_.rows();
    points_.conservativeResize(n + X.rows(), Eigen::NoChange);
    points_.bottomRows(X.rows()) = X;
  }

  // Removes, for every told row, the pending row nearest to it (none left: nothing).
  void remove_told(const Points& X) {
    for (Eigen::Index r = 0; r < X.rows() && points_.rows() > 0; ++r) {
      Eigen::Index nearest = 0;
      (points_.rowwise() - X.row(r)).rowwise().squaredNorm().minCoeff(&nearest);
      const Eigen::Index last = points_.rows() - 1;
      if (nearest != last) points_.row(nearest) = points_.row(last);
      points_.conservativeResize(last, Eigen::NoChange);
    }
  }

  const Points& points() const { return points_; }
  bool empty() const { return points_.rows() == 0; }

  // Checkpoints (a host saves between batches, when none is pending, but an algorithm may be
  // saved at any point).
  void save(StateArchive& archive) const { archive.write("points", points_); }
  void restore(const StateArchive& archive) {
    Points points;
    archive.read("points", points);
    if (points.cols() != points_.cols()) throw StateError("state: pending points of another dim");
    points_ = std::move(points);
  }

 private:
  Points points_;
};

}  // namespace bopp
