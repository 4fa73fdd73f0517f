// The global batch-stopping rule of BBKB (Calandriello et al. 2020, Algorithm 1 line 5 and
// Lemma 1), as a pure accumulator.
#pragma once

#include <bopp/kit/state_archive.hpp>

namespace bopp::bbkb {

// A batch continues while 1 + Σ σ̃²_fb(x_s) ≤ C̃, summed over the points chosen in it, with
// their start-of-batch variances (the squares the extracted text drops, as the proof uses).
// The point that crosses the bound is the batch's last and is still evaluated; so every
// batch holds at least one point, and C̃ = 1 gives exactly one.
class BatchStoppingRule {
 public:
  explicit BatchStoppingRule(double bound) : bound_(bound) {}

  // Counts a chosen point's start-of-batch variance; true when the batch ends with it.
  bool closes_with(double start_variance) {
    sum_ += start_variance;
    return exceeded();
  }
  bool exceeded() const { return sum_ > bound_; }
  double sum() const { return sum_; }  // 1 + Σ σ̃²_fb(x_s)
  double bound() const { return bound_; }

  void save(StateArchive& archive) const {
    archive.write("bound", bound_);
    archive.write("sum", sum_);
  }
  void restore(const StateArchive& archive) {
    archive.read("bound", bound_);
    archive.read("sum", sum_);
  }

 private:
  double bound_;
  double sum_ = 1.0;
};

}  // namespace bopp::bbkb
