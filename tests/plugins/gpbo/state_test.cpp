// Checkpoints of gpbo: a restored instance asks what the original asks, bit for bit, saved during
// the Sobol design, past it (warm-started fits), with kriging-believer and Thompson batches, and
// on a candidate set, and under restart schedules whose counters decide the next fit.
#include "gpbo.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double wave(const Eigen::VectorXd& x) { return std::sin(5.0 * x[0]) + std::cos(3.0 * x[1]); }

const std::string light =
    "initial_points = 4\nfit_restarts = 1\nraw_samples = 32\n"
    "optimizer_restarts = 2\nthompson_features = 64\n";

class GpboState : public ::testing::TestWithParam<std::string> {};

TEST_P(GpboState, ARestoredRunAsksWhatTheOriginalAsks) {
  const bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<bopp::gpbo::Gpbo>::table();
  for (const std::uint64_t batch : {1, 3}) {
    for (const std::size_t before : {0, 1, 2, 4, 6}) {
      EXPECT_EQ(bopp::test::state_round_trip(
                    table, problem, light + GetParam(), 13, wave,
                    {.batches_before = before, .batches_after = 3, .batch = batch}),
                "")
          << GetParam() << " after " << before << " batches of " << batch;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(Acquisitions, GpboState,
                         ::testing::Values("acquisition = \"logei\"", "acquisition = \"ucb\"",
                                           "acquisition = \"ts\"",
                                           "acquisition = \"ei\"\nlearn_noise = false",
                                           // The restart schedule's counters decide the next fit.
                                           "fit_restart_schedule = \"scheduled\"\n"
                                           "fit_restart_first = 1\nfit_restart_every = 2",
                                           "fit_restart_schedule = \"adaptive\"\n"
                                           "fit_restart_first = 1\nfit_restart_every = 4"));

TEST(GpboStateCandidates, ACandidateSetRoundTrips) {
  bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  problem.candidates = bopp::Points::Random(30, 2).cwiseAbs();
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<bopp::gpbo::Gpbo>::table();
  for (const std::size_t before : {0, 2, 5}) {
    EXPECT_EQ(
        bopp::test::state_round_trip(table, problem, light, 4, wave,
                                     {.batches_before = before, .batches_after = 3, .batch = 2}),
        "")
        << "after " << before << " batches";
  }
}

}  // namespace
