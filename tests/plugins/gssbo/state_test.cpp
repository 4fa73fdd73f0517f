// Checkpoints of gssbo and rssbo: a restored instance asks what the original asks, bit for bit,
// saved during the design, before and after the buffer switch (where selection starts).
#include "gssbo.hpp"
#include "rssbo.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double wave(const Eigen::VectorXd& x) { return std::sin(5.0 * x[0]) + std::cos(3.0 * x[1]); }

template <class Algorithm>
void expect_round_trips(const std::string& config) {
  const bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<Algorithm>::table();
  // n_init = 4 and M = 7: the design ends after 4 evaluations, the buffer switches at 8.
  const std::string small =
      "n_init = 4\nbuffer_size = 7\nfit_restarts = 1\nraw_samples = 32\noptimizer_restarts = 2\n";
  for (const std::uint64_t batch : {1, 3}) {
    for (const std::size_t before : {0, 1, 2, 5, 7, 9}) {
      EXPECT_EQ(bopp::test::state_round_trip(
                    table, problem, small + config, 3, wave,
                    {.batches_before = before, .batches_after = 4, .batch = batch}),
                "")
          << Algorithm::name << " after " << before << " batches of " << batch;
    }
  }
}

TEST(GssboState, GssboRoundTripsAcrossTheBufferSwitch) {
  expect_round_trips<bopp::gssbo::Gssbo>("");
}
TEST(GssboState, GssboWithPilotGradientsRoundTrips) {
  expect_round_trips<bopp::gssbo::Gssbo>("gradient_source = \"pilot\"\n");
}
// The Nyström GP is not saved: the restored instance rebuilds it from the data and the subset.
TEST(GssboState, InducingModelRoundTrips) {
  expect_round_trips<bopp::gssbo::Gssbo>("model = \"inducing\"\n");
  expect_round_trips<bopp::gssbo::Rssbo>("model = \"inducing\"\n");
}
TEST(GssboState, RssboRoundTripsAcrossTheBufferSwitch) {
  expect_round_trips<bopp::gssbo::Rssbo>("");
}
TEST(GssboState, SwitchAtRoundTrips) {
  expect_round_trips<bopp::gssbo::Gssbo>("buffer_mode = \"timed\"\nswitch_at = 8\n");
}

}  // namespace
