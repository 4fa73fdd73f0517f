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

void LazyUcb::save(StateArchive& archive) const {
  std::vector<double> values;
  std::vector<std::int64_t> arms;
  std::vector<std::uint64_t> generations;
  for (const Entry& e : heap_) {
    values.push_back(e.value);
    arms.push_back(e.arm);
    generations.push_back(e.generation);
  }
  archive.write("values", values);
  archive.write("arms", arms);
  archive.write("generations", generations);
  archive.write("generation", generation_);
  archive.write("refreshes", refreshes_);
}

void LazyUcb::restore(const StateArchive& archive) {
  std::vector<double> values;
  std::vector<std::int64_t> arms;
  std::vector<std::uint64_t> generations;
  archive.read("values", values);
  archive.read("arms", arms);
  archive.read("generations", generations);
  archive.read("generation", generation_);
  archive.read("refreshes", refreshes_);
  if (arms.size() != values.size() || generations.size() != values.size())
    throw StateError("state: the UCB heap's columns differ in length");
  heap_.clear();
  for (std::size_t i = 0; i < values.size(); ++i)
    heap_.push_back({values[i], arms[i], generations[i]});
}

}  // namespace bopp::bbkb
