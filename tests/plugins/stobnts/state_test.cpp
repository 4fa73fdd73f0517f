// Checkpoints of sto-bnts, sto-bnts-linear and deep-ensemble: a restored instance asks what the
// original asks, bit for bit, saved during the random start and after model-based batches.
#include "algorithms.hpp"

#include <bopp/plugin.hpp>

#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <string>

namespace {

double wave(const Eigen::VectorXd& x) { return std::sin(5.0 * x[0]) + std::cos(3.0 * x[1]); }

const std::string tiny =
    "n_init = 3\ndepth = 1\nwidth = 8\ntrain_steps = 20\nacq_random = 50\nacq_restarts = 1\n";

template <class Algorithm>
void expect_round_trips(const std::string& config) {
  const bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  const bopp_algorithm_class& table = *bopp::kit::AlgorithmTrampolines<Algorithm>::table();
  for (const std::uint64_t batch : {1, 2}) {
    for (const std::size_t before : {0, 1, 2, 4}) {
      EXPECT_EQ(bopp::test::state_round_trip(
                    table, problem, tiny + config, 21, wave,
                    {.batches_before = before, .batches_after = 3, .batch = batch}),
                "")
          << Algorithm::name << " after " << before << " batches of " << batch;
    }
  }
}

TEST(StobntsState, StoBntsRoundTrips) { expect_round_trips<bopp::stobnts::StoBnts>(""); }
TEST(StobntsState, StoBntsLinearRoundTrips) {
  expect_round_trips<bopp::stobnts::StoBntsLinear>("");
}
TEST(StobntsState, DeepEnsembleRoundTrips) { expect_round_trips<bopp::stobnts::DeepEnsemble>(""); }

TEST(StobntsState, CandidateSetRoundTrips) {
  bopp::Problem problem = bopp::Problem::box(2, 0, 1);
  problem.candidates = bopp::Points::Random(20, 2).cwiseAbs();
  const bopp_algorithm_class& table =
      *bopp::kit::AlgorithmTrampolines<bopp::stobnts::StoBnts>::table();
  EXPECT_EQ(bopp::test::state_round_trip(table, problem, tiny, 2, wave,
                                         {.batches_before = 2, .batches_after = 3, .batch = 2}),
            "");
}

}  // namespace
