// What the test plugin `crashing_objective` (tests/test_plugins/crashing) does at a point, as
// the words a failed evaluation's message must hold: the evaluator tests that run it under
// `processes` and under `mpi` check the same contract.
#pragma once

namespace bopp::test {

// "" where the objective returns x0 + x1.
inline const char* crashing_objective_fault(double x0) {
  return x0 < 0.1   ? "signal 11"
         : x0 < 0.2 ? "signal 6"
         : x0 < 0.3 ? "status 3"
         : x0 < 0.4 ? "timed out"
                    : "";
}

}  // namespace bopp::test
