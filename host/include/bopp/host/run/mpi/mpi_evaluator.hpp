// bopp/host/run/mpi/mpi_evaluator.hpp: points in parallel on the ranks of an MPI job.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <memory>

namespace bopp::host {

// On rank 0 of a job started as `mpirun -n K bopp run exp.toml`: ranks 1..K-1 each run the
// objective (made from `setup.spec`) in a bopp-worker of their own, so a crash, an exit or a
// hang past `setup.timeout_s` in the objective costs that one evaluation, as with the
// processes evaluator. A rank that dies costs the point it was evaluating; the rest of its
// chunk goes to the ranks left. Throws Error (one line) outside such a job, when a rank cannot
// make the objective, or when every evaluating rank has died.
std::unique_ptr<Evaluator> make_mpi_evaluator(const EvaluatorSetup& setup);

}  // namespace bopp::host
