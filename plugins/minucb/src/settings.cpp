#include "settings.hpp"

#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/gp_settings.hpp>
#include <bopp/bo/start_point.hpp>
#include <bopp/kit/host_design.hpp>

#include <utility>

namespace bopp::minucb {

std::vector<Param> shared_params() {
  std::vector<Param> p = bo::gp_settings_params();
  p.push_back(design_from_host_param());
  p.insert(p.begin(),
           Param::real("beta", 3.0,
                       "LCB multiplier: the step maximizes mu - beta * sigma (Fan et al.: 3, as 3 "
                       "sigma, not sqrt(beta))")
               .at_least(0));
  p.push_back(
      Param::real(
          "delta", 0.0,
          "half-width of the local box x_t +- delta (user units) for sampling and the step; "
          "0 means 0.2 x the smallest box width (GIBO's synthetic 0.2 on [0, 1]^d)")
          .at_least(0));
  p.push_back(
      Param::integer("n_max", 0, "sliding window: most recent observations kept; 0 means 5 d")
          .at_least(0));
  p.push_back(
      Param::real(
          "lr", 0.25,
          "GIBO's normalized gradient step x + lr l g/|g|, one start of the LCB step (GIBO: "
          "0.25)")
          .at_least(0));
  for (Param& q : bo::start_point_params()) p.push_back(std::move(q));
  return p;
}

Settings read_settings(const Problem& problem, const Config& config, const std::string& owner) {
  bo::require_finite_bounds(problem.lower, problem.upper, owner);
  const Eigen::Index d = problem.dim();
  const bo::GpSettings gp = bo::read_gp_settings(config);
  Settings s;
  s.beta = config.real("beta");
  s.kernel = gp.kernel;
  s.lengthscales = gp.model_lengthscales(problem.lower, problem.upper);
  s.outputscale = gp.outputscale;
  s.noise_variance = gp.noise_variance;
  s.fit = gp.fit;
  // Relative to the box by default, as gibo's: a fixed 0.2 would be a hundredth of a box of
  // width 20, and the method would be no better than random search there.
  s.delta = config.real("delta");
  if (s.delta == 0) s.delta = 0.2 * (problem.upper - problem.lower).minCoeff();
  if (!(s.delta > 0)) throw SchemaError("delta", 0, "key 'delta' of " + owner + " must be > 0");
  s.n_max = config.integer("n_max") > 0 ? config.integer("n_max") : 5 * d;
  s.lr = config.real("lr");
  s.x0 = bo::start_point(problem, config, owner);
  s.design_from_host = config.boolean(kDesignFromHost);
  return s;
}

Box local_box(const Eigen::VectorXd& x, double delta, const Problem& problem) {
  return {(x.array() - delta).max(problem.lower.array()).matrix(),
          (x.array() + delta).min(problem.upper.array()).matrix()};
}

}  // namespace bopp::minucb
