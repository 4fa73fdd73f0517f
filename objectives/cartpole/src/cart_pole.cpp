#include "cart_pole.hpp"

#include <cmath>
#include <numbers>

namespace bopp::cartpole {

namespace {
constexpr double gravity = 9.8;
constexpr double cart_mass = 1.0;
constexpr double pole_mass = 0.1;
constexpr double total_mass = cart_mass + pole_mass;
constexpr double half_length = 0.5;  // the pole's centre of mass above its hinge
constexpr double pole_moment = pole_mass * half_length;
constexpr double force = 10.0;
constexpr double tau = 0.02;
constexpr double x_limit = 2.4;
constexpr double theta_limit = 12.0 * 2.0 * std::numbers::pi / 360.0;
}  // namespace

CartPoleState cart_pole_step(const CartPoleState& s, bool push_right) {
  const double x_dot = s[1], theta = s[2], theta_dot = s[3];
  const double f = push_right ? force : -force;
  const double cos_theta = std::cos(theta), sin_theta = std::sin(theta);
  // Barto, Sutton and Anderson 1983, the equations of motion in their appendix (μ = 0).
  const double common = (f + pole_moment * theta_dot * theta_dot * sin_theta) / total_mass;
  const double theta_acc =
      (gravity * sin_theta - cos_theta * common) /
      (half_length * (4.0 / 3.0 - pole_mass * cos_theta * cos_theta / total_mass));
  const double x_acc = common - pole_moment * theta_acc * cos_theta / total_mass;
  return {s[0] + tau * x_dot, x_dot + tau * x_acc, theta + tau * theta_dot,
          theta_dot + tau * theta_acc};
}

bool cart_pole_failed(const CartPoleState& s) {
  return s[0] < -x_limit || s[0] > x_limit || s[2] < -theta_limit || s[2] > theta_limit;
}

}  // namespace bopp::cartpole
