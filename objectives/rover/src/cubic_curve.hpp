// A planar cubic B-spline curve without interior knots (knots 0,0,0,0,1,1,1,1: the cubic
// Bézier curve), fitted by least squares to points at their chord-length parameters.
#pragma once

#include <Eigen/Core>

namespace bopp::rover {

// Points of the plane, one per row.
using PlanePoints = Eigen::Matrix<double, Eigen::Dynamic, 2>;

class CubicCurve {
 public:
  // The least-squares fit to `points` (at least 4 rows), each placed at its share of the
  // polygon's length: u_0 = 0, u_i - u_(i-1) proportional to |p_i - p_(i-1)|, u_last = 1.
  // This is FITPACK's parcur (Dierckx 1993, §9.2) when its least-squares polynomial meets the
  // smoothing bound, as it does in the rover world (docs/objectives/rover.md). Throws
  // std::invalid_argument when every point is the same point (no parameter is defined).
  static CubicCurve fit(const PlanePoints& points);

  // The point at parameter t in [0, 1].
  Eigen::Vector2d at(double t) const;

  // The four control points (rows): the curve starts at the first and ends at the last.
  const Eigen::Matrix<double, 4, 2>& control_points() const { return control_; }

 private:
  explicit CubicCurve(const Eigen::Matrix<double, 4, 2>& control) : control_(control) {}

  Eigen::Matrix<double, 4, 2> control_;
};

// The four cubic B-spline basis functions on the knots 0,0,0,0,1,1,1,1 at t.
Eigen::Vector4d cubic_basis(double t);

// The chord-length parameters of the rows of `points`, from 0 to 1.
Eigen::VectorXd chord_length_parameters(const PlanePoints& points);

}  // namespace bopp::rover
