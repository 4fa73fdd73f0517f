// Müller et al. 2021, Algorithm 1, as their code runs it (BayesianGradientAscent):
//
//   repeat
//     y_t ← f(x_t);  D ← the n_max latest of D ∪ {(x_t, y_t)}         evaluate_iterate
//     if hyperparameters = fit and |D| = n_max: θ ← MAP(D)             sample_gradient_batch
//     X' ← greedy argmin tr Cov[∇f(x_t) | D ∪ X'] in x_t ± δ, up to b points, stopping once a
//          point lowers the trace by less than ε_diff (eq. 10)         sample_gradient_batch
//     D ← the n_max latest of D ∪ {(X', f(X'))}                        remember
//     x_{t+1} ← x_t + lr · ℓ ⊙ ∇μ(x_t) / ‖∇μ(x_t)‖                     step
#include "mueller_gibo.hpp"

namespace bopp::gibo {

MuellerGibo::MuellerGibo(const Problem& problem, const Settings& settings, std::uint64_t seed,
                         const Host& host)
    : GradientAscent(problem, settings, seed, host) {
  if (!settings.design_from_host) evaluate_iterate();
}

// The design joins the window; the iterate, its best point, has its value already, so the
// first round samples the gradient (the start point is evaluated when every design point failed).
void MuellerGibo::start_from_design(std::vector<Observation> design) {
  const bool known = !design.empty();
  remember(design);
  if (known) {
    sample_gradient_batch();
  } else {
    evaluate_iterate();
  }
}

void MuellerGibo::finish_round(std::vector<Observation> told) {
  remember(told);
  if (round_ == Round::iterate) {
    sample_gradient_batch();
    return;
  }
  step();
  evaluate_iterate();
}

void MuellerGibo::evaluate_iterate() {
  round_ = Round::iterate;
  planned_.push(x_);
}

void MuellerGibo::sample_gradient_batch() {
  round_ = Round::gradient_batch;
  if (settings_.gp.fit && static_cast<Eigen::Index>(window_.size()) >= settings_.window)
    model_.refit(window_, rng_());
  const Eigen::Index b = settings_.batch > 0 ? settings_.batch : problem_.dim();  // Müller: d
  const bo::GradientBatchOptions options =
      settings_.gradient_batch.options(bo::GradientBatchOptions::Mode::greedy, b, settings_.delta);
  planned_.push_rows(model_.sampling_batch(window_, x_, options, rng_()));
  if (planned_.empty()) planned_.push(x_);  // never an empty round: it would spin
}

void MuellerGibo::step() {
  const Eigen::VectorXd& g = estimate_gradient(window_);
  const double norm = g.norm();
  if (settings_.normalize_gradient) {
    if (norm > 0) x_ = project(x_ + settings_.lr * lengthscales().cwiseProduct(g) / norm);
  } else {
    x_ = project(x_ + settings_.lr * g);
  }
  ++iteration_;
}

void MuellerGibo::remember(const std::vector<Observation>& told) {
  window_.insert(window_.end(), told.begin(), told.end());
  const auto keep = static_cast<std::size_t>(settings_.window);
  if (window_.size() > keep)
    window_.erase(window_.begin(), window_.end() - static_cast<std::ptrdiff_t>(keep));
}

void MuellerGibo::save_variant(StateArchive& archive) const {
  archive.write("round", round_);
  archive.write("window", window_);
}

void MuellerGibo::restore_variant(const StateArchive& archive) {
  archive.read("round", round_);
  archive.read("window", window_);
}

}  // namespace bopp::gibo
