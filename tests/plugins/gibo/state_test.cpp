// Checkpoints of the three GIBO variants: a restored instance asks what the original asks, bit
// for bit, saved before the first ask, mid-round (a batch the host truncated), or after refits.
#include "gibo.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double bowl(const Eigen::VectorXd& x) {
  return -(x.array() - 0.3).square().sum() + 0.1 * (5.0 * x.array()).sin().sum();
}

class GiboState : public ::testing::TestWithParam<std::string> {};

TEST_P(GiboState, ARestoredRunAsksWhatTheOriginalAsks) {
  const bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<bopp::gibo::Gibo>::table();
  const std::string light = "raw_samples = 8\nrestarts = 2\nlengthscale = 0.3\n";
  for (const std::string& extra :
       {std::string(), std::string("hyperparameters = 'fit'\nn_max = 4\n")}) {
    const std::string config = "variant = '" + GetParam() + "'\n" + light + extra;
    for (const std::uint64_t batch : {1, 2}) {
      for (const std::size_t before : {0, 1, 2, 5, 9}) {
        EXPECT_EQ(bopp::test::state_round_trip(
                      table, problem, config, 5, bowl,
                      {.batches_before = before, .batches_after = 4, .batch = batch}),
                  "")
            << "after " << before << " batches of " << batch << ", config: " << config;
      }
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Variants, GiboState, ::testing::Values("mueller", "wu", "wu-bfgs"));

}  // namespace
