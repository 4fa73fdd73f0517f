// A trained draw evaluates on the workspaces it was made with: its values at many points (the
// search) and its value and input gradient at one point (the L-BFGS runs) allocate nothing, in
// float and double. The heap allocations are counted by wrapping glibc's malloc in this program
// (Eigen and OpenBLAS allocate through it); the sanitizer build, which intercepts malloc itself,
// skips the count.
#include <bopp/nn/network_function.hpp>

#include <gtest/gtest.h>

#include <atomic>
#include <cstddef>
#include <random>

#if defined(__SANITIZE_ADDRESS__)
#define BOPP_TEST_COUNTS_MALLOC 0
#else
#define BOPP_TEST_COUNTS_MALLOC 1
#endif

namespace {
std::atomic<long> allocations{0};
}  // namespace

#if BOPP_TEST_COUNTS_MALLOC
extern "C" void* __libc_malloc(std::size_t size);
extern "C" void* malloc(std::size_t size) noexcept {
  allocations.fetch_add(1, std::memory_order_relaxed);
  return __libc_malloc(size);
}
#endif

namespace {

using namespace bopp::nn;

template <class Scalar>
class NetworkFunctionAllocations : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(NetworkFunctionAllocations, Precisions);

TYPED_TEST(NetworkFunctionAllocations, NoneAfterSetUp) {
  if (!BOPP_TEST_COUNTS_MALLOC) GTEST_SKIP() << "the sanitizer intercepts malloc";
  for (const Activation activation : {Activation::relu, Activation::erf}) {
    MlpShape shape;
    shape.input_dim = 4;
    shape.width = 64;
    shape.activation = activation;
    const Mlp mlp(shape);
    std::mt19937_64 rng(3);
    std::normal_distribution<double> normal;
    const auto draw = [&] { return normal(rng); };
    const Eigen::Index p = mlp.parameter_count();
    const Eigen::VectorXd theta = Eigen::VectorXd::NullaryExpr(p, draw);
    const Eigen::VectorXd base = Eigen::VectorXd::NullaryExpr(p, draw);
    const Eigen::VectorXd tangent = Eigen::VectorXd::NullaryExpr(p, draw);
    const Eigen::MatrixXd U = Eigen::MatrixXd::NullaryExpr(700, 4, draw);
    Eigen::VectorXd out(U.rows()), u = U.row(0).transpose(), gradient(4);
    NetworkFunction<TypeParam> g(mlp, 1.0, theta, base, tangent);
    g.values(U, out);  // the BLAS's own first-call setup
    g.value(u, &gradient);
    const long before = allocations.load();
    for (int k = 0; k < 20; ++k) {
      u = U.row(k).transpose();
      g.value(u, &gradient);
      g.value(u);
    }
    g.values(U, out);
    EXPECT_EQ(allocations.load() - before, 0);
    EXPECT_TRUE(out.allFinite());
  }
}

}  // namespace
