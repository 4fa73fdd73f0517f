// bopp/bo/leverage_sampling.hpp: a dictionary drawn by ridge-leverage (posterior-variance)
// Bernoulli sampling.
#pragma once

#include <Eigen/Core>

#include <random>
#include <vector>

namespace bopp::bo {

// The resparsification of Calandriello et al. 2020, Algorithm 1: each arm i observed n_i > 0
// times is kept with probability min(1, q̄ · n_i · σ̃²_i), σ̃²_i its λ-scaled posterior
// variance (its ridge leverage score); arms never observed are never kept, and each kept arm
// appears once. One uniform is drawn per observed arm, in index order, so a replay draws the
// same. When the draw keeps nothing although some arm was observed, the arm of largest
// probability (lowest index on ties) is kept, since an empty dictionary would forget every
// observation. Returns the kept arms in increasing order.
std::vector<Eigen::Index> leverage_sample(const Eigen::VectorXd& counts,
                                          const Eigen::VectorXd& variances, double q_bar,
                                          std::mt19937_64& rng);

}  // namespace bopp::bo
