#include "heuristic_controller.hpp"

#include <algorithm>
#include <cmath>

namespace bopp::lunar {

LanderAction heuristic_action(const ControllerWeights& w, const LanderState& state) {
  const auto& s = state.s;
  double angle_target = s[0] * w[0] + s[2] * w[1];
  if (angle_target > w[2]) angle_target = w[2];
  if (angle_target < -w[2]) angle_target = -w[2];
  const double hover_target = w[3] * std::abs(s[0]);
  double angle_command = (angle_target - s[4]) * w[4] - s[5] * w[5];
  double hover_command = (hover_target - s[1]) * w[6] - s[3] * w[7];
  if (s[6] != 0.0 || s[7] != 0.0) {
    angle_command = w[8];
    hover_command = -s[3] * w[9];
  }
  if (hover_command > std::abs(angle_command) && hover_command > w[10])
    return LanderAction::main_engine;
  if (angle_command < -w[11]) return LanderAction::right_engine;
  if (angle_command > w[11]) return LanderAction::left_engine;
  return LanderAction::none;
}

}  // namespace bopp::lunar
