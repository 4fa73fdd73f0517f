// Dai et al. 2022, Figure 1a-c: the acquisition functions of one batch of B = 100 draws from
// the deep ensemble, STO-BNTS and STO-BNTS-Linear, all on one fixed training set with a gap
// around [0.2, 0.4]. The paper's claim: STO-BNTS and -Linear spread much more in the gap than
// the deep ensemble (whose prior is the NNGP kernel, narrower than the NTK).
//
// The draws are the plugin's own: each algorithm class (algorithms.hpp) is told the training set
// and asked for SampleThenOptimize::sample(0, k), k = 0..99, the 100 trained draws of its first
// model-based batch, exactly what ask(100) maximizes. Settings as the figure and the Figure 1d
// grid: L = 8 erf layers of m = 64, 1000 gradient-descent steps at lr 1e-3 (standard
// parameterization), σ = 0.1, β = 1, y negated (the task minimizes) and standardized.
//
// The training set: 9 grid points of one seed's function, x = 0.05, 0.10, 0.15 and 0.45, 0.55,
// ..., 0.95 (rounded to the 1000-point grid), noiseless values. FOLDER/fSEED.txt holds the
// function's 1000 values, as for dai-fig1-ntk-limit.cpp.
//
// Build against the SDK and the plugin's objects (from a configured release tree, after
// `cmake --build --preset release --target stobnts_objects bopp_nn bopp_bo`) and run:
//   g++ -O2 -std=c++20 -Isdk/include -Iplugins/stobnts/src -I/usr/include/eigen3
//       examples/papers/dai-fig1-fans.cpp
//       build/release/plugins/stobnts/CMakeFiles/stobnts_objects.dir/src/*.o
//       build/release/sdk/nn/libbopp-nn.a build/release/sdk/bo/libbopp-bo.a
//       -ltomlplusplus -lnlopt -llapacke -lopenblas -o fans
//   ./fans FOLDER SEED RUN_SEED OUT_DIR
// Prints each method's standard deviation over the draws (in standardized units of −f), averaged
// over the gap [0.2, 0.4], at the training points and over [0, 1]; writes OUT_DIR/fans-METHOD.csv
// (x, then the 100 draws on 201 grid points) and OUT_DIR/data.csv (the training set, standardized
// as the draws see it) for dai-fig1-fans.gp.
#include "algorithms.hpp"

#include <bopp/plugin.hpp>

#include <Eigen/Dense>

#include <cmath>
#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

namespace {

using namespace bopp::stobnts;

constexpr int draws = 100, points = 201;
const char* const settings =
    "n_init = 1\ndepth = 8\nwidth = 64\nactivation = \"erf\"\ntrain_steps = 1000\n";

struct Spread {
  double gap, data, all;
};

// The standard deviation over the draws (rows) at each x (column).
Eigen::VectorXd spread(const Eigen::MatrixXd& values) {
  const Eigen::MatrixXd centred = values.rowwise() - values.colwise().mean();
  return (centred.array().square().colwise().sum() / (values.rows() - 1)).sqrt().transpose();
}

template <class Algorithm>
Spread fan(const Eigen::MatrixXd& X, const Eigen::VectorXd& y, std::uint64_t run_seed,
           const std::string& out) {
  const bopp::Problem unit = bopp::Problem::box(1, 0.0, 1.0);
  Algorithm algorithm(unit, bopp::kit::parse_config<Algorithm>(settings, "algorithm"), run_seed,
                      bopp::Host());
  const std::vector<std::int32_t> ok(static_cast<std::size_t>(X.rows()), BOPP_OK);
  algorithm.tell(X, y, ok);
  // The grid, then the training points: one trained draw is evaluated on both.
  Eigen::MatrixXd where(points + X.rows(), 1);
  where << Eigen::VectorXd::LinSpaced(points, 0, 1), X;
  Eigen::MatrixXd values(draws, where.rows());
  for (int k = 0; k < draws; ++k)
    values.row(k) = algorithm.sample(0, static_cast<std::uint64_t>(k)).values(where).transpose();
  const Eigen::VectorXd sd = spread(values);
  const Eigen::MatrixXd grid = where.topRows(points);

  std::ofstream csv(out + "/fans-" + Algorithm::name + ".csv");
  for (int a = 0; a < points; ++a) {
    csv << grid(a, 0);
    for (int k = 0; k < draws; ++k) csv << ',' << values(k, a);
    csv << '\n';
  }
  Spread s{0, sd.tail(X.rows()).mean(), sd.head(points).mean()};
  int in_gap = 0;
  for (int a = 0; a < points; ++a)
    if (grid(a, 0) >= 0.2 - 1e-9 && grid(a, 0) <= 0.4 + 1e-9) s.gap += sd[a], ++in_gap;
  s.gap /= in_gap;
  return s;
}

}  // namespace

int main(int argc, char** argv) {
  if (argc != 5) {
    std::fprintf(stderr, "usage: %s FOLDER SEED RUN_SEED OUT_DIR\n", argv[0]);
    return 2;
  }
  std::vector<double> f;
  std::ifstream in(std::string(argv[1]) + "/f" + argv[2] + ".txt");
  for (double v; in >> v;) f.push_back(v);
  if (f.size() != 1000) {
    std::fprintf(stderr, "expected 1000 values in %s/f%s.txt\n", argv[1], argv[2]);
    return 2;
  }
  const std::vector<double> xs = {0.05, 0.10, 0.15, 0.45, 0.55, 0.65, 0.75, 0.85, 0.95};
  const auto n = static_cast<Eigen::Index>(xs.size());
  Eigen::MatrixXd X(n, 1);
  Eigen::VectorXd y(n);
  for (Eigen::Index k = 0; k < n; ++k) {
    const auto i = static_cast<std::size_t>(std::lround(xs[static_cast<std::size_t>(k)] * 999));
    X(k, 0) = static_cast<double>(i) / 999;
    y[k] = -f[i];  // the plugin maximizes; the task minimizes
  }
  const std::uint64_t run_seed = std::stoull(argv[3]);
  const std::string out = argv[4];
  // The targets as the draws fit them (the plugin standardizes y), for the plot.
  const Eigen::VectorXd z =
      (y.array() - y.mean()) / std::sqrt((y.array() - y.mean()).square().sum() / (n - 1));
  std::ofstream data(out + "/data.csv");
  for (Eigen::Index k = 0; k < n; ++k) data << X(k, 0) << ',' << z[k] << '\n';

  std::printf("standard deviation over %d draws (standardized units of -f)\n", draws);
  std::printf("%-16s %10s %10s %10s %10s\n", "method", "gap", "data", "[0, 1]", "gap/data");
  const auto report = [](const char* name, const Spread& s) {
    std::printf("%-16s %10.4f %10.4f %10.4f %10.1f\n", name, s.gap, s.data, s.all, s.gap / s.data);
  };
  report(DeepEnsemble::name, fan<DeepEnsemble>(X, y, run_seed, out));
  report(StoBnts::name, fan<StoBnts>(X, y, run_seed, out));
  report(StoBntsLinear::name, fan<StoBntsLinear>(X, y, run_seed, out));
}
