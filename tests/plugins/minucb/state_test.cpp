// Checkpoints of MinUCB and LA-MinUCB: a restored instance asks what the original asks, bit for
// bit, whether saved before the first ask, mid-iteration (a queue half asked), or after refits.
#include "la_minucb.hpp"
#include "minucb.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double bumps_objective(const Eigen::VectorXd& x) { return -(3.0 * x.array()).sin().sum(); }

template <class Algorithm>
void expect_round_trips(const std::string& config, std::uint64_t batch) {
  const bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<Algorithm>::table();
  for (const std::size_t before : {0, 1, 2, 5, 9}) {
    EXPECT_EQ(bopp::test::state_round_trip(
                  table, problem, config, 11, bumps_objective,
                  {.batches_before = before, .batches_after = 4, .batch = batch}),
              "")
        << "after " << before << " batches of " << batch << ", config: " << config;
  }
}

TEST(MinUcbState, ARestoredRunAsksWhatTheOriginalAsks) {
  expect_round_trips<bopp::minucb::MinUcb>("", 1);
  expect_round_trips<bopp::minucb::MinUcb>("hyperparameters = \"fit\"\nn_max = 6\n", 2);
}

TEST(LaMinUcbState, ARestoredRunAsksWhatTheOriginalAsks) {
  const std::string small = "fantasies = 4\nraw_batches = 8\nrestarts = 2\nmax_evaluations = 20\n";
  expect_round_trips<bopp::minucb::LaMinUcb>(small, 1);
  expect_round_trips<bopp::minucb::LaMinUcb>(small + "hyperparameters = \"fit\"\n", 3);
}

}  // namespace
