#include "candidate_pool.hpp"

#include <algorithm>

namespace bopp::gpbo {

Eigen::Index CandidatePool::random_unasked(std::mt19937_64& rng) {
  std::vector<Eigen::Index> free;
  for (std::size_t i = 0; i < asked_.size(); ++i)
    if (!asked_[i]) free.push_back(static_cast<Eigen::Index>(i));
  const Eigen::Index row =
      free.empty() ? static_cast<Eigen::Index>(rng() % asked_.size()) : free[rng() % free.size()];
  mark_asked(row);
  return row;
}

std::vector<bool> CandidatePool::excluded() const {
  const bool all_asked = std::find(asked_.begin(), asked_.end(), false) == asked_.end();
  return all_asked ? std::vector<bool>{} : asked_;
}

void CandidatePool::save(StateArchive& archive) const {
  archive.write("asked", std::vector<std::uint8_t>(asked_.begin(), asked_.end()));
}

void CandidatePool::restore(const StateArchive& archive) {
  std::vector<std::uint8_t> asked;
  archive.read("asked", asked);
  if (asked.size() != asked_.size()) throw StateError("state: another number of candidates");
  asked_.assign(asked.begin(), asked.end());
}

}  // namespace bopp::gpbo
