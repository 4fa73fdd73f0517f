// A trained draw evaluates on the workspaces it was made with: its values at many points (the
// search) and its value and input gradient at one point (the L-BFGS runs) allocate nothing, in
// float and double. The heap allocations are counted by wrapping glibc's malloc in this program
// (Eigen and OpenBLAS allocate through it); the sanitizer build, which intercepts malloc itself,
// skips the count.
#include <bopp/nn/network_function.hpp>

#include "malloc_count.hpp"

#include <gtest/gtest.h>

#include <random>

namespace {

using namespace bopp::nn;

template <class Scalar>
class NetworkFunctionAllocations : public ::testing::Test {};
using Precisions = ::testing::Types<float, double>;
TYPED_TEST_SUITE(NetworkFunctionAllocations, Precisions);

TYPED_TEST(NetworkFunctionAllocations, NoneAfterSetUp) {
  if (!bopp::test::kCountsMalloc) GTEST_SKIP() << "the sanitizer intercepts malloc";
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
    const long before = bopp::test::heap_allocations.load();
    for (int k = 0; k < 20; ++k) {
      u = U.row(k).transpose();
      g.value(u, &gradient);
      g.value(u);
    }
    g.values(U, out);
    EXPECT_EQ(bopp::test::heap_allocations.load() - before, 0);
    EXPECT_TRUE(out.allFinite());
  }
}

}  // namespace
