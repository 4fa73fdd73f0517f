// The closed-form gradient design {x, x + h·e_1, …, x + h·e_d} (Wu et al. 2023, Lemma 2:
// exact for a noiseless GP as h → 0).
#pragma once

#include <Eigen/Core>

namespace bopp::gibo {

// Its first `count` rows (at most d + 1); a step that would leave the box (above `upper`)
// goes the other way.
Eigen::MatrixXd forward_design(const Eigen::VectorXd& x, const Eigen::VectorXd& h,
                               const Eigen::VectorXd& upper, Eigen::Index count);

}  // namespace bopp::gibo
