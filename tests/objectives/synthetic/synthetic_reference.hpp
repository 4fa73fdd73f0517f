// What the literature says about each synthetic test function, written down independently of
// the plugin: a direct transcription of each formula (explicit loops, no Eigen), its standard
// domain and its published minima. The plugin is checked against these.
//
// Source: the Virtual Library of Simulation Experiments ("VLSE", S. Surjanovic and D. Bingham,
// https://www.sfu.ca/~ssurjano/optimization.html); BoTorch's test_functions where it publishes
// more digits.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace synthetic_test {

using Vector = std::vector<double>;

struct Interval {
  double lower;
  double upper;
};

// A published minimum in some dimension, with the precision it is published to.
struct PublishedMinimum {
  double value;
  double value_tolerance;
  std::vector<Vector> optimizers;  // all published minimizers; may be empty
  double optimizer_tolerance;
};

struct Reference {
  std::string name;
  std::function<double(const Vector&)> formula;
  bool has_dim_key;  // false: fixed dimension
  int default_dim;
  std::vector<int> dims;         // the dimensions tests try
  std::vector<Interval> domain;  // per coordinate, or one interval for all
  // The published minimum in `dim` dimensions, or nullopt when none is published.
  std::function<std::optional<PublishedMinimum>(int dim)> minimum;

  Interval bounds(std::size_t coordinate) const {
    return domain.size() == 1 ? domain[0] : domain[coordinate];
  }
};

// The fourteen functions, in no particular order.
const std::vector<Reference>& references();
const Reference& reference(const std::string& name);

// Michalewicz's one-dimensional term i (1-based): -sin(x) sin^20(i x^2 / pi).
double michalewicz_term(double x, int i);

}  // namespace synthetic_test
