// bopp/host/run/evaluator.hpp: how a batch of points gets evaluated.
#pragma once

#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <memory>
#include <span>
#include <string>

namespace bopp::host {

// Evaluates a batch point by point. Each point's seed comes with it, so the results do not
// depend on the evaluator: serial and threaded runs are identical bit for bit.
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                        std::span<Evaluation> out) = 0;
  virtual std::string describe() const = 0;
};

// What an evaluator is made from: the run's own objective instance, and the same objective
// as a value (`spec`) for evaluators that need more instances, in this process (made from
// `registry` with `services`) or in others.
struct EvaluatorSetup {
  std::uint32_t workers = 0;  // parallel evaluations; 0: one per core
  Objective& objective;
  const ObjectiveSpec& spec;
  const PluginRegistry& registry;
  const HostServices& services;
  // For evaluators that run the objective in other processes: the longest one evaluation may
  // take before its process is killed (0: no limit), and a cap on a process's address space
  // in MiB (0: none).
  double timeout_s = 0.0;
  std::uint64_t memory_mb = 0;
};

// Row `r` of X, the point an evaluator hands to the objective (Points are row-major).
inline std::span<const double> point_of(const bopp::Points& X, Eigen::Index r) {
  return {X.data() + r * X.cols(), static_cast<std::size_t>(X.cols())};
}

}  // namespace bopp::host
