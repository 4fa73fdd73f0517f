#include <bopp/bo/gp_settings.hpp>

#include <bopp/bo/mueller_lengthscale.hpp>
#include <bopp/config_schema.hpp>

#include <string>

namespace bopp::bo {
namespace {

constexpr double kMinLengthscale = 1e-12;

}  // namespace

Eigen::VectorXd GpSettings::user_lengthscales(const Eigen::VectorXd& lower,
                                              const Eigen::VectorXd& upper) const {
  if (lengthscale > 0) return Eigen::VectorXd::Constant(lower.size(), lengthscale);
  return (upper - lower) * mueller_lengthscale(lower.size());
}

Eigen::VectorXd GpSettings::model_lengthscales(const Eigen::VectorXd& lower,
                                               const Eigen::VectorXd& upper) const {
  if (lengthscale > 0) return (lengthscale / (upper - lower).array()).matrix();
  return Eigen::VectorXd::Constant(lower.size(), mueller_lengthscale(lower.size()));
}

std::vector<Param> gp_settings_params() {
  return {
      Param::choice("kernel", "rbf", "rbf|matern52", "GP kernel, ARD; the papers use the RBF"),
      Param::real("lengthscale", 0.0,
                  "GP lengthscale in the problem's units, every coordinate; 0 = Müller et al.'s "
                  "rule 2·δ(d)·0.1/δ(2) times the box width (0.2 of it at d = 2); else at "
                  "least 1e-12")
          .range(0, 1e12),
      Param::real("outputscale", 1.0, "GP prior variance of f, user units (the papers: 1)")
          .range(1e-12, 1e12),
      Param::real("noise_variance", 0.01,
                  "observation noise variance, user units, fixed also when fitting (Müller et al. "
                  "and Fan et al.: 0.01; Wu et al. Figure 1: 0, 0.05², 0.2²); 0 = noiseless")
          .at_least(0),
      Param::choice("hyperparameters", "fixed", "fixed|fit",
                    "fixed (the papers' synthetic setups) or fit: a MAP refit of lengthscales, "
                    "outputscale and mean under BoTorch's Gamma priors, once per iteration"),
  };
}

GpSettings read_gp_settings(const Config& config) {
  GpSettings s;
  s.kernel = kernel_type_from_name(config.string("kernel"));
  s.lengthscale = config.real("lengthscale");
  // A physical length: 0 picks the rule, and a positive one too small to invert (1e-320 is
  // subnormal) would make every kernel value NaN.
  if (s.lengthscale > 0.0 && s.lengthscale < kMinLengthscale) {
    const toml::node* node = config.table().get("lengthscale");
    throw SchemaError("lengthscale", node != nullptr ? node->source().begin.line : 0,
                      "key 'lengthscale' must be 0 (the rule) or at least 1e-12, not " +
                          std::to_string(s.lengthscale));
  }
  s.outputscale = config.real("outputscale");
  s.noise_variance = config.real("noise_variance");
  s.fit = config.string("hyperparameters") == "fit";
  return s;
}

}  // namespace bopp::bo
