// bopp/host/run/record/evaluation_line.hpp: a line of evaluations.jsonl, written and read back
// (docs/run-record.md).
#pragma once

#include <bopp/host/report/regret.hpp>

#include <nlohmann/json.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// One line of evaluations.jsonl.
struct RecordedEvaluation {
  std::uint64_t index = 0;  // 0-based, in the order points were asked
  std::uint64_t batch = 0;  // which ask it came from
  std::vector<double> x;    // as evaluated (rounded where the dimension is discrete)
  double y = 0.0;           // objective's own sense; written as null when failed
  bool ok = false;
  std::string message;  // why it failed
  std::uint64_t seed = 0;
  double seconds = 0.0;  // evaluation wall time
  bool design = false;   // a point of the [run] initial_design, not asked of the algorithm
  // Written as `regret`, `simple_regret` and `cumulative_regret` when the objective declares
  // its optimum (a missing value as null); absent otherwise.
  std::optional<RegretSoFar> regret;
};

nlohmann::json to_json(const RecordedEvaluation& e);
RecordedEvaluation evaluation_from_json(const nlohmann::json& line);

// Writes evaluations.jsonl lines, the text of to_json(e).dump(), at the cost of their
// serialization alone: one JSON object serves every line, its keys, nodes and strings made
// once (docs/benchmarks.md has the figures). Once a line carried regret, every later line does.
class EvaluationLineWriter {
 public:
  EvaluationLineWriter();
  EvaluationLineWriter(const EvaluationLineWriter&) = delete;
  EvaluationLineWriter& operator=(const EvaluationLineWriter&) = delete;

  // Appends `e`'s line and its newline to `text`.
  void append(const RecordedEvaluation& e, std::string& text);

 private:
  void fill(const RecordedEvaluation& e);

  nlohmann::json line_;
  // Pointers to the line's value nodes (in its std::map, whose nodes never move), which skip
  // the key look-ups.
  nlohmann::json *index_, *batch_;
  nlohmann::json::array_t* x_;
  nlohmann::json* y_;
  std::string *status_, *message_;
  nlohmann::json *seed_, *time_;
  // Added to the line at the first evaluation that carries regret.
  nlohmann::json *regret_ = nullptr, *simple_regret_ = nullptr, *cumulative_regret_ = nullptr;
  nlohmann::json* design_ = nullptr;
};

// Reads every line of an evaluations.jsonl; a line that does not read is an Error naming it.
std::vector<RecordedEvaluation> read_evaluations(const std::filesystem::path& file);

}  // namespace bopp::host
