#include <bopp/bo/start_point.hpp>

#include <bopp/bo/design.hpp>
#include <bopp/config_schema.hpp>

namespace bopp::bo {

Eigen::VectorXd start_point(const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                            const std::optional<Eigen::VectorXd>& x0,
                            std::optional<std::int64_t> sobol_index, const std::string& owner) {
  const Eigen::Index d = lower.size();
  if (x0 && sobol_index)
    throw SchemaError("x0_sobol_index", 0, owner + ": give x0 or x0_sobol_index, not both");
  if (sobol_index) {
    const Eigen::MatrixXd unit = sobol_design(*sobol_index + 1, d, 0).bottomRows(1);
    return scale_to_box(unit, lower, upper).row(0).transpose();
  }
  if (!x0) return (lower + upper) / 2;
  if (x0->size() != d)
    throw SchemaError("x0", 0,
                      "key 'x0' of " + owner + " must have " + std::to_string(d) +
                          " values (the dimension), got " + std::to_string(x0->size()));
  if ((x0->array() < lower.array()).any() || (x0->array() > upper.array()).any())
    throw SchemaError("x0", 0, "key 'x0' of " + owner + " must lie inside the objective's box");
  return *x0;
}

Eigen::VectorXd start_point(const Problem& problem, const Config& config,
                            const std::string& owner) {
  std::optional<Eigen::VectorXd> x0;
  std::optional<std::int64_t> sobol_index;
  if (config.has("x0")) x0 = config.reals("x0");
  if (config.has("x0_sobol_index")) sobol_index = config.integer("x0_sobol_index");
  return start_point(problem.lower, problem.upper, x0, sobol_index, owner);
}

std::vector<Param> start_point_params() {
  return {
      Param::reals("x0", {}, "start point; absent: the box centre").make_optional(),
      Param::integer("x0_sobol_index", 0,
                     "start at point i (from 0) of the Sobol sequence over the box, shifted with "
                     "seed 0, the same for every run seed (Fan et al.'s shared starts); absent: x0 "
                     "or the box centre")
          .range(0, 1000000)
          .make_optional(),
  };
}

}  // namespace bopp::bo
