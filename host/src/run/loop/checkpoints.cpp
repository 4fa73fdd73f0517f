#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/sha1_digest.hpp>
#include <bopp/host/run/loop/checkpoints.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include <cstdint>
#include <utility>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// The first `size` bytes of `file` (all of it when `size` is none).
std::string file_head(const fs::path& file, std::optional<std::uint64_t> size = std::nullopt) {
  std::optional<std::string> text;
  try {
    text = read_folder_file(file, size.value_or(UINTMAX_MAX));
  } catch (const Error& e) {
    throw Error("cannot read '" + file.string() + "': " + e.what());
  }
  if (!text) throw Error("cannot read '" + file.string() + "'");
  return std::move(*text);
}

// Throws Error saying why `header` is not a state of this record's run.
void check_belongs(const CheckpointHeader& header, const RecordedRun& recorded,
                   const CheckpointOwner& owner) {
  if (header.bopp_version != BOPP_VERSION) {
    throw Error("it was written by bopp " + header.bopp_version + ", this is bopp " + BOPP_VERSION);
  }
  if (header.algorithm != owner.algorithm || header.algorithm_version != owner.version) {
    throw Error("it holds a state of algorithm '" + header.algorithm + "' " +
                header.algorithm_version + ", the run's is '" + owner.algorithm + "' " +
                owner.version);
  }
  if (header.library_sha1 != owner.library_sha1) {
    throw Error("it was saved by the library with SHA-1 " + header.library_sha1 +
                ", the loaded one's is " + owner.library_sha1);
  }
  if (header.experiment_sha1 != sha1_hex(file_head(recorded.folder / record_file::kExperiment)))
    throw Error(std::string(record_file::kExperiment) + " changed since it was written");
  const std::uint64_t n = header.evaluations;
  const auto& e = recorded.evaluations;
  if (n == 0 || n > e.size()) {
    throw Error("it covers " + std::to_string(n) + " evaluations, " + record_file::kEvaluations +
                " holds " + std::to_string(e.size()));
  }
  if (e[n - 1].batch + 1 != header.batches || (n < e.size() && e[n].batch != header.batches)) {
    throw Error("its " + std::to_string(n) + " evaluations in " + std::to_string(header.batches) +
                " batches are not whole batches of the record");
  }
  if (recorded.timed_batches < header.batches) {
    throw Error(std::string(record_file::kBatches) + " times " +
                std::to_string(recorded.timed_batches) + " batches, it covers " +
                std::to_string(header.batches));
  }
  const std::string head =
      file_head(recorded.folder / record_file::kEvaluations, recorded.evaluation_ends[n - 1]);
  if (sha1_hex(head) != header.evaluations_sha1) {
    throw Error("the record's first " + std::to_string(n) +
                " evaluations are not those it was written after");
  }
}

}  // namespace

bool checkpoints_apply(const Experiment& experiment, const Algorithm& algorithm) {
  return experiment.checkpoints && !experiment.async && algorithm.offers_state();
}

CheckpointWriter::CheckpointWriter(const Experiment& experiment, Algorithm& algorithm,
                                   CheckpointOwner owner)
    : experiment_(experiment), algorithm_(algorithm), owner_(std::move(owner)) {}

std::optional<std::string> CheckpointWriter::after_batch(RunRecord& record, std::uint64_t batches,
                                                         std::uint64_t evaluations, bool now) {
  if (failed_ || batches == last_batches_) return std::nullopt;
  const auto t = Clock::now();
  if (!now && std::chrono::duration<double>(t - last_).count() < experiment_.checkpoint_interval_s)
    return std::nullopt;
  try {
    if (!experiment_sha1_)
      experiment_sha1_ = sha1_hex(file_head(record.folder() / record_file::kExperiment));
    Checkpoint checkpoint{.header = {.bopp_version = BOPP_VERSION,
                                     .algorithm = owner_.algorithm,
                                     .algorithm_version = owner_.version,
                                     .library_sha1 = owner_.library_sha1,
                                     .experiment_sha1 = *experiment_sha1_,
                                     .evaluations = evaluations,
                                     .batches = batches,
                                     .evaluations_sha1 = {}},
                          .state = algorithm_.save_state()};
    record.write_checkpoint(std::move(checkpoint));
  } catch (const Error& e) {
    failed_ = true;
    return std::string(
               "no more checkpoints in this run (a resume replays the batches after "
               "the last one): ") +
           e.what();
  }
  last_ = Clock::now();
  last_batches_ = batches;
  ++written_;
  return std::nullopt;
}

RestoredState restore_checkpoint(const RecordedRun& recorded, const Experiment& experiment,
                                 Algorithm& algorithm, const CheckpointOwner& owner) {
  RestoredState restored;
  std::error_code ec;
  const bool present = fs::exists(recorded.folder / record_file::kCheckpoint, ec);
  // Nothing to say where no checkpoint was to be written.
  if (!present && !checkpoints_apply(experiment, algorithm)) return restored;
  try {
    if (experiment.async)
      throw Error("an asynchronous run ([evaluator] async = true) is not restored from one");
    if (!algorithm.offers_state()) {
      throw Error("algorithm '" + owner.algorithm + "' cannot restore a state (it does not offer " +
                  BOPP_EXTENSION_STATE + ")");
    }
    const Checkpoint checkpoint = read_checkpoint(recorded.folder);
    check_belongs(checkpoint.header, recorded, owner);
    try {
      algorithm.restore_state(checkpoint.state);
    } catch (const Error&) {
      restored.spoiled = true;
      throw;
    }
    restored.evaluations = checkpoint.header.evaluations;
    restored.batches = checkpoint.header.batches;
  } catch (const Error& e) {
    restored.not_used = e.what();
  }
  return restored;
}

std::string checkpoint_not_used_line(const RecordedRun& recorded, const std::string& why) {
  return "checkpoint '" + (recorded.folder / record_file::kCheckpoint).string() +
         "' not used: " + why + "; replaying the whole record instead";
}

}  // namespace bopp::host
