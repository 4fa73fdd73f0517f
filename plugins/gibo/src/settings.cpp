#include "settings.hpp"

#include <bopp/bo/finite_bounds.hpp>
#include <bopp/bo/start_point.hpp>
#include <bopp/kit/host_design.hpp>

#include <algorithm>
#include <cmath>
#include <stdexcept>
#include <string>
#include <utility>

namespace bopp::gibo {

namespace {

constexpr const char* owner = "algorithm 'gibo'";

Variant variant_from_name(const std::string& name) {
  if (name == "mueller") return Variant::mueller;
  if (name == "wu") return Variant::wu;
  return Variant::wu_bfgs;
}

}  // namespace

std::vector<Param> params() {
  std::vector<Param> p{
      Param::choice(
          "variant", "mueller", "mueller|wu|wu-bfgs",
          "mueller: Müller et al. 2021's code (evaluate x_t, greedy batch in x_t ± delta, window "
          "n_max, normalized step lr); wu: Wu et al.'s Algorithm 1 (joint batch, step x + "
          "eta·∇μ); wu-bfgs: Wu et al.'s noiseless Figure 1 (design at x_k, BFGS, Armijo)"),
  };
  for (Param& q : bo::gp_settings_params()) p.push_back(std::move(q));
  for (Param& q : bo::start_point_params()) p.push_back(std::move(q));
  p.push_back(design_from_host_param());
  std::vector<Param> own{
      Param::integer("batch", 0,
                     "gradient points per iteration: mueller, the most greedy points (Müller: d); "
                     "wu with batch_schedule constant, b (Wu: d+1 noiseless); 0 = d for mueller, "
                     "d+1 for wu")
          .at_least(0),
      Param::choice("batch_schedule", "constant", "constant|linear",
                    "wu: b_t = batch, or b_t = min(d·t, batch_max) (Wu et al. Cor. 2)"),
      Param::integer("batch_max", 0, "wu, linear schedule: the largest batch; 0 = no cap")
          .at_least(0),
      Param::integer("n_max", 0,
                     "data the GP sees: mueller, the sliding window of the most recent points "
                     "(Müller: 5d); wu, the most recent points within local_radius; 0 = 5d (never "
                     "fewer than the current batch)")
          .at_least(0),
      Param::real("local_radius", 4.0,
                  "wu: the GP uses only points within this many lengthscales of x_t (Wu et al. "
                  "keep all data; docs/gibo.md)")
          .at_least(0),
      Param::real("eta", 0.0,
                  "wu: step size η of x + η∇μ (Wu et al.: 1/L); wu-bfgs: H₀ = η·I; 0 = ℓ²/(√3·s), "
                  "the typical 1/L of a GP sample path (docs/gibo.md)")
          .at_least(0),
      Param::real("lr", 0.25, "mueller: step size of the normalized step (Müller synthetic: 0.25)")
          .at_least(0),
      Param::real("delta", 0.0,
                  "half-width of the box around x_t where gradient points are searched, problem "
                  "units; 0 = 0.2 of the box width for mueller (Müller: 0.2 on [0,1]^d), 3ℓ for "
                  "wu and wu-bfgs (Wu et al. search unconstrained)")
          .at_least(0),
      Param::boolean("normalize_gradient", true,
                     "mueller: step lr·ℓ⊙g/‖g‖ (Müller et al.), else lr·g"),
      Param::choice(
          "design", "auto", "auto|forward|optimized",
          "wu-bfgs and wu: forward = the closed-form design {x, x + h·e_i}; optimized = "
          "the joint minimum of the gradient trace; auto = forward for wu-bfgs, optimized "
          "for wu"),
      Param::real("fd_step", 0.0,
                  "forward design: the step h, problem units; 0 = ℓ·max(1e-4, "
                  "(noise_variance/outputscale)^¼)")
          .at_least(0),
      Param::integer("max_backtracks", 20,
                     "wu-bfgs: halvings of the step before a line search counts as failed")
          .range(1, 60),
  };
  for (Param& q : own) p.push_back(std::move(q));
  for (Param& q : bo::gradient_batch_params()) p.push_back(std::move(q));
  return p;
}

Settings read_settings(const Problem& problem, const Config& config) {
  if (problem.has_candidates())
    throw std::invalid_argument("gibo: needs a continuous box, not a finite candidate set");
  bo::require_finite_bounds(problem.lower, problem.upper, owner);
  const Eigen::Index d = problem.dim();
  const Eigen::VectorXd width = problem.upper - problem.lower;
  Settings s;
  s.variant = variant_from_name(config.string("variant"));
  s.gp = bo::read_gp_settings(config);
  s.lengthscales = s.gp.user_lengthscales(problem.lower, problem.upper);
  s.batch = config.integer("batch");
  s.linear_schedule = config.string("batch_schedule") == "linear";
  s.batch_max = config.integer("batch_max");
  s.window = config.integer("n_max") > 0 ? config.integer("n_max") : 5 * d;
  s.local_radius = config.real("local_radius");
  s.lr = config.real("lr");
  s.normalize_gradient = config.boolean("normalize_gradient");
  s.max_backtracks = static_cast<int>(config.integer("max_backtracks"));
  s.gradient_batch = bo::read_gradient_batch_settings(config);

  const double min_lengthscale = s.lengthscales.minCoeff();
  s.eta = config.real("eta");
  if (s.eta == 0) s.eta = min_lengthscale * min_lengthscale / std::sqrt(3.0 * s.gp.outputscale);
  s.delta = config.real("delta");
  if (s.delta == 0)
    s.delta =
        s.variant == Variant::mueller ? 0.2 * width.minCoeff() : 3.0 * s.lengthscales.maxCoeff();
  const std::string design = config.string("design");
  s.forward_design = design == "forward" || (design == "auto" && s.variant == Variant::wu_bfgs);
  // Noiseless, h → 0 makes the design exact (Wu et al. 2023, Lemma 2); with noise, the forward
  // design's trace is smallest near h = ℓ·(σ_n²/s²)^¼ (Lemmas 13-14, as Lemma 5's proof).
  const double fd_step = config.real("fd_step");
  const double relative_step =
      std::max(1e-4, std::pow(s.gp.noise_variance / s.gp.outputscale, 0.25));
  s.fd_step = fd_step > 0 ? Eigen::VectorXd::Constant(d, fd_step)
                          : Eigen::VectorXd(relative_step * s.lengthscales);
  s.x0 = bo::start_point(problem, config, owner);
  s.design_from_host = config.boolean(kDesignFromHost);
  return s;
}

}  // namespace bopp::gibo
