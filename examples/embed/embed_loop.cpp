// An ask/tell loop of a program's own (docs/embedding.md): bopp's algorithm proposes points,
// this program evaluates them with its own function and tells the values back.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <string>
#include <vector>

namespace {

// The caller's own "simulation": a shifted sphere with its minimum 0 at (0.3, -0.7, 1.1),
// failing (NaN) in one corner, as a simulator that does not converge would.
double simulate(const Eigen::Ref<const Eigen::RowVectorXd>& x) {
  if (x[0] > 1.8 && x[1] > 1.8) return std::nan("");
  const Eigen::RowVector3d centre(0.3, -0.7, 1.1);
  return (x - centre).squaredNorm();
}

}  // namespace

int main(int argc, char** argv) {
  namespace host = bopp::host;
  try {
    // BOPP_PLUGIN_PATH first, then the installed plugins.
    std::vector<std::filesystem::path> folders = host::plugin_search_path({});
    folders.emplace_back(BOPP_INSTALLED_PLUGIN_DIR);
    const host::PluginRegistry registry(folders);

    host::OptimizerSettings settings;
    settings.algorithm.name = argc > 1 ? argv[1] : "gpbo";
    if (settings.algorithm.name == "gpbo") settings.algorithm.config.insert("initial_points", 6);
    settings.problem = bopp::Problem::box(3, -2.0, 2.0);  // minimized by default
    settings.seed = 1;
    host::Optimizer optimizer(registry, settings);

    double best = INFINITY;
    for (int round = 0; round < 8; ++round) {
      const bopp::Points X = optimizer.ask(2);
      std::vector<double> y(static_cast<std::size_t>(X.rows()));
      for (Eigen::Index r = 0; r < X.rows(); ++r) {
        y[static_cast<std::size_t>(r)] = simulate(X.row(r));
        if (y[static_cast<std::size_t>(r)] < best) best = y[static_cast<std::size_t>(r)];
      }
      optimizer.tell(X, y);  // NaN values are told as failed evaluations
    }
    const Eigen::VectorXd x = optimizer.recommend();
    std::printf("%s: %llu points told, best value %g, recommended (%g, %g, %g)\n",
                optimizer.algorithm_name().c_str(),
                static_cast<unsigned long long>(optimizer.told()), best, x[0], x[1], x[2]);
    return 0;
  } catch (const host::Error& e) {
    std::fprintf(stderr, "embed_loop: %s\n", e.what());
    return 1;
  }
}
