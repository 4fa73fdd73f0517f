// Lazy argmax of upper confidence bounds that can only decrease (Calandriello et al. 2020,
// Algorithm 1 lines 7–8): within a BBKB batch the mean and width are frozen and variances
// only shrink, so a stored value is an upper bound and only the top needs refreshing.
#pragma once

#include <bopp/kit/state_archive.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <functional>
#include <vector>

namespace bopp::bbkb {

class LazyUcb {
 public:
  // Every arm's current value; `generation` counts the changes that may lower them.
  void reset(const Eigen::VectorXd& values);
  // Something lowered some values (a point joined the batch): every stored value is stale.
  void invalidate() { ++generation_; }
  // The arm of largest current value (lowest index on ties), recomputing stale tops with
  // `fresh` until the top is fresh. Equal to the brute-force argmax as long as no value
  // ever rose since it was stored.
  Eigen::Index argmax(const std::function<double(Eigen::Index)>& fresh);
  std::size_t refreshes() const { return refreshes_; }

  // Checkpoints: the heap as it is, stale values and all.
  void save(StateArchive& archive) const;
  void restore(const StateArchive& archive);

 private:
  struct Entry {
    double value;
    Eigen::Index arm;
    std::uint64_t generation;
  };
  static bool below(const Entry& a, const Entry& b) {
    return a.value < b.value || (a.value == b.value && a.arm > b.arm);
  }
  std::vector<Entry> heap_;
  std::uint64_t generation_ = 0;
  std::size_t refreshes_ = 0;
};

}  // namespace bopp::bbkb
