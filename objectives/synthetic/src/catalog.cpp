#include "catalog.hpp"

#include <numbers>

namespace bopp::synthetic {

namespace {

Minimum at_constant(Eigen::Index dim, double value, double coordinate) {
  return {value, Eigen::VectorXd::Constant(dim, coordinate)};
}

Minimum at_point(double value, std::initializer_list<double> optimizer) {
  Minimum m{value, Eigen::VectorXd(static_cast<Eigen::Index>(optimizer.size()))};
  Eigen::Index i = 0;
  for (double v : optimizer) m.optimizer[i++] = v;
  return m;
}

// Michalewicz (m = 10) is a sum of one term per coordinate, -sin(x) sin^20(i x^2 / pi), so its
// minimizer is the minimizer of each term. These are the minimizers of the first ten terms and
// their minima, computed in long double (grid scan of [0, pi], then Newton on the derivative);
// terms 2, 6 and 10 reach -1 exactly at pi/2. Their partial sums reproduce the published minima
// (VLSE; BoTorch's Michalewicz): d = 2: -1.8013 (BoTorch -1.80130341) at (2.20, 1.57),
// d = 5: -4.687658, d = 10: -9.66015.
constexpr double michalewicz_term_minimizer[10] = {
    2.2029055201726093, 1.5707963267948966, 1.2849915705529245, 1.9230584698663629,
    1.7204697725658413, 1.5707963267948966, 1.4544139713623789, 1.7560865209450263,
    1.6557174168210291, 1.5707963267948966};

}  // namespace

std::optional<Minimum> zero_at_origin(Eigen::Index dim) { return at_constant(dim, 0.0, 0.0); }

std::optional<Minimum> zero_at_ones(Eigen::Index dim) { return at_constant(dim, 0.0, 1.0); }

// VLSE: f(x*) = -39.16599 d at x_i = -2.903534. The exact minimizer of the one-dimensional term
// 0.5 (x^4 - 16 x^2 + 5 x) is the smallest root of 4x^3 - 32x + 5 = 0, -2.903534027771177;
// the term's value there is -39.166165703771412 (BoTorch uses -39.166166 d).
std::optional<Minimum> styblinski_tang_minimum(Eigen::Index dim) {
  return at_constant(dim, -39.166165703771412 * static_cast<double>(dim), -2.903534027771177);
}

// Published only for d = 2, 5 and 10 (see michalewicz_term_minimizer); the values below are
// the partial sums of the computed term minima, which agree with every published digit.
std::optional<Minimum> michalewicz_minimum(Eigen::Index dim) {
  double value = 0.0;
  switch (dim) {
    case 2:
      value = -1.8013034100985525;
      break;
    case 5:
      value = -4.687658179088146;
      break;
    case 10:
      value = -9.6601517156413408;
      break;
    default:
      return std::nullopt;
  }
  return Minimum{value, Eigen::Map<const Eigen::VectorXd>(michalewicz_term_minimizer, dim)};
}

// VLSE: f(x*) = 0.397887 at (-pi, 12.275), (pi, 2.275) and (9.42478, 2.475). At each the
// squared term vanishes and cos(x1) = -1, so the value is exactly s t = 10 / (8 pi).
std::optional<Minimum> branin_minimum(Eigen::Index) {
  return at_point(5.0 / (4.0 * std::numbers::pi), {std::numbers::pi, 2.275});
}

// VLSE: f(x*) = -1.0316 at (0.0898, -0.7126) and (-0.0898, 0.7126). Refined by Newton's method
// in long double to double precision; the value agrees with the -1.031628453489877 of
// Jamil & Yang (2013), "A literature survey of benchmark functions for global optimization".
std::optional<Minimum> six_hump_camel_minimum(Eigen::Index) {
  return at_point(-1.0316284534898774, {0.08984201310032878, -0.7126564030200414});
}

// VLSE: f(x*) = -959.6407 at (512, 404.2319), on the boundary x1 = 512 (f still decreases
// outward there). x2 refined by a one-dimensional search in long double.
std::optional<Minimum> eggholder_minimum(Eigen::Index) {
  return at_point(-959.6406627208508, {512.0, 404.23180511383814});
}

// VLSE: f(x*) = -3.86278 at (0.114614, 0.555649, 0.852547). That point and the often-quoted
// -3.86278214782076 belong to a variant with P_41 = 0.03815 (Jamil & Yang 2013); with VLSE's
// and BoTorch's P_41 = 0.0381, used here, the minimum is -3.8627797873, found by Newton's
// method from the published point (and confirmed by 200 random local searches).
std::optional<Minimum> hartmann3_minimum(Eigen::Index) {
  return at_point(-3.8627797873326625,
                  {0.11458887665530894, 0.55564889461690072, 0.85254698468604631});
}

// VLSE: f(x*) = -3.32237 at (0.20169, 0.150011, 0.476874, 0.275332, 0.311652, 0.6573);
// refined by Newton's method in long double, the value agrees with the -3.32236801141551 of
// Jamil & Yang (2013).
std::optional<Minimum> hartmann6_minimum(Eigen::Index) {
  return at_point(-3.3223680114155148,
                  {0.20168951100690903, 0.15001069182342706, 0.47687397422112481,
                   0.2753324304940002, 0.31165161660020908, 0.65730053406563759});
}

}  // namespace bopp::synthetic
