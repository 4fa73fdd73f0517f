// Wu et al. 2023, Algorithm 1:
//
//   for t = 0, 1, …
//     D_t ← the n_max latest of D within local_radius·ℓ of x_t (Wu et al. keep all of D;
//           docs/gibo.md); with hyperparameters = fit and |D_t| = n_max: θ ← MAP(D_t)
//     X_t ← argmin over b_t points of tr Cov[∇f(x_t) | D_t ∪ X_t]      sample_gradient_batch
//           (jointly, or the forward design {x_t, x_t + h·e_i}; b_t = b, or d·t (Cor. 2))
//     D ← D ∪ {(X_t, f(X_t))}
//     x_{t+1} ← Proj(x_t + η ∇μ_{D}(x_t))  (eq. 7, ascending)        step
#include "wu_gibo.hpp"

#include "forward_design.hpp"

#include <algorithm>

namespace bopp::gibo {

WuGibo::WuGibo(const Problem& problem, const Settings& settings, std::uint64_t seed,
               const Host& host)
    : GradientAscent(problem, settings, seed, host) {
  if (!settings.design_from_host) sample_gradient_batch();
}

// The design joins D; the first gradient batch is sampled at its best point.
void WuGibo::start_from_design(std::vector<Observation> design) {
  data_.insert(data_.end(), design.begin(), design.end());
  sample_gradient_batch();
}

void WuGibo::finish_round(std::vector<Observation> told) {
  data_.insert(data_.end(), told.begin(), told.end());
  step();
  sample_gradient_batch();
}

void WuGibo::sample_gradient_batch() {
  const std::vector<Observation> data = local_data(settings_.window);
  if (settings_.gp.fit && static_cast<Eigen::Index>(data.size()) >= settings_.window)
    model_.refit(data, rng_());
  const Eigen::Index b = batch_size();
  if (settings_.forward_design) {
    planned_.push_rows(forward_design(x_, settings_.fd_step, problem_.upper, b));
    return;
  }
  const bo::GradientBatchOptions options =
      settings_.gradient_batch.options(bo::GradientBatchOptions::Mode::joint, b, settings_.delta);
  planned_.push_rows(model_.sampling_batch(data, x_, options, rng_()));
  if (planned_.empty()) planned_.push(x_);  // never an empty round: it would spin
}

void WuGibo::step() {
  const Eigen::Index cap = std::max(settings_.window, batch_size());
  x_ = project(x_ + settings_.eta * estimate_gradient(local_data(cap)));
  ++iteration_;
}

Eigen::Index WuGibo::batch_size() const {
  const Eigen::Index d = problem_.dim();
  if (!settings_.linear_schedule) return settings_.batch > 0 ? settings_.batch : d + 1;
  const auto t = static_cast<Eigen::Index>(iteration_) + 1;
  const Eigen::Index b = d * t;  // Wu et al. 2023, Cor. 2: b_t = d·t
  return settings_.batch_max > 0 ? std::min(b, settings_.batch_max) : b;
}

// The most recent `cap` observations within local_radius lengthscales of x_t, in the order
// they were told.
std::vector<Observation> WuGibo::local_data(Eigen::Index cap) const {
  std::vector<Observation> out;
  for (auto it = data_.rbegin(); it != data_.rend() && static_cast<Eigen::Index>(out.size()) < cap;
       ++it)
    if ((it->x - x_).cwiseQuotient(lengthscales()).norm() <= settings_.local_radius)
      out.push_back(*it);
  std::reverse(out.begin(), out.end());
  return out;
}

void WuGibo::save_variant(StateArchive& archive) const { archive.write("data", data_); }

void WuGibo::restore_variant(const StateArchive& archive) { archive.read("data", data_); }

}  // namespace bopp::gibo
