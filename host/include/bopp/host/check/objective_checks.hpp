// bopp/host/check/objective_checks.hpp: exercising an objective class on a few points.
#pragma once

#include <bopp/host/check/check_result.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <string>

namespace bopp::host {

// Runs the objective checks through the host's Objective wrapper: "create", "problem" (the
// host's check_problem), "create-destroy" (20 times), "evaluates" (finite values at a few
// points of its domain), "grouping" (one call for all points gives the bits of one call per
// point), "seed-repeatable" (a point and seed give the same bits twice) and "thread-safe"
// (when declared, threads sharing one instance give the serial values). `config` is the
// class's configuration with its defaults filled in.
void check_objective(const ObjectiveEntry& entry, const std::string& config, const CheckSink& sink);

}  // namespace bopp::host
