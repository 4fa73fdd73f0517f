// bopp/bo/nystrom_embedding.hpp: the Nyström feature map of a kernel on a dictionary of points.
#pragma once

#include <bopp/bo/kernel.hpp>

#include <Eigen/Core>

namespace bopp::bo {

// z(x) = K_S^{+/2} k_S(x), so that z(x)ᵀz(x') = k_S(x)ᵀ K_S⁺ k_S(x') (Calandriello et al.
// 2020, Section 2), and the residual r(x) = k(x, x) − ‖z(x)‖², the part of the prior
// variance the dictionary S does not explain (0 on S itself).
struct NystromEmbedding {
  Eigen::MatrixXd features;  // one row z(x_i)ᵀ per point, m' ≤ |S| columns
  Eigen::VectorXd residual;  // r(x_i) ≥ 0
};

// The linear part of the map: z(x)ᵀ = k_S(x)ᵀ W, with W Wᵀ = K_S⁺ (|S| × m'), to embed points
// one batch after another without decomposing K_S again.
struct NystromMap {
  Eigen::MatrixXd dictionary;  // the rows of S
  Eigen::MatrixXd weights;     // W
};

// W for the dictionary given by the rows of `dictionary`, with the eigenvalue floor below.
NystromMap nystrom_map(const Kernel& kernel, const Eigen::MatrixXd& dictionary);

// The embedding of the rows of `points` on the dictionary given by the rows of `dictionary`
// (no rows: m' = 0 and r = k(x, x)). K_S is eigendecomposed and its eigenvalues below
// e_max · |S| · ε_mach are dropped, so a dictionary with repeated or nearly collinear
// points gives a shorter, well-conditioned map instead of an explicit inverse of K_S.
NystromEmbedding nystrom_embedding(const Kernel& kernel, const Eigen::MatrixXd& points,
                                   const Eigen::MatrixXd& dictionary);

}  // namespace bopp::bo
