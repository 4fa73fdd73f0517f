// bopp/host/run/processes_evaluator.hpp: points in parallel in worker processes.
#pragma once

#include <bopp/host/run/evaluator.hpp>

#include <memory>

namespace bopp::host {

// `setup.workers` bopp-worker processes (0: one per core), each making the objective from
// `setup.spec` in its own address space. A worker that crashes, exits or outlives
// `setup.timeout_s` on a point costs that one evaluation (failed, with the signal or the
// reason) and is replaced; the other points of its chunk go to the next worker. Throws
// Error (one line) when the workers cannot be started.
std::unique_ptr<Evaluator> make_processes_evaluator(const EvaluatorSetup& setup);

}  // namespace bopp::host
