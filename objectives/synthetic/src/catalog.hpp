// Each test function of functions.hpp with what the plugin declares about it: its dimension
// rule, its standard domain and its known global minimum. catalog.cpp says where each
// published number comes from.
#pragma once

#include "functions.hpp"

#include <Eigen/Core>

#include <numbers>
#include <optional>
#include <span>

namespace bopp::synthetic {

struct Interval {
  double lower;
  double upper;
};

// A known global minimum; `optimizer` is empty when only the value is known.
struct Minimum {
  double value = 0.0;
  Eigen::VectorXd optimizer;
};

// How the dimension of a test function is chosen.
struct DimensionRule {
  bool configurable;  // false: fixed at `default_dim`, and the objective has no `dim` key
  int default_dim;
  int minimum;
};

constexpr DimensionRule any_dimension(int default_dim, int minimum = 1) {
  return {true, default_dim, minimum};
}
constexpr DimensionRule fixed_dimension(int dim) { return {false, dim, dim}; }

struct TestFunction {
  const char* name;
  const char* summary;
  double (*value)(const Point& x);
  DimensionRule dimension;
  // One interval per coordinate, or a single interval that holds for every coordinate.
  std::span<const Interval> domain;
  // The known minimum in `dim` dimensions, or nullopt when it is not known.
  std::optional<Minimum> (*minimum)(Eigen::Index dim);

  Interval bounds(Eigen::Index coordinate) const {
    return domain.size() == 1 ? domain[0] : domain[static_cast<std::size_t>(coordinate)];
  }
};

// Known minima, by kind (catalog.cpp).
std::optional<Minimum> zero_at_origin(Eigen::Index dim);
std::optional<Minimum> zero_at_ones(Eigen::Index dim);
std::optional<Minimum> styblinski_tang_minimum(Eigen::Index dim);
std::optional<Minimum> michalewicz_minimum(Eigen::Index dim);
std::optional<Minimum> branin_minimum(Eigen::Index dim);
std::optional<Minimum> six_hump_camel_minimum(Eigen::Index dim);
std::optional<Minimum> eggholder_minimum(Eigen::Index dim);
std::optional<Minimum> hartmann3_minimum(Eigen::Index dim);
std::optional<Minimum> hartmann6_minimum(Eigen::Index dim);

// Standard domains (VLSE; BoTorch uses the same boxes).
namespace domains {
inline constexpr Interval sphere[] = {{-5.12, 5.12}};
inline constexpr Interval ackley[] = {{-32.768, 32.768}};
inline constexpr Interval rastrigin[] = {{-5.12, 5.12}};
inline constexpr Interval levy[] = {{-10.0, 10.0}};
inline constexpr Interval rosenbrock[] = {{-5.0, 10.0}};
inline constexpr Interval griewank[] = {{-600.0, 600.0}};
inline constexpr Interval styblinski_tang[] = {{-5.0, 5.0}};
inline constexpr Interval michalewicz[] = {{0.0, std::numbers::pi}};
inline constexpr Interval powell[] = {{-4.0, 5.0}};
inline constexpr Interval branin[] = {{-5.0, 10.0}, {0.0, 15.0}};
inline constexpr Interval six_hump_camel[] = {{-3.0, 3.0}, {-2.0, 2.0}};
inline constexpr Interval eggholder[] = {{-512.0, 512.0}};
inline constexpr Interval unit[] = {{0.0, 1.0}};
}  // namespace domains

// clang-format off
inline constexpr TestFunction sphere_function{
    "sphere", "sum of squares on [-5.12, 5.12]^d; minimum 0 at the origin",
    sphere, any_dimension(2), domains::sphere, zero_at_origin};
inline constexpr TestFunction ackley_function{
    "ackley", "Ackley (a=20, b=0.2, c=2pi) on [-32.768, 32.768]^d; minimum 0 at the origin",
    ackley, any_dimension(2), domains::ackley, zero_at_origin};
inline constexpr TestFunction rastrigin_function{
    "rastrigin", "Rastrigin on [-5.12, 5.12]^d; minimum 0 at the origin",
    rastrigin, any_dimension(2), domains::rastrigin, zero_at_origin};
inline constexpr TestFunction levy_function{
    "levy", "Levy on [-10, 10]^d; minimum 0 at (1, ..., 1)",
    levy, any_dimension(2), domains::levy, zero_at_ones};
inline constexpr TestFunction rosenbrock_function{
    "rosenbrock", "Rosenbrock on [-5, 10]^d, d >= 2; minimum 0 at (1, ..., 1)",
    rosenbrock, any_dimension(2, 2), domains::rosenbrock, zero_at_ones};
inline constexpr TestFunction griewank_function{
    "griewank", "Griewank on [-600, 600]^d; minimum 0 at the origin",
    griewank, any_dimension(2), domains::griewank, zero_at_origin};
inline constexpr TestFunction styblinski_tang_function{
    "styblinski_tang", "Styblinski-Tang on [-5, 5]^d; minimum -39.166166 d at x_i = -2.903534",
    styblinski_tang, any_dimension(2), domains::styblinski_tang, styblinski_tang_minimum};
inline constexpr TestFunction michalewicz_function{
    "michalewicz", "Michalewicz (m=10) on [0, pi]^d; minimum known for d = 2, 5, 10",
    michalewicz, any_dimension(2), domains::michalewicz, michalewicz_minimum};
inline constexpr TestFunction powell_function{
    "powell",
    "Powell on [-4, 5]^d, d >= 4, a sum over floor(d/4) groups of four coordinates (the rest are "
    "inert, as in BoTorch); minimum 0 at the origin",
    powell, any_dimension(4, 4), domains::powell, zero_at_origin};
inline constexpr TestFunction branin_function{
    "branin", "Branin on [-5, 10] x [0, 15]; minimum 5/(4pi) = 0.397887 at three points",
    branin, fixed_dimension(2), domains::branin, branin_minimum};
inline constexpr TestFunction six_hump_camel_function{
    "six_hump_camel", "six-hump camel on [-3, 3] x [-2, 2]; minimum -1.031628 at two points",
    six_hump_camel, fixed_dimension(2), domains::six_hump_camel, six_hump_camel_minimum};
inline constexpr TestFunction eggholder_function{
    "eggholder", "Eggholder on [-512, 512]^2; minimum -959.6407 at (512, 404.2318)",
    eggholder, fixed_dimension(2), domains::eggholder, eggholder_minimum};
inline constexpr TestFunction hartmann3_function{
    "hartmann3", "Hartmann 3-d on [0, 1]^3; minimum -3.86278",
    hartmann3, fixed_dimension(3), domains::unit, hartmann3_minimum};
inline constexpr TestFunction hartmann6_function{
    "hartmann6", "Hartmann 6-d on [0, 1]^6; minimum -3.32237",
    hartmann6, fixed_dimension(6), domains::unit, hartmann6_minimum};
// clang-format on

}  // namespace bopp::synthetic
