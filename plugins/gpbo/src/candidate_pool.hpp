// The rows of a problem's finite candidate set, and which of them gpbo has asked: its design
// points are random rows not asked yet, and its acquisition passes over asked rows until every
// row has been asked once.
#pragma once

#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <random>
#include <vector>

namespace bopp::gpbo {

class CandidatePool {
 public:
  explicit CandidatePool(Eigen::Index rows) : asked_(static_cast<std::size_t>(rows), false) {}

  // A random row not asked yet (any row once all were asked), now asked. The row is one word
  // of `rng` modulo the count, as gpbo has drawn it since its first release, so that records
  // replay; a slight bias toward low rows is the price.
  Eigen::Index random_unasked(std::mt19937_64& rng);
  void mark_asked(Eigen::Index row) { asked_[static_cast<std::size_t>(row)] = true; }
  // The rows an acquisition skips (maximize_over_candidates' `excluded`): the asked ones, or
  // none once every row was asked.
  std::vector<bool> excluded() const;

  // Checkpoints: which rows were asked.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  std::vector<bool> asked_;
};

}  // namespace bopp::gpbo
