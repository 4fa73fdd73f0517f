// GIBO as Müller et al. 2021 run it (their code; variant = "mueller").
#pragma once

#include "gradient_ascent.hpp"

namespace bopp::gibo {

class MuellerGibo : public GradientAscent {
 public:
  MuellerGibo(const Problem& problem, const Settings& settings, std::uint64_t seed,
              const Host& host);

 private:
  void finish_round(std::vector<Observation> told) override;
  void start_from_design(std::vector<Observation> design) override;
  void save_variant(StateArchive& archive) const override;
  void restore_variant(const StateArchive& archive) override;

  void evaluate_iterate();
  void sample_gradient_batch();
  void step();
  void remember(const std::vector<Observation>& told);

  enum class Round { iterate, gradient_batch };
  Round round_ = Round::iterate;
  std::vector<Observation> window_;  // the n_max most recent observations
};

}  // namespace bopp::gibo
