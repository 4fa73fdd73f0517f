// bopp/host/run/evaluators/processes_evaluator.hpp: points in parallel in worker processes.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <cstddef>
#include <functional>
#include <memory>

namespace bopp::host {

// `setup.workers` bopp-worker processes (0: one per core), each making the objective from
// `setup.spec` in its own address space. A worker that crashes, exits or outlives
// `setup.timeout_s` on a point costs that one evaluation (failed, with the signal or the
// reason) and is replaced; the other points of its chunk go to the next worker. Throws
// Error (one line) when the workers cannot be started.
std::unique_ptr<Evaluator> make_processes_evaluator(const EvaluatorSetup& setup);

// Called with a point's row and result as soon as it lands, before evaluate() returns: the mpi
// evaluator's ranks pass each result on as it comes.
using ResultListener = std::function<void(std::size_t row, const Evaluation& result)>;

// The same from the objective as a value alone, `workers` > 0, `on_result` called for every
// point (null: none).
std::unique_ptr<Evaluator> make_processes_evaluator(const ObjectiveSpec& spec,
                                                    std::uint32_t workers, double timeout_s,
                                                    std::uint64_t memory_mb,
                                                    ResultListener on_result);

}  // namespace bopp::host
