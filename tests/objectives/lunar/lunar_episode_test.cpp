// The lander and its controller as classes: Gym's reward bookkeeping over an episode, and
// Gym's heuristic decisions on hand-made states.
#include "lunar_episode.hpp"
#include "heuristic_controller.hpp"
#include "lunar_lander.hpp"
#include "lunar_objective.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <vector>

namespace bopp::lunar {
namespace {

// Gym's shaping of an observation (what the rewards of an episode telescope over).
double shaping(const LanderState& state) {
  const auto& s = state.s;
  return -100.0 * std::hypot(s[0], s[1]) - 100.0 * std::hypot(s[2], s[3]) - 100.0 * std::abs(s[4]) +
         10.0 * s[6] + 10.0 * s[7];
}

TEST(LunarLander, EnginesOffTheRewardsAddUpToTheShapingGainedThenMinus100) {
  for (std::uint64_t seed : {11u, 12u, 13u}) {
    LunarLander lander(seed);
    const double start = shaping(lander.state());
    double before_crash = 0.0;
    LanderState last = lander.state();
    StepOutcome outcome;
    int steps = 0;
    for (; steps < 1000; ++steps) {
      outcome = lander.step(LanderAction::none);
      if (outcome.done) break;
      before_crash += outcome.reward;
      last = outcome.state;
    }
    ASSERT_TRUE(outcome.done) << "seed " << seed << ": a free fall ends on the ground";
    EXPECT_LT(steps, 300) << "seed " << seed;
    EXPECT_EQ(outcome.reward, -100.0);
    // Without fuel the per-step rewards telescope; the observations are single precision.
    EXPECT_NEAR(before_crash, shaping(last) - start, 1e-3) << "seed " << seed;
    const ControllerWeights off{};
    EXPECT_DOUBLE_EQ(episode_return(off, seed, 1000), before_crash - 100.0);
  }
}

TEST(LunarLander, FuelCostsPointThreeForTheMainEngineAndPointZeroThreeForASideEngine) {
  // The same seed scatters the engines identically, so two landers differ only by the action.
  for (LanderAction action : {LanderAction::main_engine, LanderAction::left_engine}) {
    LunarLander lander(21);
    const double start = shaping(lander.state());
    const StepOutcome outcome = lander.step(action);
    const double fuel = action == LanderAction::main_engine ? 0.30 : 0.03;
    EXPECT_NEAR(outcome.reward, shaping(outcome.state) - start - fuel, 1e-3);
  }
}

TEST(LunarLander, GymsHeuristicComesToRestOnMostTerrains) {
  int landed = 0;
  for (std::uint64_t seed = 0; seed < 20; ++seed) {
    LunarLander lander(LunarObjective::episode_seed(1, static_cast<std::int64_t>(seed)));
    for (int t = 0; t < 1000; ++t) {
      const StepOutcome outcome =
          lander.step(heuristic_action(gym_heuristic_weights, lander.state()));
      if (outcome.done) {
        landed += outcome.reward == 100.0;
        break;
      }
    }
  }
  EXPECT_GE(landed, 15);
}

TEST(LunarLander, EpisodesOfOneEvaluationPlayDifferentTerrains) {
  const LunarLander first(LunarObjective::episode_seed(4, 0));
  const LunarLander second(LunarObjective::episode_seed(4, 1));
  EXPECT_NE(first.state().s, second.state().s);
  const LunarLander again(LunarObjective::episode_seed(4, 0));
  EXPECT_EQ(first.state().s, again.state().s);
}

LanderState state(std::vector<double> values) {
  LanderState s;
  for (std::size_t i = 0; i < values.size(); ++i) s.s[i] = values[i];
  return s;
}

TEST(HeuristicController, GymsWeightsMakeGymsDecisions) {
  const ControllerWeights& w = gym_heuristic_weights;
  // Level, still, over the pad but below the hover height: (0 + 0.5)·0.5 = 0.25 > 0.05, main.
  EXPECT_EQ(heuristic_action(w, state({0, -0.5, 0, 0, 0, 0, 0, 0})), LanderAction::main_engine);
  // High above the pad, tilted left by 0.3: the angle command (0 − 0.3)·0.5 = −0.15 < −0.05
  // and the height command is negative, so the right engine turns it back.
  EXPECT_EQ(heuristic_action(w, state({0, 1, 0, 0, 0.3, 0, 0, 0})), LanderAction::right_engine);
  EXPECT_EQ(heuristic_action(w, state({0, 1, 0, 0, -0.3, 0, 0, 0})), LanderAction::left_engine);
  // Right of the pad: the target angle 0.4·0.5 = 0.2 gives the command 0.1 > 0.05, left engine.
  EXPECT_EQ(heuristic_action(w, state({0.4, 1, 0, 0, 0, 0, 0, 0})), LanderAction::left_engine);
  // A leg down and falling at 0.2: the height command 0.1 > |0| and 0.05, main engine.
  EXPECT_EQ(heuristic_action(w, state({0, 0, 0, -0.2, 0.3, 0, 1, 0})), LanderAction::main_engine);
  // A leg down and still: nothing to do.
  EXPECT_EQ(heuristic_action(w, state({0, 0, 0, 0, 0.3, 0, 0, 1})), LanderAction::none);
}

TEST(HeuristicController, ZeroGainsNeverFire) {
  const ControllerWeights off{};
  for (const LanderState& s :
       {state({0.5, -1, 1, -1, 0.5, 1, 0, 0}), state({0, 0, 0, -1, 0, 0, 1, 1})})
    EXPECT_EQ(heuristic_action(off, s), LanderAction::none);
}

}  // namespace
}  // namespace bopp::lunar
