// The standard optimization test functions as pure formulas, in the minimize sense.
//
// Definitions and constants follow the Virtual Library of Simulation Experiments
// (S. Surjanovic and D. Bingham, https://www.sfu.ca/~ssurjano/optimization.html, "VLSE"
// below), which BoTorch's botorch.test_functions.synthetic also follows. catalog.hpp pairs
// each formula with its domain and known minimum.
#pragma once

#include <Eigen/Core>

namespace bopp::synthetic {

using Point = Eigen::Ref<const Eigen::VectorXd>;

// Any dimension d >= 1.
double sphere(const Point& x);
double ackley(const Point& x);
double rastrigin(const Point& x);
double levy(const Point& x);
double griewank(const Point& x);
double styblinski_tang(const Point& x);
double michalewicz(const Point& x);

// d >= 2.
double rosenbrock(const Point& x);

// d >= 4; the last d mod 4 coordinates are inert.
double powell(const Point& x);

// Fixed dimension: 2, 2, 2, 3 and 6.
double branin(const Point& x);
double six_hump_camel(const Point& x);
double eggholder(const Point& x);
double hartmann3(const Point& x);
double hartmann6(const Point& x);

}  // namespace bopp::synthetic
