#include "functions.hpp"

#include <array>
#include <cmath>
#include <numbers>

namespace bopp::synthetic {

namespace {

using std::numbers::pi;

template <class T>
T squared(T v) {
  return v * v;
}

// VLSE "Hartmann 3-D" and "Hartmann 6-D": -sum_i alpha_i exp(-sum_j A_ij (x_j - P_ij)^2).
constexpr std::array<double, 4> hartmann_alpha{1.0, 1.2, 3.0, 3.2};

template <std::size_t D>
using HartmannMatrix = std::array<std::array<double, D>, 4>;

template <std::size_t D>
double hartmann(const Point& x, const HartmannMatrix<D>& A, const HartmannMatrix<D>& P) {
  double sum = 0.0;
  for (std::size_t i = 0; i < 4; ++i) {
    double exponent = 0.0;
    for (std::size_t j = 0; j < D; ++j)
      exponent += A[i][j] * squared(x[static_cast<Eigen::Index>(j)] - 1e-4 * P[i][j]);
    sum += hartmann_alpha[i] * std::exp(-exponent);
  }
  return -sum;
}

}  // namespace

double sphere(const Point& x) { return x.squaredNorm(); }

// VLSE "Ackley Function", a = 20, b = 0.2, c = 2 pi.
double ackley(const Point& x) {
  constexpr double a = 20.0, b = 0.2, c = 2.0 * pi;
  const double rms = std::sqrt(x.squaredNorm() / static_cast<double>(x.size()));
  const double mean_cos = (c * x.array()).cos().mean();
  return -a * std::exp(-b * rms) - std::exp(mean_cos) + a + std::numbers::e;
}

// VLSE "Rastrigin Function".
double rastrigin(const Point& x) {
  const auto v = x.array();
  return 10.0 * static_cast<double>(x.size()) + (v.square() - 10.0 * (2.0 * pi * v).cos()).sum();
}

// VLSE "Levy Function", with w_i = 1 + (x_i - 1) / 4.
double levy(const Point& x) {
  const Eigen::ArrayXd w = 1.0 + (x.array() - 1.0) / 4.0;
  const Eigen::Index d = w.size();
  const auto inner = w.head(d - 1);
  const double last = w[d - 1];
  return squared(std::sin(pi * w[0])) +
         ((inner - 1.0).square() * (1.0 + 10.0 * (pi * inner + 1.0).sin().square())).sum() +
         squared(last - 1.0) * (1.0 + squared(std::sin(2.0 * pi * last)));
}

// VLSE "Griewank Function".
double griewank(const Point& x) {
  const auto d = static_cast<double>(x.size());
  const Eigen::ArrayXd index = Eigen::ArrayXd::LinSpaced(x.size(), 1.0, d);
  return x.squaredNorm() / 4000.0 - (x.array() / index.sqrt()).cos().prod() + 1.0;
}

// VLSE "Styblinski-Tang Function".
double styblinski_tang(const Point& x) {
  const auto v = x.array();
  return 0.5 * (v.square().square() - 16.0 * v.square() + 5.0 * v).sum();
}

// VLSE "Michalewicz Function", with the recommended steepness m = 10.
double michalewicz(const Point& x) {
  constexpr int m = 10;
  double sum = 0.0;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double scaled = static_cast<double>(i + 1) * x[i] * x[i] / pi;
    sum += std::sin(x[i]) * std::pow(std::sin(scaled), 2 * m);
  }
  return -sum;
}

// VLSE "Rosenbrock Function".
double rosenbrock(const Point& x) {
  const Eigen::Index d = x.size();
  const auto head = x.head(d - 1).array();
  const auto tail = x.tail(d - 1).array();
  return (100.0 * (tail - head.square()).square() + (head - 1.0).square()).sum();
}

// VLSE "Powell Function": a sum over consecutive groups of four coordinates. When d is not a
// multiple of four the last d mod 4 coordinates are inert, as in BoTorch's Powell (Wei et al.
// 2025 use d = 50).
double powell(const Point& x) {
  double sum = 0.0;
  for (Eigen::Index g = 0; g + 3 < x.size(); g += 4) {
    const double a = x[g], b = x[g + 1], c = x[g + 2], d = x[g + 3];
    sum += squared(a + 10.0 * b) + 5.0 * squared(c - d) + squared(squared(b - 2.0 * c)) +
           10.0 * squared(squared(a - d));
  }
  return sum;
}

// VLSE "Branin Function", with the recommended constants.
double branin(const Point& x) {
  constexpr double a = 1.0, b = 5.1 / (4.0 * pi * pi), c = 5.0 / pi, r = 6.0, s = 10.0,
                   t = 1.0 / (8.0 * pi);
  return a * squared(x[1] - b * x[0] * x[0] + c * x[0] - r) + s * (1.0 - t) * std::cos(x[0]) + s;
}

// VLSE "Six-Hump Camel Function".
double six_hump_camel(const Point& x) {
  const double x1 = x[0], x2 = x[1];
  return (4.0 - 2.1 * x1 * x1 + std::pow(x1, 4) / 3.0) * x1 * x1 + x1 * x2 +
         (-4.0 + 4.0 * x2 * x2) * x2 * x2;
}

// VLSE "Eggholder Function".
double eggholder(const Point& x) {
  const double x1 = x[0], x2 = x[1];
  return -(x2 + 47.0) * std::sin(std::sqrt(std::abs(x2 + x1 / 2.0 + 47.0))) -
         x1 * std::sin(std::sqrt(std::abs(x1 - (x2 + 47.0))));
}

double hartmann3(const Point& x) {
  static constexpr HartmannMatrix<3> A{
      {{3.0, 10.0, 30.0}, {0.1, 10.0, 35.0}, {3.0, 10.0, 30.0}, {0.1, 10.0, 35.0}}};
  static constexpr HartmannMatrix<3> P{
      {{3689, 1170, 2673}, {4699, 4387, 7470}, {1091, 8732, 5547}, {381, 5743, 8828}}};
  return hartmann(x, A, P);
}

double hartmann6(const Point& x) {
  static constexpr HartmannMatrix<6> A{{{10.0, 3.0, 17.0, 3.5, 1.7, 8.0},
                                        {0.05, 10.0, 17.0, 0.1, 8.0, 14.0},
                                        {3.0, 3.5, 1.7, 10.0, 17.0, 8.0},
                                        {17.0, 8.0, 0.05, 10.0, 0.1, 14.0}}};
  static constexpr HartmannMatrix<6> P{{{1312, 1696, 5569, 124, 8283, 5886},
                                        {2329, 4135, 8307, 3736, 1004, 9991},
                                        {2348, 1451, 3522, 2883, 3047, 6650},
                                        {4047, 8828, 8732, 5743, 1091, 381}}};
  return hartmann(x, A, P);
}

}  // namespace bopp::synthetic
