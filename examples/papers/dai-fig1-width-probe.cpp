// Dai et al. 2022, Figure 1d: does STO-BNTS-Linear approach its infinite-width model as the
// network widens? For the figure's network (L = 8 erf layers, σ_w = 1.5, σ_b = 0.05, d = 1):
//  1. the empirical NTK on 11 points of [0, 1] against the analytic NTK recursion, at
//     m = 16, 64, 512, 2048 (relative Frobenius error per network and of their mean);
//  2. on fixed data (N random grid points of one seed's function, y negated and standardized as
//     the plugin does, σ² = 0.01, β = 1), the spread of 100 -Linear draws (the plugin's closed
//     form, nn::tangent_regression) on 101 grid points against the infinite-width posterior of
//     the same law (no target noise: σ²_post − σ² kᵀ(K + σ²I)⁻² k), and how far their mean is
//     from the limit's posterior mean.
// Build against the SDK (from a configured build tree) and run, FOLDER/fSEED.txt as for
// dai-fig1-ntk-limit.cpp:
//   g++ -O2 -std=c++20 -Isdk/include -I/usr/include/eigen3 dai-fig1-width-probe.cpp
//       build/release/sdk/nn/libbopp-nn.a -o width-probe
//   ./width-probe FOLDER SEED N
#include <bopp/nn/mlp.hpp>
#include <bopp/nn/tangent_models.hpp>

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

using namespace bopp::nn;
using namespace dai_fig1;

Eigen::VectorXd standard_normal(Eigen::Index n, std::mt19937_64& rng) {
  std::normal_distribution<double> normal;
  Eigen::VectorXd v(n);
  for (auto& x : v) x = normal(rng);
  return v;
}

Mlp network(Eigen::Index width) {
  MlpShape shape;
  shape.input_dim = 1;
  shape.depth = depth;
  shape.width = width;
  shape.activation = Activation::erf;
  shape.weight_std = weight_std;
  shape.bias_std = bias_std;
  return Mlp(shape);
}

Eigen::MatrixXd kernel(const Eigen::MatrixXd& X, const Eigen::MatrixXd& Z) {
  Eigen::MatrixXd K(X.rows(), Z.rows());
  for (Eigen::Index i = 0; i < X.rows(); ++i)
    for (Eigen::Index j = 0; j < Z.rows(); ++j) K(i, j) = erf_ntk(X(i, 0), Z(j, 0));
  return K;
}

void empirical_against_analytic() {
  const Eigen::MatrixXd X = Eigen::VectorXd::LinSpaced(11, 0, 1);
  const Eigen::MatrixXd analytic = kernel(X, X);
  for (int width : {16, 64, 512, 2048}) {
    const Mlp mlp = network(width);
    std::mt19937_64 rng(7);
    const int networks = width >= 2048 ? 3 : 10;
    double error = 0;
    Eigen::MatrixXd mean = Eigen::MatrixXd::Zero(11, 11);
    for (int k = 0; k < networks; ++k) {
      const auto pass = mlp.backpropagate(X, standard_normal(mlp.parameter_count(), rng));
      const Eigen::MatrixXd empirical = mlp.tangent_kernel(pass, pass);
      error += (empirical - analytic).norm() / analytic.norm() / networks;
      mean += empirical / networks;
    }
    std::printf("m = %d: relative error %.3f per network, %.3f of the mean of %d\n", width, error,
                (mean - analytic).norm() / analytic.norm(), networks);
  }
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 4) {
    std::fprintf(stderr, "usage: %s FOLDER SEED N\n", argv[0]);
    return 2;
  }
  empirical_against_analytic();
  std::vector<double> f;
  std::ifstream in(std::string(argv[1]) + "/f" + argv[2] + ".txt");
  for (double v; in >> v;) f.push_back(v);
  const int n = std::stoi(argv[3]), grid = 101, draws = 100;
  std::mt19937_64 rng(99);
  Eigen::MatrixXd X(n, 1);
  Eigen::VectorXd y(n);
  for (int k = 0; k < n; ++k) {
    const int i = std::uniform_int_distribution<int>(0, static_cast<int>(f.size()) - 1)(rng);
    X(k, 0) = i / (f.size() - 1.0);
    y[k] = -f[static_cast<std::size_t>(i)];
  }
  y = (y.array() - y.mean()) / std::sqrt((y.array() - y.mean()).square().sum() / (n - 1));
  const Eigen::MatrixXd G = Eigen::VectorXd::LinSpaced(grid, 0, 1);
  Eigen::MatrixXd gram = kernel(X, X);
  gram.diagonal().array() += noise_variance;
  const Eigen::LLT<Eigen::MatrixXd> llt(gram);
  const Eigen::MatrixXd cross = kernel(G, X);
  const Eigen::VectorXd mu = cross * llt.solve(y);
  const Eigen::MatrixXd weights = llt.solve(cross.transpose());
  Eigen::VectorXd limit_sd(grid);
  for (int a = 0; a < grid; ++a)
    limit_sd[a] =
        std::sqrt(std::max(0.0, erf_ntk(G(a, 0), G(a, 0)) - cross.row(a).dot(weights.col(a)) -
                                    noise_variance * weights.col(a).squaredNorm()));
  std::printf("limit: mean posterior sd %.3f\n", limit_sd.mean());
  for (int width : {16, 64, 512}) {
    const Mlp mlp = network(width);
    Eigen::MatrixXd values(draws, grid);
    for (int k = 0; k < draws; ++k) {
      const Eigen::VectorXd features = standard_normal(mlp.parameter_count(), rng);
      const Eigen::VectorXd theta0 = standard_normal(mlp.parameter_count(), rng);
      const Eigen::VectorXd theta =
          tangent_regression(mlp, X, y, features, theta0, 1.0, noise_variance);
      values.row(k) = mlp.jacobian_vector_products(G, features, theta).transpose();
    }
    const Eigen::VectorXd mean = values.colwise().mean().transpose();
    const Eigen::VectorXd sd =
        ((values.rowwise() - mean.transpose()).array().square().colwise().sum() / (draws - 1))
            .sqrt()
            .transpose();
    std::printf("m = %d: mean sd %.3f (%.2f times the limit's), rms of mean - limit mean %.3f\n",
                width, sd.mean(), sd.mean() / limit_sd.mean(),
                std::sqrt((mean - mu).squaredNorm() / grid));
  }
}
