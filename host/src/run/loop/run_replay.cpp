#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/loop/batch_loop.hpp>
#include <bopp/host/run/loop/run_replay.hpp>
#include <bopp/host/run/loop/seeds.hpp>

#include <nlohmann/json.hpp>

#include <algorithm>
#include <cstring>
#include <string>

namespace bopp::host {
namespace {

// A replayed point must be the recorded one to the bit, at the recorded place and seed:
// anything else means the algorithm, its configuration or the record changed.
void check_replayed(const RunLoop& loop, std::span<const double> asked, const RecordedEvaluation& e,
                    std::uint64_t index) {
  const auto differs = [&](const std::string& what) {
    throw Error("evaluation " + std::to_string(index) + " differs from the record: " + what +
                "; the record is left as it was");
  };
  if (e.batch != loop.batch()) {
    differs("the replay asked it in batch " + std::to_string(loop.batch()) +
            ", the record has batch " + std::to_string(e.batch));
  }
  const bool same_x = asked.size() == e.x.size() &&
                      std::equal(asked.begin(), asked.end(), e.x.begin(), [](double a, double b) {
                        return std::memcmp(&a, &b, sizeof a) == 0;
                      });
  if (!same_x) {
    differs("the replay asked x = " +
            nlohmann::json(std::vector<double>(asked.begin(), asked.end())).dump() +
            ", the record has x = " + nlohmann::json(e.x).dump());
  }
  if (e.design != loop.design_batch()) {
    differs(std::string("the replay has it ") +
            (loop.design_batch() ? "in the initial design" : "asked of the algorithm") +
            ", the record " + (e.design ? "in the initial design" : "asked of the algorithm"));
  }
  const std::uint64_t run_seed = loop.experiment().seed;
  if (const std::uint64_t seed = evaluation_seed(run_seed, index); seed != e.seed) {
    differs("its seed is " + std::to_string(seed) + " from the experiment's seed " +
            std::to_string(run_seed) + ", the record has " + std::to_string(e.seed));
  }
}

}  // namespace

std::optional<AskedBatch> replay(RunLoop& loop, std::span<const RecordedEvaluation> recorded,
                                 RunResult& result) {
  const std::uint64_t budget = loop.experiment().budget;
  std::size_t next = 0;
  while (next < recorded.size()) {
    if (result.evaluations >= budget) {
      throw Error("evaluation " + std::to_string(result.evaluations) +
                  " is past the budget: the record holds " +
                  std::to_string(result.evaluations + recorded.size() - next) +
                  " evaluations, the experiment's budget is " + std::to_string(budget) +
                  "; the record is left as it was");
    }
    AskedBatch asked = ask_batch(loop, result);
    const auto n = static_cast<std::size_t>(asked.X.rows());
    const std::size_t known = std::min(n, recorded.size() - next);
    for (std::size_t i = 0; i < known; ++i) {
      check_replayed(loop, point_of(asked.X, static_cast<Eigen::Index>(i)), recorded[next + i],
                     result.evaluations + i);
      asked.known.push_back(recorded[next + i]);
    }
    next += known;
    if (known < n) return asked;
    finish_batch(loop, asked, result);
  }
  return std::nullopt;
}

}  // namespace bopp::host
