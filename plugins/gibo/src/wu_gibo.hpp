// GIBO as Wu et al. 2023 state it, Algorithm 1 (variant = "wu").
#pragma once

#include "gradient_ascent.hpp"

namespace bopp::gibo {

class WuGibo : public GradientAscent {
 public:
  WuGibo(const Problem& problem, const Settings& settings, std::uint64_t seed, const Host& host);

 private:
  void finish_round(std::vector<Observation> told) override;
  void start_from_design(std::vector<Observation> design) override;
  void save_variant(StateArchive& archive) const override;
  void restore_variant(const StateArchive& archive) override;

  void sample_gradient_batch();
  void step();
  Eigen::Index batch_size() const;
  std::vector<Observation> local_data(Eigen::Index cap) const;

  std::vector<Observation> data_;  // everything observed
};

}  // namespace bopp::gibo
