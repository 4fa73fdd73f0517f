// The lower-triangular inverse, Gram matrix and products: against Eigen's triangular solve and
// product, in place on blocks of larger matrices, and a clear error for a singular or misshapen
// triangle.
#include <bopp/bo/lower_triangle.hpp>

#include <gtest/gtest.h>
#include <Eigen/Cholesky>

#include <stdexcept>

namespace {

using bopp::bo::cholesky_with_inverse;
using bopp::bo::invert_lower_triangle;
using bopp::bo::lower_triangle_gram;
using bopp::bo::multiply_by_lower_triangle;

// A well-conditioned lower triangle, as the toolkit meets them: the Cholesky factor of a random
// Gram matrix plus the identity (a random triangle's condition grows exponentially with n).
Eigen::MatrixXd lower_triangle(Eigen::Index n) {
  const Eigen::MatrixXd A = Eigen::MatrixXd::Random(n, n);
  const Eigen::MatrixXd K =
      A * A.transpose() / static_cast<double>(n) + Eigen::MatrixXd::Identity(n, n);
  return K.llt().matrixL();
}

TEST(LowerTriangle, InverseTimesTheTriangleIsTheIdentity) {
  for (const Eigen::Index n : {1, 5, 64, 65, 150, 301}) {
    const Eigen::MatrixXd T = lower_triangle(n);
    Eigen::MatrixXd inverse = T;
    invert_lower_triangle(inverse);
    const Eigen::MatrixXd I = inverse.triangularView<Eigen::Lower>() * T;
    EXPECT_LT((I - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff(), 1e-12) << "n = " << n;
    // The strict upper triangle is left as it was (zero here).
    EXPECT_EQ(inverse.triangularView<Eigen::StrictlyUpper>().toDenseMatrix().norm(), 0.0);
  }
}

TEST(LowerTriangle, GramIsTheTransposeTimesTheTriangle) {
  for (const Eigen::Index n : {1, 5, 64, 65, 150, 301}) {
    const Eigen::MatrixXd W = lower_triangle(n);
    Eigen::MatrixXd T = W;
    T.triangularView<Eigen::StrictlyUpper>().setConstant(7.0);
    const Eigen::MatrixXd before = T;
    lower_triangle_gram(T);
    const Eigen::MatrixXd expected = W.transpose() * W;
    const Eigen::MatrixXd got = T.triangularView<Eigen::Lower>();
    const Eigen::MatrixXd want = expected.triangularView<Eigen::Lower>();
    EXPECT_LT((got - want).cwiseAbs().maxCoeff(), 1e-12 * expected.cwiseAbs().maxCoeff())
        << "n = " << n;
    // The strict upper triangle is left as it was.
    const Eigen::MatrixXd upper = T.triangularView<Eigen::StrictlyUpper>();
    const Eigen::MatrixXd upper_before = before.triangularView<Eigen::StrictlyUpper>();
    EXPECT_EQ(upper, upper_before);
  }
}

TEST(LowerTriangle, InverseThenGramOfACholeskyFactorIsTheInverse) {
  const Eigen::MatrixXd A = Eigen::MatrixXd::Random(200, 200);
  const Eigen::MatrixXd K = A * A.transpose() / 200 + Eigen::MatrixXd::Identity(200, 200);
  Eigen::MatrixXd T = K.llt().matrixL();
  invert_lower_triangle(T);
  lower_triangle_gram(T);
  const Eigen::MatrixXd inverse = T.selfadjointView<Eigen::Lower>();
  EXPECT_LT((inverse * K - Eigen::MatrixXd::Identity(200, 200)).cwiseAbs().maxCoeff(), 1e-12);
}

TEST(LowerTriangle, CholeskyWithInverseIsLapacksFactorAndItsInverse) {
  // Sizes on both sides of the 64-row leaves and odd splits; a GP's kernel matrix with small noise
  // (condition about 10⁵) as well as a well-conditioned one.
  for (const Eigen::Index n : {1, 5, 64, 65, 150, 301}) {
    for (const double noise : {1.0, 1e-4}) {
      const Eigen::MatrixXd A = Eigen::MatrixXd::Random(n, 3);
      const Eigen::MatrixXd K = A * A.transpose() + noise * Eigen::MatrixXd::Identity(n, n);
      Eigen::MatrixXd T = K, W = Eigen::MatrixXd::Constant(n, n, 7.0);
      T.triangularView<Eigen::StrictlyUpper>().setConstant(5.0);
      ASSERT_TRUE(cholesky_with_inverse(T, W)) << "n = " << n;
      const Eigen::MatrixXd L = T.triangularView<Eigen::Lower>();
      const Eigen::MatrixXd expected = K.llt().matrixL();
      EXPECT_LT((L - expected).cwiseAbs().maxCoeff(), 1e-12 * expected.cwiseAbs().maxCoeff())
          << "n = " << n << ", noise " << noise;
      const Eigen::MatrixXd I = W.triangularView<Eigen::Lower>() * L;
      EXPECT_LT((I - Eigen::MatrixXd::Identity(n, n)).cwiseAbs().maxCoeff(), 1e-9)
          << "n = " << n << ", noise " << noise;
      // The strict upper triangles are left as they were.
      EXPECT_EQ(T.triangularView<Eigen::StrictlyUpper>().toDenseMatrix(),
                Eigen::MatrixXd(
                    Eigen::MatrixXd::Constant(n, n, 5.0).triangularView<Eigen::StrictlyUpper>()));
      EXPECT_EQ(W.triangularView<Eigen::StrictlyUpper>().toDenseMatrix(),
                Eigen::MatrixXd(
                    Eigen::MatrixXd::Constant(n, n, 7.0).triangularView<Eigen::StrictlyUpper>()));
    }
  }
}

TEST(LowerTriangle, CholeskyWithInverseSaysWhenTheMatrixIsNotPositiveDefinite) {
  // Indefinite in its last rows only, so the failure comes from a leaf after the recursion.
  Eigen::MatrixXd K = Eigen::MatrixXd::Identity(130, 130);
  K(129, 129) = -1.0;
  Eigen::MatrixXd W(130, 130);
  EXPECT_FALSE(cholesky_with_inverse(K, W));
  Eigen::MatrixXd rectangle(3, 4), small(2, 2);
  EXPECT_THROW(cholesky_with_inverse(rectangle, small), std::invalid_argument);
  Eigen::MatrixXd square = Eigen::MatrixXd::Identity(3, 3);
  EXPECT_THROW(cholesky_with_inverse(square, small), std::invalid_argument);
}

TEST(LowerTriangle, InvertsABlockInPlace) {
  Eigen::MatrixXd M = Eigen::MatrixXd::Random(90, 90);
  const Eigen::MatrixXd before = M;
  M.bottomRightCorner(70, 70) = lower_triangle(70);
  const Eigen::MatrixXd T = M.bottomRightCorner(70, 70);
  invert_lower_triangle(M.bottomRightCorner(70, 70));
  const Eigen::MatrixXd I =
      M.bottomRightCorner(70, 70).triangularView<Eigen::Lower>().toDenseMatrix() * T;
  EXPECT_LT((I - Eigen::MatrixXd::Identity(70, 70)).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(M.leftCols(20), before.leftCols(20));  // outside the block: untouched
}

TEST(LowerTriangle, ProductsEqualEigensTriangularProducts) {
  const Eigen::MatrixXd T = lower_triangle(120);
  for (const Eigen::Index k : {1, 3, 200}) {
    const Eigen::MatrixXd B = Eigen::MatrixXd::Random(120, k);
    Eigen::MatrixXd LB = B, LtB = B;
    multiply_by_lower_triangle(T, LB, false);
    multiply_by_lower_triangle(T, LtB, true);
    const Eigen::MatrixXd expected = T.triangularView<Eigen::Lower>() * B;
    const Eigen::MatrixXd expected_t = T.triangularView<Eigen::Lower>().transpose() * B;
    EXPECT_LT((LB - expected).cwiseAbs().maxCoeff(), 1e-12) << "k = " << k;
    EXPECT_LT((LtB - expected_t).cwiseAbs().maxCoeff(), 1e-12) << "k = " << k;
  }
}

TEST(LowerTriangle, ProductReadsOnlyTheLowerTriangle) {
  const Eigen::MatrixXd T = lower_triangle(30);
  Eigen::MatrixXd with_garbage = T;
  with_garbage.triangularView<Eigen::StrictlyUpper>().setConstant(1e300);
  const Eigen::MatrixXd B = Eigen::MatrixXd::Random(30, 4);
  Eigen::MatrixXd a = B, b = B;
  multiply_by_lower_triangle(T, a, true);
  multiply_by_lower_triangle(with_garbage, b, true);
  EXPECT_EQ(a, b);
}

TEST(LowerTriangle, MultipliesColumnsOfALargerMatrixInPlace) {
  const Eigen::MatrixXd T = lower_triangle(40);
  Eigen::MatrixXd M = Eigen::MatrixXd::Random(40, 10);
  const Eigen::MatrixXd before = M;
  multiply_by_lower_triangle(T, M.middleCols(3, 4), false);
  const Eigen::MatrixXd expected = T.triangularView<Eigen::Lower>() * before.middleCols(3, 4);
  EXPECT_LT((M.middleCols(3, 4) - expected).cwiseAbs().maxCoeff(), 1e-12);
  EXPECT_EQ(M.leftCols(3), before.leftCols(3));
  EXPECT_EQ(M.rightCols(3), before.rightCols(3));
}

TEST(LowerTriangle, AnEmptyTriangleIsLeftAlone) {
  Eigen::MatrixXd empty(0, 0), columns(0, 3);
  invert_lower_triangle(empty);
  lower_triangle_gram(empty);
  multiply_by_lower_triangle(empty, columns, false);
  EXPECT_EQ(empty.size(), 0);
}

TEST(LowerTriangle, ASingularOrMisshapenTriangleIsAClearError) {
  Eigen::MatrixXd singular = lower_triangle(8);
  singular(5, 5) = 0.0;
  EXPECT_THROW(invert_lower_triangle(singular), std::runtime_error);
  Eigen::MatrixXd rectangle(3, 4);
  EXPECT_THROW(invert_lower_triangle(rectangle), std::invalid_argument);
  Eigen::MatrixXd B(5, 2);
  EXPECT_THROW(multiply_by_lower_triangle(lower_triangle(4), B, false), std::invalid_argument);
}

}  // namespace
