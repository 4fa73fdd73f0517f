// The 12-parameter lunar-lander controller of the BO literature (Eriksson et al. 2019, TuRBO;
// Dai et al. 2022, STO-BNTS): Gym's heuristic lander with each of its constants made a
// parameter in [0, 2].
#pragma once

#include "lunar_lander.hpp"

#include <array>

namespace bopp::lunar {

using ControllerWeights = std::array<double, 12>;

// Gym's own heuristic: the constants the 12 weights replace.
inline constexpr ControllerWeights gym_heuristic_weights{0.5, 1.0, 0.4, 0.55, 0.5,  1.0,
                                                         0.5, 0.5, 0.0, 0.5,  0.05, 0.05};

// A PD controller of the angle and the height: it tilts toward the pad (target angle
// w0·x + w1·vx, clipped to ±w2), hovers at a height w3·|x|, mixes the errors with gains w4, w5
// (angle, angular velocity) and w6, w7 (height, vertical velocity); once a leg touches, the
// angle command is w8 and the height command −w9·vy. The main engine fires when the height
// command exceeds both |angle command| and w10; otherwise a side engine fires when the angle
// command passes ±w11.
LanderAction heuristic_action(const ControllerWeights& w, const LanderState& state);

}  // namespace bopp::lunar
