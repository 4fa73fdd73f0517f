#include <bopp/bo/design.hpp>
#include <bopp/bo/portable_random.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/run/input/csv_points.hpp>
#include <bopp/host/run/loop/discrete_rounding.hpp>
#include <bopp/host/run/loop/initial_design.hpp>
#include <bopp/host/run/loop/seeds.hpp>
#include <bopp/kit/message_text.hpp>

#include <algorithm>
#include <cmath>
#include <numeric>
#include <random>
#include <sstream>
#include <stdexcept>
#include <vector>

namespace bopp::host {
namespace {

const std::string kWhere = "[run] initial_design: ";

// Points of the unit cube (rows) into the problem's space: continuous coordinates scaled into
// [lower, upper], integer and categorical ones to one of their levels, each as likely.
bopp::Points into_space(const Eigen::MatrixXd& unit, const bopp::Problem& problem) {
  bopp::Points X(unit.rows(), unit.cols());
  for (Eigen::Index i = 0; i < unit.cols(); ++i) {
    const double lo = problem.lower[i], hi = problem.upper[i];
    const bool discrete = problem.kind(i) != bopp::DimensionKind::continuous;
    for (Eigen::Index r = 0; r < unit.rows(); ++r) {
      const double u = unit(r, i);
      X(r, i) = discrete ? std::min(hi, lo + std::floor(u * (std::floor(hi - lo) + 1.0)))
                         : lo + u * (hi - lo);
    }
  }
  return X;
}

// `n` distinct rows of the candidate set, uniform without replacement (a partial
// Fisher-Yates shuffle with the portable draws).
bopp::Points candidate_rows(const bopp::Problem& problem, Eigen::Index n, std::uint64_t seed) {
  const Eigen::Index count = problem.candidates.rows();
  if (n > count) {
    throw Error(kWhere + "points = " + std::to_string(n) + " is more than the objective's " +
                std::to_string(count) + " candidates");
  }
  std::vector<Eigen::Index> rows(static_cast<std::size_t>(count));
  std::iota(rows.begin(), rows.end(), Eigen::Index{0});
  std::mt19937_64 rng(seed);
  bopp::Points X(n, problem.dim());
  for (Eigen::Index k = 0; k < n; ++k) {
    const auto left = static_cast<std::uint64_t>(count - k);
    const auto pick = static_cast<std::size_t>(k) + bo::uniform_index(rng, left);
    std::swap(rows[static_cast<std::size_t>(k)], rows[pick]);
    X.row(k) = problem.candidates.row(rows[static_cast<std::size_t>(k)]);
  }
  return X;
}

bopp::Points drawn_points(const InitialDesignSettings& design, const bopp::Problem& problem,
                          std::uint64_t seed) {
  const auto n = static_cast<Eigen::Index>(design.points);
  if (problem.has_candidates()) return candidate_rows(problem, n, seed);
  for (Eigen::Index i = 0; i < problem.dim(); ++i) {
    if (!std::isfinite(problem.lower[i]) || !std::isfinite(problem.upper[i])) {
      throw Error(kWhere + "kind = '" + design.kind + "' needs a finite box, and dimension " +
                  std::to_string(i + 1) + " is unbounded; use kind = 'file'");
    }
  }
  if (design.kind == "uniform") {
    std::mt19937_64 rng(seed);
    Eigen::MatrixXd unit(n, problem.dim());
    for (Eigen::Index r = 0; r < n; ++r)
      for (Eigen::Index i = 0; i < problem.dim(); ++i) unit(r, i) = bo::uniform(rng, 0.0, 1.0);
    return into_space(unit, problem);
  }
  try {
    return into_space(bo::sobol_design(n, problem.dim(), seed), problem);
  } catch (const std::invalid_argument& e) {
    throw Error(kWhere + "kind = 'sobol': " + e.what() + "; use kind = 'uniform'");
  }
}

// The file's rows, each checked: finite, inside the box, a candidate where the domain is a set.
bopp::Points file_points(const InitialDesignSettings& design, const bopp::Problem& problem) {
  const std::string source = echo(design.path);
  std::istringstream in;
  try {
    in.str(read_input_bytes(design.path));  // a regular file the user named, bounded
  } catch (const Error& e) {
    throw Error(kWhere + source + ": cannot read the design file: " + e.what());
  }
  bopp::Points X;
  try {
    X = read_csv_points(in, source, problem.dim());
  } catch (const Error& e) {
    throw Error(kWhere + e.what());
  }
  if (X.rows() == 0) throw Error(kWhere + source + ": no points in the design file");
  if (design.points > 0) {
    if (static_cast<std::uint64_t>(X.rows()) < design.points) {
      throw Error(kWhere + source + ": points = " + std::to_string(design.points) +
                  ", but the file holds " + std::to_string(X.rows()) + " points");
    }
    X.conservativeResize(static_cast<Eigen::Index>(design.points), Eigen::NoChange);
  }
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    for (Eigen::Index i = 0; i < X.cols(); ++i) {
      const double v = X(r, i);
      if (!std::isfinite(v) || v < problem.lower[i] || v > problem.upper[i]) {
        std::ostringstream text;
        text << kWhere << source << ": point " << r + 1 << ", coordinate " << i + 1 << " = " << v
             << (std::isfinite(v) ? " is outside its bounds [" : " is not a finite number");
        if (std::isfinite(v)) text << problem.lower[i] << ", " << problem.upper[i] << "]";
        throw Error(text.str());
      }
    }
  }
  round_discrete(problem, X);
  if (problem.has_candidates()) {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      const bool found =
          ((problem.candidates.rowwise() - X.row(r)).rowwise().squaredNorm().array() == 0.0).any();
      if (!found) {
        throw Error(kWhere + source + ": point " + std::to_string(r + 1) +
                    " is not one of the objective's candidate points");
      }
    }
  }
  return X;
}

}  // namespace

bopp::Points initial_design_points(const InitialDesignSettings& design,
                                   const bopp::Problem& problem, std::uint64_t run_seed) {
  bopp::Points X = design.kind == "file" ? file_points(design, problem)
                                         : drawn_points(design, problem, design_seed(run_seed));
  return X;
}

}  // namespace bopp::host
