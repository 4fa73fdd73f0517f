#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/run/record/batch_timing.hpp>
#include <bopp/host/run/record/log_line.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/recorded_run.hpp>

#include <toml++/toml.h>

#include <sstream>
#include <string>
#include <string_view>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// A file the kill came before (batches.jsonl, log.jsonl) holds nothing.
std::string file_text(const fs::path& file) {
  try {
    return read_folder_file(file).value_or("");
  } catch (const Error& e) {
    throw Error(file.filename().string() + ": cannot read: " + e.what());
  }
}

// Calls `line(text, number, end)` for every whole line (ended by a newline) of `text`, `end`
// being the offset after its newline, until it returns false. A last line without its newline
// is torn (a power loss) and never seen.
template <class Line>
void for_each_whole_line(std::string_view text, Line line) {
  std::size_t start = 0, number = 0;
  for (std::size_t nl = text.find('\n'); nl != std::string_view::npos;
       start = nl + 1, nl = text.find('\n', start)) {
    ++number;
    if (!line(text.substr(start, nl - start), number, nl + 1)) return;
  }
}

}  // namespace

bool records_asynchronous_run(const fs::path& folder) {
  try {
    const fs::path file = folder / record_file::kExperiment;
    return toml::parse(read_folder_file(file).value_or(""), file.string())["evaluator"]["async"]
        .value_or(false);
  } catch (const toml::parse_error&) {
    return false;
  } catch (const Error&) {  // the resume's own reading of the file says why
    return false;
  }
}

RecordedRun read_recorded_run(const fs::path& folder) {
  RecordedRun recorded;
  recorded.folder = folder;
  recorded.run = try_read_run_json(folder).value_or(RunJson());
  if (!recorded.run.is_object())
    throw Error(std::string(record_file::kRun) + ": not a JSON object");
  recorded.experiment_text = file_text(folder / record_file::kExperiment);

  const std::string evaluations = file_text(folder / record_file::kEvaluations);
  for_each_whole_line(evaluations, [&](std::string_view text, std::size_t number, std::size_t end) {
    RecordedEvaluation e;
    try {
      e = evaluation_from_json(nlohmann::json::parse(text));
    } catch (const std::exception& error) {
      // Past the last fsync a power loss may leave zeros in place of the last lines.
      if (evaluations.find_first_not_of(std::string_view("\0\n", 2), end) == std::string::npos &&
          text.find_first_not_of('\0') == std::string_view::npos)
        return false;
      throw Error(std::string(record_file::kEvaluations) + ":" + std::to_string(number) +
                  ": not a valid evaluation: " + error.what());
    }
    if (e.index != recorded.evaluations.size()) {
      throw Error(std::string(record_file::kEvaluations) + ":" + std::to_string(number) +
                  ": index " + std::to_string(e.index) + " where " +
                  std::to_string(recorded.evaluations.size()) + " was expected");
    }
    const std::uint64_t batch =
        recorded.evaluations.empty() ? 0 : recorded.evaluations.back().batch;
    if (e.batch != batch && (recorded.evaluations.empty() || e.batch != batch + 1)) {
      throw Error(std::string(record_file::kEvaluations) + ":" + std::to_string(number) +
                  ": batch " + std::to_string(e.batch) + " where " + std::to_string(batch) +
                  (recorded.evaluations.empty() ? "" : " or " + std::to_string(batch + 1)) +
                  " was expected");
    }
    recorded.evaluations.push_back(std::move(e));
    recorded.evaluations_bytes = end;
    recorded.evaluation_ends.push_back(end);
    return true;
  });
  const std::uint64_t batches_recorded =
      recorded.evaluations.empty() ? 0 : recorded.evaluations.back().batch + 1;

  // Timings only: a line that does not read is where the kept lines end, never an error.
  const std::string batches = file_text(folder / record_file::kBatches);
  for_each_whole_line(batches, [&](std::string_view text, std::size_t, std::size_t end) {
    if (timed_batch(text) != recorded.timed_batches || recorded.timed_batches >= batches_recorded)
      return false;
    const std::optional<TimeSpent> spent = ask_and_tell_time(text);
    if (!spent) return false;
    recorded.timed_algorithm += *spent;
    ++recorded.timed_batches;
    recorded.batches_bytes = end;
    return true;
  });

  const std::string log = file_text(folder / record_file::kLog);
  const std::uint64_t told = recorded.evaluations.size();
  for_each_whole_line(log, [&](std::string_view text, std::size_t, std::size_t end) {
    const std::optional<std::uint64_t> logged = logged_evaluations(text);
    if (!logged || *logged >= told) return false;
    recorded.log_bytes = end;
    return true;
  });
  return recorded;
}

}  // namespace bopp::host
