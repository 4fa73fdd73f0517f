// bopp/bo/acquisition_optimizer.hpp: maximizing an acquisition over a box or a finite set.
#pragma once

#include <bopp/bo/acquisition.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <vector>

namespace bopp::bo {

struct AcquisitionOptimizerOptions {
  // Scrambled-Sobol points where the acquisition is evaluated (in one batch) to find starts.
  int raw_samples = 512;
  // L-BFGS runs, from the best raw samples (and from the extra starts given).
  int restarts = 10;
  // Acquisition evaluations allowed per run.
  int max_evaluations = 100;
  double relative_tolerance = 1e-9;
  // false: one L-BFGS run per start, one after another. true: all starts as one problem, the
  // sum of the acquisition at the starts over their stacked coordinates (as BoTorch's
  // optimize_acqf), so each evaluation is one batched posterior for every start (the gradient
  // of the sum is each start's own gradient); max_evaluations then caps that one run.
  bool batch_starts = false;
  // With batch_starts false: the runs go in lockstep (minimize_in_box_lockstep), each round one
  // batched posterior for the next point of every run still going. The same runs as one after
  // another, to rounding; the posterior's solves become matrix products.
  bool lockstep_starts = false;
};

struct AcquisitionMaximum {
  Eigen::VectorXd x;
  double value = 0.0;
  Eigen::Index index = -1;  // row of the candidate set, when maximizing over one
};

// Maximizes `acquisition` over the box [lower, upper]: evaluates raw Sobol samples, then
// runs NLopt's box-constrained L-BFGS (LD_LBFGS) from the `restarts` best of them and from
// the rows of `extra_starts` (e.g. the incumbent), and returns the best point found.
AcquisitionMaximum maximize_acquisition(const Acquisition& acquisition,
                                        const Eigen::VectorXd& lower, const Eigen::VectorXd& upper,
                                        const AcquisitionOptimizerOptions& options,
                                        std::uint64_t seed,
                                        const Eigen::MatrixXd& extra_starts = Eigen::MatrixXd());

// The best row of a finite candidate set, skipping rows marked in `excluded` (if given,
// one flag per row). Throws std::invalid_argument when no row is left.
AcquisitionMaximum maximize_over_candidates(const Acquisition& acquisition,
                                            const Eigen::MatrixXd& candidates,
                                            const std::vector<bool>& excluded = {});

}  // namespace bopp::bo
