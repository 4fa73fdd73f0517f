// The L-BFGS runs that refine a draw's search call its value and x-gradient at every point they
// try: after the first call, those calls allocate nothing. The heap allocations are counted by
// wrapping glibc's malloc in this program; the sanitizer build, which intercepts malloc itself,
// skips the count.
#include "algorithms.hpp"

#include "malloc_count.hpp"

#include <gtest/gtest.h>

#include <vector>

namespace {

using namespace bopp::stobnts;

template <class Algorithm>
void expect_no_allocation_per_point() {
  const bopp::Problem problem = bopp::Problem::box(3, -1.0, 2.0);
  Algorithm algorithm(
      problem,
      bopp::kit::parse_config<Algorithm>("n_init = 4\nwidth = 32\ntrain_steps = 5\n", "algorithm"),
      7, bopp::Host());
  const bopp::Points X = algorithm.ask(4);
  const Eigen::VectorXd y = X.rowwise().sum();
  algorithm.tell(X, y, std::vector<std::int32_t>(4, BOPP_OK));
  const NetworkSample sample = algorithm.sample(0, 0);
  Eigen::VectorXd x = X.row(0).transpose(), gradient(3);
  double sum = sample.value(x, &gradient);
  const long before = bopp::test::heap_allocations.load();
  for (Eigen::Index k = 0; k < 4; ++k) {
    x = X.row(k).transpose();
    sum += sample.value(x, &gradient) + sample.value(x);
  }
  EXPECT_EQ(bopp::test::heap_allocations.load() - before, 0);
  EXPECT_TRUE(std::isfinite(sum));
}

TEST(SampleAllocations, NoneAtAPointOfTheRefinement) {
  if (!bopp::test::kCountsMalloc) GTEST_SKIP() << "the sanitizer intercepts malloc";
  expect_no_allocation_per_point<StoBnts>();
  expect_no_allocation_per_point<StoBntsLinear>();
  expect_no_allocation_per_point<DeepEnsemble>();
}

}  // namespace
