// The cart-pole's dynamics, failure limits and episodes under a linear policy.
#include "cart_pole.hpp"
#include "linear_policy_episode.hpp"

#include <gtest/gtest.h>

#include <cmath>
#include <numbers>

namespace bopp::cartpole {
namespace {

TEST(CartPole, FirstPushLeftFromRestByHand) {
  // At rest and upright, sin θ = 0 and cos θ = 1: common = -10 / 1.1; the pole's acceleration
  // is -common / (0.5 (4/3 - 0.1/1.1)) = 14.634...; the cart's is common - 0.05 θ'' / 1.1.
  // Euler moves x and θ by their old (zero) velocities and the velocities by 0.02 × the
  // accelerations.
  const double common = -10.0 / 1.1;
  const double theta_acc = -common / (0.5 * (4.0 / 3.0 - 0.1 / 1.1));
  const double x_acc = common - 0.05 * theta_acc / 1.1;
  const CartPoleState s = cart_pole_step(CartPoleState::Zero(), false);
  EXPECT_EQ(s[0], 0.0);
  EXPECT_NEAR(s[1], 0.02 * x_acc, 1e-15);
  EXPECT_NEAR(s[1], -0.195121951, 1e-9);
  EXPECT_EQ(s[2], 0.0);
  EXPECT_NEAR(s[3], 0.02 * theta_acc, 1e-15);
  EXPECT_NEAR(s[3], 0.292682927, 1e-9);
}

TEST(CartPole, PushesAreMirrorImages) {
  const CartPoleState start(0.01, -0.02, 0.03, 0.04);
  const CartPoleState left = cart_pole_step(start, false);
  const CartPoleState right = cart_pole_step(-start, true);
  EXPECT_NEAR((left + right).norm(), 0.0, 1e-15);
}

TEST(CartPole, FailsBeyond2Point4OrTwelveDegrees) {
  const double twelve_degrees = 12.0 * 2.0 * std::numbers::pi / 360.0;
  EXPECT_FALSE(cart_pole_failed({2.4, 0, twelve_degrees, 0}));
  EXPECT_FALSE(cart_pole_failed({-2.4, 0, -twelve_degrees, 0}));
  EXPECT_TRUE(cart_pole_failed({2.41, 0, 0, 0}));
  EXPECT_TRUE(cart_pole_failed({-2.41, 0, 0, 0}));
  EXPECT_TRUE(cart_pole_failed({0, 0, twelve_degrees + 1e-9, 0}));
  EXPECT_TRUE(cart_pole_failed({0, 0, -twelve_degrees - 1e-9, 0}));
  EXPECT_FALSE(cart_pole_failed({0, 100.0, 0, 100.0}));  // speed alone never fails
}

TEST(CartPole, ZeroPolicyFromRestFallsOnStepNine) {
  // w = 0 gives w·s = 0, never > 0, so the cart is pushed left every step and the pole, hinged
  // on it, swings right: θ grows by 0.02 θ' with θ' ≈ +0.29 more per step, θ after n steps
  // ≈ 0.02 · 0.29 · n(n-1)/2 (a little more as sin θ grows), 0.17 after 8 steps and 0.215
  // after 9, past 12° = 0.2094. So the episode's return is 9, the failing step included.
  EXPECT_EQ(linear_policy_episode(Eigen::Vector4d::Zero(), CartPoleState::Zero(), 500), 9);
}

TEST(CartPole, StateFeedbackPolicyBalancesToTheCap) {
  // Pushing the cart towards where the pole falls (w = (0, 0, 1, 1)) keeps it up for all 500
  // steps from rest, but the cart may drift off the track from a tilted start; also pushing
  // towards where the cart drifted tips the pole back towards the centre, and
  // w = (0.1, 0.3, 1, 0.6) lasted 500 steps from each of 2000 random starts in ±0.05.
  EXPECT_EQ(linear_policy_episode({0.0, 0.0, 1.0, 1.0}, CartPoleState::Zero(), 500), 500);
  // From this start the cart leaves the track (x = 2.405) on step 377.
  EXPECT_EQ(linear_policy_episode({0.0, 0.0, 1.0, 1.0}, {0.04, -0.03, 0.05, 0.02}, 500), 377);
  const Eigen::Vector4d w(0.1, 0.3, 1.0, 0.6);
  EXPECT_EQ(linear_policy_episode(w, {0.04, -0.03, 0.05, 0.02}, 500), 500);
  EXPECT_EQ(linear_policy_episode(w, CartPoleState::Zero(), 37), 37);
}

}  // namespace
}  // namespace bopp::cartpole
