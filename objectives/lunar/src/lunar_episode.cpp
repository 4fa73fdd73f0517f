#include "lunar_episode.hpp"

namespace bopp::lunar {

double episode_return(const ControllerWeights& w, std::uint64_t seed, int max_steps) {
  LunarLander lander(seed);
  double total = 0.0;
  for (int t = 0; t < max_steps; ++t) {
    const StepOutcome outcome = lander.step(heuristic_action(w, lander.state()));
    total += outcome.reward;
    if (outcome.done) break;
  }
  return total;
}

}  // namespace bopp::lunar
