// bopp/host/run/loop/ask_tell.hpp: the algorithm's side of a run, shared by the run loop and the
// embedded Optimizer (bopp/host/embed/optimizer.hpp), so both ask the same points for the same
// seed and told values.
#pragma once

#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/objective_spec.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/kit/problem.hpp>

#include <cstdint>
#include <memory>
#include <span>
#include <string>

namespace bopp::host {

// The objective of a run with seed `run_seed`, as a value: its `create` gets
// objective_seed(run_seed).
ObjectiveSpec run_objective_spec(const ObjectiveEntry& entry, std::string config_text,
                                 std::uint64_t run_seed);

// The instance `spec` describes; running out of memory while creating it is an Error naming it.
std::unique_ptr<Objective> make_run_objective(const ObjectiveSpec& spec,
                                              const PluginRegistry& registry,
                                              const HostServices& services);

// The algorithm of a run with seed `run_seed` on `problem` (in the objective's sense): its
// `create` gets algorithm_seed(run_seed) and `config_text`, the resolved [algorithm] table.
std::unique_ptr<Algorithm> make_run_algorithm(const AlgorithmEntry& entry,
                                              const bopp::Problem& problem,
                                              const std::string& config_text,
                                              std::uint64_t run_seed, const HostServices& services);

// Up to `max_points` points from the algorithm, integer and categorical coordinates rounded
// (round_discrete): what the objective evaluates and the algorithm is told.
bopp::Points ask_rounded(Algorithm& algorithm, const bopp::Problem& problem,
                         std::size_t max_points);

// Tells the algorithm a batch: `y` and `status` already in its convention (told_value,
// told_status); running out of memory is an Error naming the algorithm.
void tell_batch(Algorithm& algorithm, const bopp::Points& X, std::span<const double> y,
                std::span<const std::int32_t> status);

// The value an algorithm is told for a result `y` in the objective's sense: algorithms
// maximize, so a minimized objective's value is negated (sdk/include/bopp/abi.h); NaN when the
// evaluation failed.
double told_value(const bopp::Problem& problem, bool ok, double y);
std::int32_t told_status(bool ok);

}  // namespace bopp::host
