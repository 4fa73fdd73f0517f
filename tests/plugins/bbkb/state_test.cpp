// Checkpoints of every algorithm of the bbkb library: a restored instance asks what the
// original asks, bit for bit, saved before the first ask, in the middle of an adaptive batch
// the host cut into pieces, and after dictionary resamplings.
#include "algorithms.hpp"
#include "support.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double ripple(const Eigen::VectorXd& x) { return std::sin(6.0 * x[0]) * std::cos(4.0 * x[1]); }

template <class Algorithm>
void expect_round_trips(const std::string& config) {
  const bopp::Problem problem =
      bbkb_test::candidate_problem(bbkb_test::random_candidates(60, 2, 4));
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<Algorithm>::table();
  for (const std::uint64_t batch : {1, 3}) {
    for (const std::size_t before : {0, 1, 2, 6, 15}) {
      EXPECT_EQ(bopp::test::state_round_trip(
                    table, problem, config, 9, ripple,
                    {.batches_before = before, .batches_after = 6, .batch = batch}),
                "")
          << Algorithm::name << " after " << before << " batches of " << batch;
    }
  }
}

TEST(BbkbState, BbkbRoundTrips) { expect_round_trips<bopp::bbkb::Bbkb>("c_tilde = 1.5"); }
TEST(BbkbState, BbkbLocalRoundTrips) { expect_round_trips<bopp::bbkb::BbkbLocal>("c_tilde = 1.5"); }
TEST(BbkbState, BkbRoundTrips) { expect_round_trips<bopp::bbkb::Bkb>(""); }
TEST(BbkbState, BbkbUnitBatchRoundTrips) { expect_round_trips<bopp::bbkb::BbkbUnitBatch>(""); }
TEST(BbkbState, GpUcbRoundTrips) { expect_round_trips<bopp::bbkb::GpUcb>(""); }
TEST(BbkbState, GpBucbRoundTrips) { expect_round_trips<bopp::bbkb::GpBucb>(""); }
TEST(BbkbState, EpsilonGreedyRoundTrips) {
  expect_round_trips<bopp::bbkb::EpsilonGreedy>("epsilon = 0.5");
}
TEST(BbkbState, BatchThompsonRoundTrips) {
  expect_round_trips<bopp::bbkb::BatchThompson>("batch_size = 4\nfeatures = 64");
}

}  // namespace
