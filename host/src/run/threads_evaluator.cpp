#include <bopp/host/run/threads_evaluator.hpp>

#include <algorithm>
#include <atomic>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

// Workers take points from a shared counter; each result lands in its own slot, so the
// order of completion does not matter.
class ThreadsEvaluator final : public Evaluator {
 public:
  ThreadsEvaluator(std::uint32_t workers, const EvaluatorSetup& setup) : workers_(workers) {
    if (setup.objective.problem().thread_safe) {
      instances_.assign(workers_, &setup.objective);
    } else {
      instances_.push_back(&setup.objective);
      for (std::uint32_t w = 1; w < workers_; ++w) {
        owned_.push_back(make_objective(setup.spec, setup.registry, setup.services));
        instances_.push_back(owned_.back().get());
      }
    }
  }
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                std::span<Evaluation> out) override {
    std::atomic<Eigen::Index> next{0};
    auto work = [&](Objective* objective) {
      for (Eigen::Index r = next++; r < X.rows(); r = next++) {
        out[static_cast<std::size_t>(r)] =
            objective->evaluate(point_of(X, r), seeds[static_cast<std::size_t>(r)]);
      }
    };
    const auto used = std::min<std::size_t>(instances_.size(), static_cast<std::size_t>(X.rows()));
    std::vector<std::jthread> threads;
    for (std::size_t w = 1; w < used; ++w) threads.emplace_back(work, instances_[w]);
    work(instances_[0]);
  }
  std::string describe() const override { return "threads (" + std::to_string(workers_) + ")"; }

 private:
  std::uint32_t workers_;
  std::vector<std::unique_ptr<Objective>> owned_;
  std::vector<Objective*> instances_;
};

}  // namespace

std::unique_ptr<Evaluator> make_threads_evaluator(const EvaluatorSetup& setup) {
  const std::uint32_t n =
      setup.workers > 0 ? setup.workers : std::max(1u, std::thread::hardware_concurrency());
  return std::make_unique<ThreadsEvaluator>(n, setup);
}

}  // namespace bopp::host
