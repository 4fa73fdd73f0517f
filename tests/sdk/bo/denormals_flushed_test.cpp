// The scope that flushes subnormal numbers, and the toolkit's use of it.
#include <bopp/bo/denormals_flushed.hpp>
#include <bopp/bo/gaussian_process.hpp>
#include <bopp/bo/marginal_likelihood.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <limits>

namespace bopp::bo {
namespace {

#if defined(__SSE2__)
// MXCSR's control bits: the low six are status flags that arithmetic sets (underflow, inexact).
unsigned control_bits() { return _mm_getcsr() & ~0x3Fu; }

// Kept from the compiler's constant folding: the product must happen at run time.
double product(double a, double b) {
  volatile double x = a, y = b;
  return x * y;
}

TEST(DenormalsFlushed, FlushesInsideTheScopeAndRestoresTheCallersFlags) {
  const double subnormal = 1e-310;
  ASSERT_LT(subnormal, std::numeric_limits<double>::min());
  const unsigned before = control_bits();
  EXPECT_GT(product(1e-160, 1e-160), 0.0);  // 1e-320: subnormal, not zero
  {
    const DenormalsFlushed flushed;
    EXPECT_EQ(product(1e-160, 1e-160), 0.0);            // a subnormal result becomes 0
    EXPECT_EQ(product(subnormal, 1e300), 0.0);          // a subnormal input reads as 0
    EXPECT_DOUBLE_EQ(product(1e-150, 1e-150), 1e-300);  // a normal one is kept
  }
  EXPECT_EQ(control_bits(), before);
  EXPECT_GT(product(1e-160, 1e-160), 0.0);
  EXPECT_NEAR(product(subnormal, 1e300), 1e-10, 1e-20);  // a subnormal keeps fewer digits
}

TEST(DenormalsFlushed, TheLikelihoodAndThePredictionLeaveTheFlagsAsTheyFoundThem) {
  Eigen::MatrixXd X(6, 2);
  X << 0, 0, 1, 0, 0, 1, 1, 1, 0.5, 0.5, 0.2, 0.9;
  const Eigen::VectorXd y = X.col(0) - X.col(1);
  // Short lengthscales: the points' covariances are subnormal or zero.
  GaussianProcess gp(Kernel(KernelType::matern52, 2, 2e-3), Eigen::Vector2d::Zero(),
                     Eigen::Vector2d::Ones());
  const unsigned before = control_bits();
  gp.condition(X, y);
  Eigen::VectorXd gradient;
  const double value = log_marginal_likelihood(gp, &gradient);
  const Posterior p = gp.predict(X);
  EXPECT_EQ(control_bits(), before);
  EXPECT_TRUE(std::isfinite(value));
  EXPECT_TRUE(gradient.allFinite());
  EXPECT_TRUE(p.mean.allFinite());
}
#endif

}  // namespace
}  // namespace bopp::bo
