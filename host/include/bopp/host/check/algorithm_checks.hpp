// bopp/host/check/algorithm_checks.hpp: exercising an algorithm class on small problems.
#pragma once

#include <bopp/host/check/check_result.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>

#include <string>

namespace bopp::host {

// Runs the algorithm checks through the host's Algorithm wrapper, on every check_problems()
// problem it accepts: "create-destroy" (20 times), "problem-shapes" (the shapes it refuses at
// create with a message are left out; the 2-D box is required), "ask-in-bounds" (batches of
// 1, 2 and 7), "tell-failed-points" (failed points told, the next asks still inside the
// bounds), "recommend-in-bounds" and "reproducible" (two instances of one seed ask
// bit-identical points). `config` is the class's configuration with its defaults filled in.
void check_algorithm(const AlgorithmEntry& entry, const std::string& config, const CheckSink& sink);

}  // namespace bopp::host
