#include "lazy_ucb.hpp"

#include <algorithm>

namespace bopp::bbkb {

void LazyUcb::reset(const Eigen::VectorXd& values) {
  ++generation_;
  heap_.clear();
  heap_.reserve(static_cast<std::size_t>(values.size()));
  for (Eigen::Index i = 0; i < values.size(); ++i) heap_.push_back({values[i], i, generation_});
  std::make_heap(heap_.begin(), heap_.end(), below);
}

Eigen::Index LazyUcb::argmax(const std::function<double(Eigen::Index)>& fresh) {
  while (heap_.front().generation != generation_) {
    std::pop_heap(heap_.begin(), heap_.end(), below);
    Entry& top = heap_.back();
    top.value = fresh(top.arm);
    top.generation = generation_;
    ++refreshes_;
    std::push_heap(heap_.begin(), heap_.end(), below);
  }
  return heap_.front().arm;
}

}  // namespace bopp::bbkb
