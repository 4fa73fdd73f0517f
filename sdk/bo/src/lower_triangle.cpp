#include <bopp/bo/lower_triangle.hpp>

#include <Eigen/Cholesky>  // with EIGEN_USE_LAPACKE, it declares LAPACKE

#include <stdexcept>

namespace bopp::bo {

namespace {

// Below this size the recursive halving below stops and Eigen's dense kernels finish the
// block: a 64 × 64 block fits in L1/L2 and its cubic cost is negligible beside the whole.
constexpr Eigen::Index inverse_leaf_size = 64;

// With L = [L₁₁ 0; L₂₁ L₂₂], L⁻¹ = [L₁₁⁻¹ 0; −L₂₂⁻¹ L₂₁ L₁₁⁻¹  L₂₂⁻¹]: n³/3 flops in triangular
// products rather than the n³ of solving against the identity. Without LAPACK only.
[[maybe_unused]] void invert_recursively(Eigen::Ref<Eigen::MatrixXd> T) {
  const Eigen::Index n = T.rows();
  if (n <= inverse_leaf_size) {
    const Eigen::MatrixXd inverse =
        T.triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(n, n));
    T.triangularView<Eigen::Lower>() = inverse;
    return;
  }
  const Eigen::Index h = n / 2;
  invert_recursively(T.topLeftCorner(h, h));
  auto T21 = T.bottomLeftCorner(n - h, h);
  T21 = -(T21 * T.topLeftCorner(h, h).triangularView<Eigen::Lower>());
  T.bottomRightCorner(n - h, n - h).triangularView<Eigen::Lower>().solveInPlace(T21);
  invert_recursively(T.bottomRightCorner(n - h, n - h));
}

}  // namespace

void invert_lower_triangle(Eigen::Ref<Eigen::MatrixXd> T) {
  if (T.rows() != T.cols()) throw std::invalid_argument("invert_lower_triangle: T must be square");
  if (T.rows() == 0) return;
#ifdef EIGEN_USE_LAPACKE
  const auto n = static_cast<lapack_int>(T.rows());
  const auto lda = static_cast<lapack_int>(T.outerStride());
  if (LAPACKE_dtrtri_work(LAPACK_COL_MAJOR, 'L', 'N', n, T.data(), lda) != 0)
    throw std::runtime_error("invert_lower_triangle: the triangle has a zero on its diagonal");
#else
  if ((T.diagonal().array() == 0).any())
    throw std::runtime_error("invert_lower_triangle: the triangle has a zero on its diagonal");
  invert_recursively(T);
#endif
}

void multiply_by_lower_triangle(const Eigen::MatrixXd& T, Eigen::Ref<Eigen::MatrixXd> B,
                                bool transposed) {
  if (T.rows() != T.cols() || B.rows() != T.rows())
    throw std::invalid_argument("multiply_by_lower_triangle: T must be square, B of T's rows");
  if (B.size() == 0) return;
#ifdef EIGEN_USE_BLAS
  // Eigen's own BLAS binding for a triangular product copies B twice around the call.
  const char side = 'L', uplo = 'L', trans = transposed ? 'T' : 'N', diag = 'N';
  const int m = static_cast<int>(B.rows()), k = static_cast<int>(B.cols());
  const int lda = static_cast<int>(T.outerStride()), ldb = static_cast<int>(B.outerStride());
  const double one = 1.0;
  dtrmm_(&side, &uplo, &trans, &diag, &m, &k, &one, T.data(), &lda, B.data(), &ldb);
#else
  if (transposed)
    B = T.triangularView<Eigen::Lower>().transpose() * B;
  else
    B = T.triangularView<Eigen::Lower>() * B;
#endif
}

}  // namespace bopp::bo
