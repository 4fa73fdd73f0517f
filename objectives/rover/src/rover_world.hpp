// The rover's world: the unit square with square trees, a start and a goal, and the cost per
// unit length of driving through each point (Wang, Gehring, Kohli and Jegelka 2018).
#pragma once

#include <Eigen/Core>

#include <string>
#include <vector>

namespace bopp::rover {

struct RoverWorld {
  std::vector<Eigen::Vector2d> tree_centres;
  double tree_half_width = 0.0;
  Eigen::Vector2d start{0.05, 0.05};
  Eigen::Vector2d goal{0.95, 0.95};

  // Per unit length: 0.05 everywhere, plus 20 inside a tree or outside the square [0, 1)^2.
  // Trees and the square are half-open boxes (lower edge in, upper edge out), as the
  // original's geometry tests them.
  double cost_at(const Eigen::Vector2d& p) const;

  bool in_a_tree(const Eigen::Vector2d& p) const;
};

// The two published layouts: "small", 30 trees of half-width 0.05 (the world of the 20-D
// problem), and "large", 115 trees of half-width 0.025 (the world of the paper's 60-D problem).
RoverWorld rover_world(const std::string& layout);

}  // namespace bopp::rover
