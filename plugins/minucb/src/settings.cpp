#include "settings.hpp"

#include <bopp/bo/mueller_lengthscale.hpp>
#include <bopp/bo/start_point.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>

namespace bopp::minucb {

std::vector<Param> shared_params() {
  return {
      Param::real("beta", 3.0,
                  "LCB multiplier: the step maximizes mu - beta * sigma (Fan et al.: 3, as 3 sigma, "
                  "not sqrt(beta))")
          .at_least(0),
      Param::choice("kernel", "rbf", "rbf|matern52", "GP kernel, ARD (Fan et al.: rbf)"),
      Param::real("lengthscale", 0.0,
                  "GP lengthscale in user units of x, the same in every dimension; 0 means Mueller "
                  "et al.'s 2 l(d) times the box width (the gpsample default)")
          .at_least(0),
      Param::real("outputscale", 1.0, "GP prior variance of f, user units (Fan et al.: 1)")
          .range(1e-12, 1e12),
      Param::real("noise_variance", 0.01,
                  "observation noise variance, user units; fixed also when fitting (Fan et al.: "
                  "0.01)")
          .range(1e-10, 1e12),
      Param::choice("hyperparameters", "fixed", "fixed|fit",
                    "fixed: lengthscale and outputscale as given (Fan et al.'s synthetic runs); "
                    "fit: MAP refit once per iteration under BoTorch's priors"),
      Param::real("delta", 0.2,
                  "half-width of the local box x_t +- delta (user units) for sampling and the step "
                  "(GIBO's synthetic 0.2)")
          .at_least(0),
      Param::integer("n_max", 0, "sliding window: most recent observations kept; 0 means 5 d")
          .at_least(0),
      Param::real("lr", 0.25,
                  "GIBO's normalized gradient step x + lr l g/|g|, one start of the LCB step (GIBO: "
                  "0.25)")
          .at_least(0),
      Param::reals("x0", {}, "start point; absent: the box centre").make_optional(),
      Param::integer("x0_sobol_index", 0,
                     "start at the i-th point of the Sobol sequence (seed 0) over the box, so runs "
                     "share start points by index; absent: x0 or the box centre")
          .at_least(0)
          .make_optional(),
  };
}

namespace {

Eigen::VectorXd start_point(const Problem& problem, const Config& config, const std::string& owner) {
  std::optional<Eigen::VectorXd> x0;
  std::optional<std::int64_t> sobol_index;
  if (config.has("x0")) x0 = config.reals("x0");
  if (config.has("x0_sobol_index")) sobol_index = config.integer("x0_sobol_index");
  return bo::start_point(problem.lower, problem.upper, x0, sobol_index, owner);
}

}  // namespace

Settings read_settings(const Problem& problem, const Config& config, const std::string& owner) {
  if (!problem.lower.allFinite() || !problem.upper.allFinite())
    throw std::invalid_argument(owner + ": every bound must be finite");
  const Eigen::Index d = problem.dim();
  const Eigen::ArrayXd widths = (problem.upper - problem.lower).array();
  Settings s;
  s.beta = config.real("beta");
  s.kernel = bo::kernel_type_from_name(config.string("kernel"));
  const double lengthscale = config.real("lengthscale");
  s.lengthscales = Eigen::VectorXd::Constant(d, bo::mueller_lengthscale(d));
  if (lengthscale > 0) s.lengthscales = (lengthscale / widths).matrix();
  s.outputscale = config.real("outputscale");
  s.noise_variance = config.real("noise_variance");
  s.fit = config.string("hyperparameters") == "fit";
  s.delta = config.real("delta");
  if (!(s.delta > 0)) throw SchemaError("delta", 0, "key 'delta' of " + owner + " must be > 0");
  s.n_max = config.integer("n_max") > 0 ? config.integer("n_max") : 5 * d;
  s.lr = config.real("lr");
  s.x0 = start_point(problem, config, owner);
  return s;
}

Box local_box(const Eigen::VectorXd& x, double delta, const Problem& problem) {
  return {(x.array() - delta).max(problem.lower.array()).matrix(),
          (x.array() + delta).min(problem.upper.array()).matrix()};
}

Points take_planned(Points& queue, std::size_t max_points) {
  const Eigen::Index count =
      std::min<Eigen::Index>(static_cast<Eigen::Index>(std::max<std::size_t>(1, max_points)), queue.rows());
  Points taken = queue.topRows(count);
  queue = queue.bottomRows(queue.rows() - count).eval();
  return taken;
}

}  // namespace bopp::minucb
