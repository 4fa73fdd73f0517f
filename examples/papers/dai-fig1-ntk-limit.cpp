// Dai et al. 2022, Figure 1d: exact Thompson sampling with a fixed kernel on the same 1000-point
// grid task, to separate the model from its finite-width network. With the analytic NTK of the
// figure's network (L = 8 erf layers, σ_w = 1.5, σ_b = 0.05, d = 1) it is the infinite-width limit
// of STO-BNTS-Linear; with the SE kernel of lengthscale 0.1 it is the true prior of the functions.
//
// Each of 10 seeds: 5 random grid points, then 100 iterations of B = 1. y is negated (the task
// minimizes), noise N(0, 0.01²), standardized as the plugin does, σ² = 0.01 in the regularizer;
// one draw of the posterior on the whole grid (Cholesky), its argmax queried. `perturb` draws the
// exact posterior; `plain` draws the law of the trained draw without target noise (Dai et al.
// eq. 1 as the plugin solves it): covariance σ²_post − σ² kᵀ(K + σ²I)⁻² k.
//
// Build and run (needs only Eigen; FOLDER holds f0.txt ... f9.txt, each the 1000 noiseless values
// of one seed from `bopp eval gpsample --set dim=1 --set kind=grid --set grid=1000
// --set lengthscale=0.1 --set seed=-1 --seed S --points grid.csv`):
//   g++ -O2 -std=c++20 -I/usr/include/eigen3 dai-fig1-ntk-limit.cpp -o ntk-limit
//   ./ntk-limit ntk|se PRIOR_SCALE perturb|plain FOLDER
// Prints each seed's noiseless simple regret at iterations 5, 10, 25, 50, 100.
#include "dai-fig1-erf-ntk.hpp"

#include <Eigen/Dense>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <fstream>
#include <numbers>
#include <random>
#include <string>
#include <vector>

namespace {

using namespace dai_fig1;
constexpr int grid = 1000, design = 5, iterations = 100;

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s ntk|se PRIOR_SCALE perturb|plain FOLDER\n", argv[0]);
    return 2;
  }
  const std::string kernel = argv[1], law = argv[3], folder = argv[4];
  const double scale = std::stod(argv[2]);
  Eigen::MatrixXd prior(grid, grid);
  for (int i = 0; i < grid; ++i)
    for (int j = 0; j <= i; ++j) {
      const double x = i / (grid - 1.0), z = j / (grid - 1.0);
      prior(i, j) = prior(j, i) =
          scale * (kernel == "ntk" ? erf_ntk(x, z) : std::exp(-50 * (x - z) * (x - z)));
    }
  const int marks[] = {5, 10, 25, 50, 100};
  for (int seed = 0; seed < 10; ++seed) {
    std::vector<double> f;
    std::ifstream in(folder + "/f" + std::to_string(seed) + ".txt");
    for (double v; in >> v;) f.push_back(v);
    if (f.size() != grid) return std::fprintf(stderr, "f%d.txt: not %d values\n", seed, grid), 1;
    const double optimum = *std::min_element(f.begin(), f.end());
    std::mt19937_64 rng(1000 + seed);
    std::normal_distribution<double> normal;
    std::vector<int> rows;
    std::vector<double> y;
    double regret = INFINITY;
    const auto observe = [&](int i) {
      rows.push_back(i);
      y.push_back(-(f[static_cast<std::size_t>(i)] + 0.01 * normal(rng)));
      regret = std::min(regret, f[static_cast<std::size_t>(i)] - optimum);
    };
    for (int k = 0; k < design; ++k) observe(std::uniform_int_distribution<int>(0, grid - 1)(rng));
    std::printf("seed %d:", seed);
    for (int t = 1; t <= iterations; ++t) {
      const auto n = static_cast<Eigen::Index>(rows.size());
      Eigen::VectorXd targets = Eigen::Map<Eigen::VectorXd>(y.data(), n);
      const double mean = targets.mean();
      targets =
          (targets.array() - mean) / std::sqrt((targets.array() - mean).square().sum() / (n - 1));
      Eigen::MatrixXd gram(n, n), cross(grid, n);
      for (Eigen::Index a = 0; a < n; ++a) {
        for (Eigen::Index b = 0; b < n; ++b) gram(a, b) = prior(rows[a], rows[b]);
        cross.col(a) = prior.col(rows[a]);
      }
      gram.diagonal().array() += noise_variance;
      const Eigen::LLT<Eigen::MatrixXd> llt(gram);
      const Eigen::MatrixXd half = llt.matrixL().solve(cross.transpose());
      Eigen::MatrixXd covariance = prior - half.transpose() * half;
      if (law == "plain") {
        const Eigen::MatrixXd weights = llt.solve(cross.transpose());
        covariance -= noise_variance * weights.transpose() * weights;
      }
      covariance.diagonal().array() += 1e-8 * prior.diagonal().maxCoeff();
      const Eigen::LDLT<Eigen::MatrixXd> ldlt(covariance);
      Eigen::VectorXd z(grid);
      for (auto& v : z) v = normal(rng);
      const Eigen::VectorXd root = ldlt.vectorD().cwiseMax(0).cwiseSqrt();
      const Eigen::VectorXd draw =
          cross * llt.solve(targets) +
          ldlt.transpositionsP().transpose() * (ldlt.matrixL() * root.cwiseProduct(z)).eval();
      Eigen::Index best = 0;
      draw.maxCoeff(&best);
      observe(static_cast<int>(best));
      for (int m : marks)
        if (t == m) std::printf(" %.4f", regret);
    }
    std::printf("\n");
    std::fflush(stdout);
  }
}
