#include <bopp/host/run/evaluators/serial_evaluator.hpp>

namespace bopp::host {
namespace {

class SerialEvaluator final : public Evaluator {
 public:
  explicit SerialEvaluator(Objective& objective) : objective_(objective) {}
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                std::span<Evaluation> out) override {
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      out[static_cast<std::size_t>(r)] =
          objective_.evaluate(point_of(X, r), seeds[static_cast<std::size_t>(r)]);
    }
  }
  std::string describe() const override { return "serial"; }

 private:
  Objective& objective_;
};

}  // namespace

std::unique_ptr<Evaluator> make_serial_evaluator(const EvaluatorSetup& setup) {
  return std::make_unique<SerialEvaluator>(setup.objective);
}

}  // namespace bopp::host
