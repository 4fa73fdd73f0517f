// The two-robot pushing world of Wang, Gehring, Kohli & Jegelka 2018 (the 14-D robot-pushing
// problem), simulated with Box2D: two hands push a box and a disc across a table seen from
// above, and the objects' final positions are measured against two goals.
#pragma once

#include <array>

namespace bopp::push {

struct Point2 {
  double x = 0.0;
  double y = 0.0;
};

// One robot's controls: where its hand starts and at which angle, the velocity and angular
// velocity it tracks while it pushes, and for how long it pushes.
struct RobotControls {
  Point2 start;
  Point2 velocity;                // m/s, tracked while pushing
  double seconds = 0.0;           // pushing time; int(10·seconds) steps of 0.01 s
  double angle = 0.0;             // initial angle of the hand, radians
  double angular_velocity = 0.0;  // rad/s, tracked while pushing
};

// The scene's fixed layout, as in the original: the box starts at (0, 2), the disc at (0, −2).
inline constexpr Point2 box_start{0.0, 2.0};
inline constexpr Point2 disc_start{0.0, -2.0};

struct PushOutcome {
  Point2 box;   // final centre of the box (first object)
  Point2 disc;  // final centre of the disc (second object)
};

// Simulates both pushes at once, then 100 more steps (1 s) for the objects to come to rest.
// `velocity_error[r]` is added to robot r's tracked velocity: the original draws it from
// N(0, 0.01²) per component, once per push; the caller draws it from the evaluation's seed.
PushOutcome simulate_push(const std::array<RobotControls, 2>& robots,
                          const std::array<Point2, 2>& velocity_error);

}  // namespace bopp::push
