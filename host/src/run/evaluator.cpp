#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluator.hpp>

#include <atomic>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

std::span<const double> row(const bopp::Points& X, Eigen::Index r) {
  return {X.data() + r * X.cols(), static_cast<std::size_t>(X.cols())};
}

class SerialEvaluator final : public Evaluator {
 public:
  explicit SerialEvaluator(Objective& objective) : objective_(objective) {}
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                std::span<Evaluation> out) override {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      out[static_cast<std::size_t>(r)] = objective_.evaluate(row(X, r), seeds[static_cast<std::size_t>(r)]);
    }
  }
  std::string describe() const override { return "serial"; }

 private:
  Objective& objective_;
};

// Workers take points from a shared counter; each result lands in its own slot, so the
// order of completion does not matter.
class ThreadsEvaluator final : public Evaluator {
 public:
  ThreadsEvaluator(std::uint32_t workers, Objective& objective, const ObjectiveFactory& factory)
      : workers_(workers) {
    if (objective.problem().thread_safe) {
      instances_.assign(workers_, &objective);
    } else {
      instances_.push_back(&objective);
      for (std::uint32_t w = 1; w < workers_; ++w) {
        owned_.push_back(factory());
        instances_.push_back(owned_.back().get());
      }
    }
  }
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                std::span<Evaluation> out) override {
    std::atomic<Eigen::Index> next{0};
    auto work = [&](Objective* objective) {
      for (Eigen::Index r = next++; r < X.rows(); r = next++) {
        out[static_cast<std::size_t>(r)] = objective->evaluate(row(X, r), seeds[static_cast<std::size_t>(r)]);
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

std::unique_ptr<Evaluator> make_evaluator(const std::string& kind, std::uint32_t workers,
                                          Objective& objective, const ObjectiveFactory& factory) {
  if (kind == "serial") return std::make_unique<SerialEvaluator>(objective);
  if (kind == "threads") {
    const std::uint32_t n = workers > 0 ? workers : std::max(1u, std::thread::hardware_concurrency());
    return std::make_unique<ThreadsEvaluator>(n, objective, factory);
  }
  throw Error("unknown evaluator kind '" + kind + "'; available: serial, threads");
}

}  // namespace bopp::host
