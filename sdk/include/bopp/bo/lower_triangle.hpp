// bopp/bo/lower_triangle.hpp: a lower-triangular matrix's inverse, its Gram matrix, and products
// with one, in place, on triangular products that run at the GEMM rate.
#pragma once

#include <Eigen/Core>

namespace bopp::bo {

// The lower triangle of T, holding a lower-triangular L, becomes L⁻¹ (LAPACK's trtri, n³/3
// flops); the strict upper triangle is left as it is.
void invert_lower_triangle(Eigen::Ref<Eigen::MatrixXd> T);

// The lower triangle of T, holding a symmetric positive definite K, becomes its Cholesky factor L,
// and the lower triangle of W (T's size) becomes L⁻¹: n³/3 flops each, on triangular products and
// rank updates, with no triangular solve. False when K is not positive definite; T and W then
// hold partial results. The strict upper triangles are left as they are.
bool cholesky_with_inverse(Eigen::Ref<Eigen::MatrixXd> T, Eigen::Ref<Eigen::MatrixXd> W);

// The lower triangle of T, holding a lower-triangular W, becomes that of the symmetric WᵀW
// (LAPACK's lauum, n³/3 flops): after invert_lower_triangle on a Cholesky factor L of K, K⁻¹.
void lower_triangle_gram(Eigen::Ref<Eigen::MatrixXd> T);

// B ← L B, or Lᵀ B when `transposed`, for L the lower triangle of T (BLAS's trmm, n²k flops for
// k columns of B): in place, no temporary.
void multiply_by_lower_triangle(const Eigen::Ref<const Eigen::MatrixXd>& T,
                                Eigen::Ref<Eigen::MatrixXd> B, bool transposed);

}  // namespace bopp::bo
