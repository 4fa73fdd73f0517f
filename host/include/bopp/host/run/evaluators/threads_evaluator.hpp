// bopp/host/run/evaluators/threads_evaluator.hpp: points in parallel on threads of this process.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <memory>

namespace bopp::host {

// `setup.workers` threads (0: one per core). They share the run's instance when the
// objective declares itself thread-safe; otherwise each other worker gets its own, made
// from `setup.spec`.
std::unique_ptr<Evaluator> make_threads_evaluator(const EvaluatorSetup& setup);

}  // namespace bopp::host
