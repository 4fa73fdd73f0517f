#include <bopp/host/common/out_of_memory.hpp>
#include <bopp/host/run/loop/ask_tell.hpp>
#include <bopp/host/run/loop/discrete_rounding.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <cmath>

namespace bopp::host {

ObjectiveSpec run_objective_spec(const ObjectiveEntry& entry, std::string config_text,
                                 std::uint64_t run_seed) {
  return ObjectiveSpec::of(entry, std::move(config_text), objective_seed(run_seed));
}

std::unique_ptr<Objective> make_run_objective(const ObjectiveSpec& spec,
                                              const PluginRegistry& registry,
                                              const HostServices& services) {
  return out_of_memory_named("objective '" + spec.name + "'", "its creation",
                             [&] { return make_objective(spec, registry, services); });
}

std::unique_ptr<Algorithm> make_run_algorithm(const AlgorithmEntry& entry,
                                              const bopp::Problem& problem,
                                              const std::string& config_text,
                                              std::uint64_t run_seed,
                                              const HostServices& services) {
  return out_of_memory_named("algorithm '" + entry.name() + "'", "its creation", [&] {
    return std::make_unique<Algorithm>(entry, problem, config_text, algorithm_seed(run_seed),
                                       services);
  });
}

bopp::Points ask_rounded(Algorithm& algorithm, const bopp::Problem& problem,
                         std::size_t max_points) {
  bopp::Points X = out_of_memory_named("algorithm '" + algorithm.name() + "'",
                                       "ask(" + std::to_string(max_points) + ")",
                                       [&] { return algorithm.ask(max_points); });
  round_discrete(problem, X);
  return X;
}

void tell_batch(Algorithm& algorithm, const bopp::Points& X, std::span<const double> y,
                std::span<const std::int32_t> status) {
  out_of_memory_named("algorithm '" + algorithm.name() + "'",
                      "tell(" + std::to_string(X.rows()) + " points)", [&] {
                        algorithm.tell(X, y, status);
                        return 0;
                      });
}

double told_value(const bopp::Problem& problem, bool ok, double y) {
  if (!ok) return std::nan("");
  return problem.sense == bopp::Sense::minimize ? -y : y;
}

std::int32_t told_status(bool ok) { return ok ? BOPP_OK : BOPP_EVAL_FAILED; }

}  // namespace bopp::host
