// One episode of the lunar lander under the heuristic controller.
#pragma once

#include "heuristic_controller.hpp"

#include <cstdint>

namespace bopp::lunar {

// The return (sum of rewards) of one episode of at most `max_steps` controller steps (Gym's
// time limit for LunarLander-v2 is 1000), on the terrain and with the engine scatter of `seed`.
double episode_return(const ControllerWeights& w, std::uint64_t seed, int max_steps);

}  // namespace bopp::lunar
