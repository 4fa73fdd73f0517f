// bopp/host/run/evaluators/evaluator.hpp: how a batch of points gets evaluated.
#pragma once

#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <memory>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

// One point handed to an evaluator; `id` says where its result lands.
struct PointJob {
  std::uint64_t id = 0;
  std::vector<double> x;
  std::uint64_t seed = 0;
};

// Where an evaluator takes its points and puts their results: one batch (Evaluator::evaluate),
// or an asynchronous run, which asks its algorithm for more points whenever a worker is free.
// An evaluator calls it from one thread only.
class PointFeed {
 public:
  virtual ~PointFeed() = default;
  // Up to `most` (>= 1) points to start now. None: nothing to start until a result lands,
  // and once nothing is in flight either, nothing more at all.
  virtual std::vector<PointJob> take(std::size_t most) = 0;
  // How many points `take` has ready without asking for more (what is left of a batch): an
  // evaluator sizes its chunks by it, and sends a busy worker more only when points wait.
  virtual std::size_t waiting() const = 0;
  // Points taken but never started (their worker died first); `take` gives them first.
  virtual void give_back(std::vector<PointJob> jobs) = 0;
  virtual void land(std::uint64_t id, Evaluation result) = 0;
};

// Evaluates points; each point's seed comes with it, so the results do not depend on the
// evaluator: serial and parallel runs are identical bit for bit. An evaluator overrides
// `evaluate`, `stream`, or both: each is written by default in terms of the other.
class Evaluator {
 public:
  virtual ~Evaluator() = default;
  // A whole batch: out[r] is the result of row r.
  virtual void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                        std::span<Evaluation> out);
  // Points from `feed` until it has none and every result has landed. By default, one
  // point (or what the feed has waiting) at a time through `evaluate`.
  virtual void stream(PointFeed& feed);
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
