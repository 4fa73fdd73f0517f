#include <bopp/bo/lower_triangle.hpp>

#include <Eigen/Cholesky>  // with EIGEN_USE_LAPACKE, it declares LAPACKE

#include <stdexcept>
#include <string>

namespace bopp::bo {

namespace {

// Below this size the recursions stop and LAPACK (or Eigen) finishes the block: a 64 × 64
// block fits in L1/L2 and its cubic cost is negligible beside the whole.
constexpr Eigen::Index triangle_leaf_size = 64;

using ConstBlock = Eigen::Ref<const Eigen::MatrixXd>;
using Block = Eigen::Ref<Eigen::MatrixXd>;

enum class Side { left, right };

// B ← α op(L) B (left) or α B op(L) (right), op(L) = L or Lᵀ, L the lower triangle of T.
void triangular_product(const ConstBlock& T, Block B, Side side, bool transposed, double alpha) {
#ifdef EIGEN_USE_BLAS
  // Eigen's own binding of a triangular product to BLAS copies B twice around the call.
  const char side_code = side == Side::left ? 'L' : 'R', uplo = 'L', diag = 'N';
  const char trans = transposed ? 'T' : 'N';
  const int m = static_cast<int>(B.rows()), k = static_cast<int>(B.cols());
  const int lda = static_cast<int>(T.outerStride()), ldb = static_cast<int>(B.outerStride());
  dtrmm_(&side_code, &uplo, &trans, &diag, &m, &k, &alpha, T.data(), &lda, B.data(), &ldb);
#else
  const auto L = T.triangularView<Eigen::Lower>();
  if (side == Side::left)
    B = alpha * (transposed ? (L.transpose() * B).eval() : (L * B).eval());
  else
    B = alpha * (transposed ? (B * L.transpose()).eval() : (B * L).eval());
#endif
}

void require_square(const Block& T, const char* who) {
  if (T.rows() != T.cols()) throw std::invalid_argument(std::string(who) + ": T must be square");
}

// With L = [L₁₁ 0; L₂₁ L₂₂], L⁻¹ = [L₁₁⁻¹ 0; −L₂₂⁻¹ L₂₁ L₁₁⁻¹  L₂₂⁻¹]: both halves inverted first,
// so the corner takes two triangular products and no triangular solve. OpenBLAS 0.3.21's own
// trtri (and its solves) run at a third to a half of its GEMM rate; its products near it.
void invert_recursively(Block T) {
  const Eigen::Index n = T.rows();
  if (n <= triangle_leaf_size) {
#ifdef EIGEN_USE_LAPACKE
    const auto size = static_cast<lapack_int>(n), lda = static_cast<lapack_int>(T.outerStride());
    if (LAPACKE_dtrtri_work(LAPACK_COL_MAJOR, 'L', 'N', size, T.data(), lda) != 0)
      throw std::runtime_error("invert_lower_triangle: the triangle has a zero on its diagonal");
#else
    const Eigen::MatrixXd inverse =
        T.triangularView<Eigen::Lower>().solve(Eigen::MatrixXd::Identity(n, n));
    T.triangularView<Eigen::Lower>() = inverse;
#endif
    return;
  }
  const Eigen::Index h = n / 2;
  invert_recursively(T.topLeftCorner(h, h));
  invert_recursively(T.bottomRightCorner(n - h, n - h));
  auto T21 = T.bottomLeftCorner(n - h, h);
  triangular_product(T.bottomRightCorner(n - h, n - h), T21, Side::left, false, -1.0);
  triangular_product(T.topLeftCorner(h, h), T21, Side::right, false, 1.0);
}

// With W = [W₁₁ 0; W₂₁ W₂₂], WᵀW = [W₁₁ᵀW₁₁ + W₂₁ᵀW₂₁  ·; W₂₂ᵀW₂₁  W₂₂ᵀW₂₂].
void gram_recursively(Block T) {
  const Eigen::Index n = T.rows();
  if (n <= triangle_leaf_size) {
#ifdef EIGEN_USE_LAPACKE
    const auto size = static_cast<lapack_int>(n), lda = static_cast<lapack_int>(T.outerStride());
    LAPACKE_dlauum_work(LAPACK_COL_MAJOR, 'L', size, T.data(), lda);
#else
    const Eigen::MatrixXd W = T.triangularView<Eigen::Lower>();
    T.triangularView<Eigen::Lower>() = W.transpose() * W;
#endif
    return;
  }
  const Eigen::Index h = n / 2;
  auto T21 = T.bottomLeftCorner(n - h, h);
  gram_recursively(T.topLeftCorner(h, h));
  T.topLeftCorner(h, h).selfadjointView<Eigen::Lower>().rankUpdate(T21.transpose());  // SYRK
  triangular_product(T.bottomRightCorner(n - h, n - h), T21, Side::left, true, 1.0);
  gram_recursively(T.bottomRightCorner(n - h, n - h));
}

// With A = [A₁₁ ·; A₂₁ A₂₂]: L₁₁ and L₁₁⁻¹ first, then L₂₁ = A₂₁L₁₁⁻ᵀ (a product where LAPACK's
// potrf solves, at half the rate on OpenBLAS 0.3.21), the Schur complement A₂₂ − L₂₁L₂₁ᵀ (a SYRK),
// its factor and inverse, and the inverse's corner as in invert_recursively.
bool factor_recursively(Block T, Block W) {
  const Eigen::Index n = T.rows();
  if (n <= triangle_leaf_size) {
#ifdef EIGEN_USE_LAPACKE
    const auto size = static_cast<lapack_int>(n);
    if (LAPACKE_dpotrf_work(LAPACK_COL_MAJOR, 'L', size, T.data(),
                            static_cast<lapack_int>(T.outerStride())) != 0)
      return false;
#else
    Eigen::LLT<Eigen::Ref<Eigen::MatrixXd> > llt(T);
    if (llt.info() != Eigen::Success) return false;
#endif
    W.triangularView<Eigen::Lower>() = T.triangularView<Eigen::Lower>();
    invert_recursively(W);
    return true;
  }
  const Eigen::Index h = n / 2, m = n - h;
  if (!factor_recursively(T.topLeftCorner(h, h), W.topLeftCorner(h, h))) return false;
  auto L21 = T.bottomLeftCorner(m, h);
  triangular_product(W.topLeftCorner(h, h), L21, Side::right, true, 1.0);
  T.bottomRightCorner(m, m).selfadjointView<Eigen::Lower>().rankUpdate(L21, -1.0);  // SYRK
  if (!factor_recursively(T.bottomRightCorner(m, m), W.bottomRightCorner(m, m))) return false;
  auto W21 = W.bottomLeftCorner(m, h);
  W21 = L21;
  triangular_product(W.bottomRightCorner(m, m), W21, Side::left, false, -1.0);
  triangular_product(W.topLeftCorner(h, h), W21, Side::right, false, 1.0);
  return true;
}

}  // namespace

bool cholesky_with_inverse(Block T, Block W) {
  require_square(T, "cholesky_with_inverse");
  if (W.rows() != T.rows() || W.cols() != T.cols())
    throw std::invalid_argument("cholesky_with_inverse: W must be of T's size");
  if (T.rows() == 0) return true;
  return factor_recursively(T, W);
}

void invert_lower_triangle(Block T) {
  require_square(T, "invert_lower_triangle");
  if (T.rows() == 0) return;
  if ((T.diagonal().array() == 0).any())
    throw std::runtime_error("invert_lower_triangle: the triangle has a zero on its diagonal");
  invert_recursively(T);
}

void lower_triangle_gram(Block T) {
  require_square(T, "lower_triangle_gram");
  if (T.rows() == 0) return;
  gram_recursively(T);
}

void multiply_by_lower_triangle(const ConstBlock& T, Block B, bool transposed) {
  if (T.rows() != T.cols() || B.rows() != T.rows())
    throw std::invalid_argument("multiply_by_lower_triangle: T must be square, B of T's rows");
  if (B.size() == 0) return;
  triangular_product(T, B, Side::left, transposed, 1.0);
}

}  // namespace bopp::bo
