#include "linear_policy_episode.hpp"

#include <bopp/bo/portable_random.hpp>

#include <memory>
#include <stdexcept>

namespace bopp::locomotion {
namespace {

using DataPtr = std::unique_ptr<mjData, decltype(&mj_deleteData)>;

bool diverged(const mjData& data) {
  return data.warning[mjWARN_BADQPOS].number > 0 || data.warning[mjWARN_BADQVEL].number > 0 ||
         data.warning[mjWARN_BADQACC].number > 0;
}

// The model's reference state plus uniform noise in ±reset_noise on every coordinate, as the
// Gym tasks' reset does; mj_forward then computes what the first observation needs.
void reset_state(const mjModel& model, mjData& data, double reset_noise, std::mt19937_64& rng) {
  mj_resetData(&model, &data);
  for (int i = 0; i < model.nq; ++i) data.qpos[i] += bo::uniform(rng, -reset_noise, reset_noise);
  for (int i = 0; i < model.nv; ++i) data.qvel[i] += bo::uniform(rng, -reset_noise, reset_noise);
  mj_forward(&model, &data);
}

}  // namespace

EpisodeOutcome run_episode(const LocomotionTask& task, const mjModel& model,
                           const Eigen::Ref<const Eigen::MatrixXd>& policy,
                           const EpisodeSettings& settings, std::mt19937_64& rng) {
  DataPtr data(mj_makeData(&model), &mj_deleteData);
  if (!data) throw std::runtime_error(std::string(task.name) + ": MuJoCo could not allocate");
  reset_state(model, *data, settings.reset_noise, rng);

  const bool normalized = settings.state_mean.size() > 0;
  const double dt = model.opt.timestep * task.frame_skip;
  Eigen::VectorXd state(task.state_dim);
  Eigen::VectorXd action(task.action_dim);
  EpisodeOutcome outcome;
  for (int t = 0; t < settings.steps; ++t) {
    task.observe(*data, state);
    if (normalized) state = (state - settings.state_mean).cwiseQuotient(settings.state_std);
    action.noalias() = policy * state;
    // MuJoCo clips the control to ctrlrange [−1, 1]; the cost charges the action the policy
    // asked for, as the Gym tasks do.
    for (int i = 0; i < task.action_dim; ++i) data->ctrl[i] = action[i];
    const double x_before = data->qpos[0];
    for (int k = 0; k < task.frame_skip; ++k) mj_step(&model, data.get());
    if (diverged(*data)) break;
    double reward =
        (data->qpos[0] - x_before) / dt - task.control_cost_weight * action.squaredNorm();
    if (task.has_healthy_reward) reward += settings.healthy_reward;
    outcome.total_return += reward;
    ++outcome.steps;
    if (task.healthy != nullptr && !task.healthy(*data)) break;
  }
  return outcome;
}

}  // namespace bopp::locomotion
