#include "box_objective.hpp"

#include <algorithm>
#include <stdexcept>
#include <string>
#include <string_view>

namespace bopp::box {
namespace {

// The line of `key` in the configuration, for the host's one-line error (0 when unknown).
std::uint32_t key_line(const Config& config, const std::string& key) {
  const toml::node* node = config.table().get(key);
  return node != nullptr ? static_cast<std::uint32_t>(node->source().begin.line) : 0;
}

}  // namespace

std::vector<Param> BoxObjective::params() {
  return {
      Param::reals("lower", {}, "lower bound of each dimension").make_required(),
      Param::reals("upper", {}, "upper bound of each dimension").make_required(),
      Param::string("kinds", "",
                    "the kind of each dimension, comma-separated: continuous, integer or "
                    "categorical (k levels: bounds 0 and k - 1); empty: all continuous"),
      Param::choice("sense", "minimize", "minimize|maximize", "whether y is minimized"),
      Param::real("optimum", 0.0, "the best value of y, when known (for regret)").make_optional(),
  };
}

BoxObjective::BoxObjective(const Config& config, std::uint64_t, const Host&) {
  problem_.lower = config.reals("lower");
  problem_.upper = config.reals("upper");
  if (problem_.lower.size() == 0 || problem_.lower.size() != problem_.upper.size()) {
    throw SchemaError("upper", key_line(config, "upper"),
                      "keys 'lower' and 'upper' of objective 'box' must be lists of one length, "
                      "at least 1");
  }
  const std::string kinds = config.string("kinds");
  for (std::size_t start = 0; !kinds.empty() && start <= kinds.size();) {
    const std::size_t end = std::min(kinds.find(',', start), kinds.size());
    const std::string_view kind = std::string_view(kinds).substr(start, end - start);
    if (kind == "continuous") {
      problem_.kinds.push_back(DimensionKind::continuous);
    } else if (kind == "integer") {
      problem_.kinds.push_back(DimensionKind::integer);
    } else if (kind == "categorical") {
      problem_.kinds.push_back(DimensionKind::categorical);
    } else {
      throw SchemaError("kinds", key_line(config, "kinds"),
                        "key 'kinds' of objective 'box': '" + std::string(kind) +
                            "' is not continuous, integer or categorical");
    }
    start = end + 1;
  }
  if (!problem_.kinds.empty() &&
      problem_.kinds.size() != static_cast<std::size_t>(problem_.lower.size())) {
    throw SchemaError("kinds", key_line(config, "kinds"),
                      "key 'kinds' of objective 'box' names " +
                          std::to_string(problem_.kinds.size()) + " kinds for " +
                          std::to_string(problem_.lower.size()) + " dimensions");
  }
  problem_.sense = config.string("sense") == "maximize" ? Sense::maximize : Sense::minimize;
  if (config.has("optimum")) problem_.optimum_value = config.real("optimum");
  problem_.thread_safe = true;
}

double BoxObjective::evaluate(const Eigen::VectorXd&, std::uint64_t) const {
  throw std::runtime_error(
      "the box objective has no values of its own: bopp.run(experiment, objective=f) evaluates "
      "its points");
}

}  // namespace bopp::box
