// bopp/bo/lockstep_box_minimizer.hpp: minimize_in_box's runs, one per start, advanced together
// so that each round evaluates every run's next point as one batch.
#pragma once

#include <bopp/bo/box_minimizer.hpp>

#include <Eigen/Core>

#include <functional>

namespace bopp::bo {

// f and ∇f at every row of X (k × d): values resized to k, gradients to k × d. Each row's result
// must depend on that row alone (and may depend on k, as a matrix product's rounding does).
using BatchSmoothFunction = std::function<void(const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                               Eigen::MatrixXd& gradients)>;

// The same search as minimize_in_box (NLopt's LD_LBFGS from every row of `starts`, clamped into
// the box; the best point any run saw), with the runs in lockstep: NLopt calls its objective
// itself, so each run has a context of its own (a stack, ucontext) that waits in that call
// while the others reach theirs, and one call of f answers all of them. Everything runs on the
// caller's thread, the contexts switched in user space, so the search uses one core as the
// caller alone would, and starts no thread. Rows are in the order of the starts and a round
// holds every run still going. When f's rows are each exactly the one-point function's, the
// result is minimize_in_box's to the bit.
BoxMinimum minimize_in_box_lockstep(const BatchSmoothFunction& f, const Eigen::VectorXd& lower,
                                    const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts,
                                    const BoxMinimizerOptions& options = {});

}  // namespace bopp::bo
