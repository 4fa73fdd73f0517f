// bopp/host/run/evaluator.hpp: how a batch of points gets evaluated.
#pragma once

#include <bopp/host/plugins/objective.hpp>

#include <functional>
#include <memory>
#include <span>
#include <string>

namespace bopp::host {

// Makes a fresh instance of the run's objective (same configuration and seed), for
// evaluators that need one instance per worker.
using ObjectiveFactory = std::function<std::unique_ptr<Objective>()>;

// Evaluates a batch point by point. Each point's seed comes with it, so the results do not
// depend on the evaluator: serial and threaded runs are identical bit for bit.
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  virtual void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                        std::span<Evaluation> out) = 0;
  virtual std::string describe() const = 0;
};

// kind "serial" or "threads" (`workers` 0: one per core). A threads evaluator shares the
// objective when it declares itself thread-safe, and otherwise makes one per worker.
std::unique_ptr<Evaluator> make_evaluator(const std::string& kind, std::uint32_t workers,
                                          Objective& objective, const ObjectiveFactory& factory);

}  // namespace bopp::host
