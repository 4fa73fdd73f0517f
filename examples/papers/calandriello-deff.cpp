// Calandriello et al. 2020, Theorem 1: BBKB's dictionary holds O(q̄ d_eff(X_t)) points, where
// d_eff(X_t) = Tr(K_t (K_t + λI)⁻¹) is the effective dimension of the points evaluated so far.
// This program checks a run's dictionary size against 3 q̄ d_eff at a quarter, half,
// three quarters and the end of the run.
//
// K_t is t × t, but a BBKB run evaluates few distinct candidates many times, so d_eff comes
// from the distinct points: with P the t × u matrix that picks each evaluation's distinct row
// and W = PᵀP the diagonal of the counts, K_t = P K_u Pᵀ has the nonzero eigenvalues of
// W^½ K_u W^½ (u × u), and d_eff = Σ μ / (μ + λ) over those.
//
// Build and run (needs Eigen and nlohmann-json; each FOLDER is a bbkb, bbkb-local or bkb run
// record, whose log.jsonl holds the per-batch debug lines):
//   g++ -O2 -std=c++20 -I/usr/include/eigen3 calandriello-deff.cpp -o deff
//   ./deff BANDWIDTH LAMBDA QBAR FOLDER...
// Prints, per run and checkpoint: t, distinct points, d_eff, the dictionary after the last batch
// closed by then, and that size over 3 q̄ d_eff (the claim holds when it is at most 1).
#include <Eigen/Dense>
#include <nlohmann/json.hpp>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <map>
#include <regex>
#include <stdexcept>
#include <string>
#include <vector>

namespace {

using Point = std::vector<double>;

std::vector<Point> evaluated_points(const std::string& folder) {
  std::ifstream in(folder + "/evaluations.jsonl");
  if (!in) throw std::runtime_error("cannot read " + folder + "/evaluations.jsonl");
  std::vector<Point> points;
  long number = 0;
  for (std::string line; std::getline(in, line);) {
    ++number;
    if (line.empty()) continue;
    try {
      points.push_back(nlohmann::json::parse(line).at("x").get<Point>());
    } catch (const nlohmann::json::exception& error) {
      throw std::runtime_error("evaluations.jsonl line " + std::to_string(number) + ": " +
                               error.what());
    }
  }
  return points;
}

// (evaluations when the batch closed, dictionary size after it), from the plugin's debug lines.
std::vector<std::pair<long, long>> dictionary_trace(const std::string& folder) {
  static const std::regex batch_line(R"(batch \d+ of \d+ points; dictionary (\d+))");
  std::ifstream in(folder + "/log.jsonl");
  std::vector<std::pair<long, long>> trace;
  for (std::string line; std::getline(in, line);) {
    const auto entry = nlohmann::json::parse(line);
    std::smatch m;
    const std::string message = entry.at("message").get<std::string>();
    if (std::regex_search(message, m, batch_line)) {
      trace.emplace_back(entry.at("evaluations").get<long>(), std::stol(m[1].str()));
    }
  }
  if (trace.empty()) {
    throw std::runtime_error("no batch lines in " + folder +
                             "/log.jsonl (expected a bbkb, bbkb-local or bkb run)");
  }
  return trace;
}

struct EffectiveDimension {
  long distinct;
  double d_eff;
};

EffectiveDimension effective_dimension(const std::vector<Point>& points, long t, double bandwidth,
                                       double lambda) {
  std::map<Point, double> counts;
  for (long i = 0; i < t; ++i) counts[points[static_cast<std::size_t>(i)]] += 1.0;
  std::vector<const Point*> rows;
  Eigen::VectorXd root_counts(static_cast<Eigen::Index>(counts.size()));
  for (const auto& [point, count] : counts) {
    root_counts(static_cast<Eigen::Index>(rows.size())) = std::sqrt(count);
    rows.push_back(&point);
  }
  const auto u = static_cast<Eigen::Index>(rows.size());
  Eigen::MatrixXd weighted(u, u);
  for (Eigen::Index i = 0; i < u; ++i) {
    for (Eigen::Index j = 0; j <= i; ++j) {
      double squared = 0.0;
      for (std::size_t k = 0; k < rows[i]->size(); ++k) {
        const double diff = (*rows[i])[k] - (*rows[j])[k];
        squared += diff * diff;
      }
      const double kernel = std::exp(-squared / (2.0 * bandwidth * bandwidth));
      weighted(i, j) = weighted(j, i) = root_counts(i) * kernel * root_counts(j);
    }
  }
  const Eigen::VectorXd mu =
      Eigen::SelfAdjointEigenSolver<Eigen::MatrixXd>(weighted, Eigen::EigenvaluesOnly)
          .eigenvalues()
          .cwiseMax(0.0);
  return {u, (mu.array() / (mu.array() + lambda)).sum()};
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 5) {
    std::fprintf(stderr, "usage: %s BANDWIDTH LAMBDA QBAR FOLDER...\n", argv[0]);
    return 2;
  }
  double bandwidth = 0.0, lambda = 0.0, qbar = 0.0;
  try {
    bandwidth = std::stod(argv[1]);
    lambda = std::stod(argv[2]);
    qbar = std::stod(argv[3]);
  } catch (const std::exception&) {
  }
  if (!(bandwidth > 0.0 && lambda > 0.0 && qbar > 0.0)) {
    std::fprintf(stderr, "BANDWIDTH, LAMBDA and QBAR must be positive numbers\n");
    return 2;
  }
  std::printf("folder\tt\tdistinct\td_eff\tdictionary\tdictionary/(3 qbar d_eff)\n");
  for (int a = 4; a < argc; ++a) {
    const std::string folder = argv[a];
    try {
      const auto points = evaluated_points(folder);
      const auto trace = dictionary_trace(folder);
      const long n = static_cast<long>(points.size());
      for (const long t : {n / 4, n / 2, 3 * n / 4, n}) {
        if (t == 0) continue;
        long dictionary = 0;
        for (const auto& [evaluations, size] : trace) {
          if (evaluations <= t) dictionary = size;
        }
        const auto e = effective_dimension(points, t, bandwidth, lambda);
        std::printf("%s\t%ld\t%ld\t%.1f\t%ld\t%.2f\n", folder.c_str(), t, e.distinct, e.d_eff,
                    dictionary, static_cast<double>(dictionary) / (3.0 * qbar * e.d_eff));
      }
    } catch (const std::exception& error) {
      std::fprintf(stderr, "%s: %s\n", folder.c_str(), error.what());
      return 1;
    }
  }
  return 0;
}
