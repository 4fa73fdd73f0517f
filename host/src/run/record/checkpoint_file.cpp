#include <bopp/host/common/atomic_file.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/folder_file.hpp>
#include <bopp/host/common/json_text.hpp>
#include <bopp/host/common/sha1_digest.hpp>
#include <bopp/host/run/record/checkpoint_file.hpp>
#include <bopp/host/run/record/record_names.hpp>

#include <nlohmann/json.hpp>

#include <optional>
#include <span>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// The first field of the header: what reads the rest.
constexpr const char* kCheckpointFormat = "bopp checkpoint 1";

}  // namespace

void write_checkpoint(const fs::path& folder, const Checkpoint& checkpoint, bool sync) {
  namespace key = record_key;
  const CheckpointHeader& h = checkpoint.header;
  const std::span<const std::uint8_t> state(checkpoint.state);
  // nlohmann keeps insertion order only in ordered_json: the header reads top to bottom.
  const nlohmann::ordered_json header = {{key::kFormat, kCheckpointFormat},
                                         {key::kBoppVersion, h.bopp_version},
                                         {key::kAlgorithm, h.algorithm},
                                         {key::kVersion, h.algorithm_version},
                                         {key::kLibrarySha1, h.library_sha1},
                                         {key::kExperimentSha1, h.experiment_sha1},
                                         {key::kEvaluations, h.evaluations},
                                         {key::kBatches, h.batches},
                                         {key::kEvaluationsSha1, h.evaluations_sha1},
                                         {key::kStateBytes, state.size()},
                                         {key::kStateSha1, sha1_hex(state)}};
  std::string text = json_text(header) + "\n";
  text.append(reinterpret_cast<const char*>(state.data()), state.size());
  write_file_atomically(folder / record_file::kCheckpoint, text, sync);
}

Checkpoint read_checkpoint(const fs::path& folder) {
  namespace key = record_key;
  const fs::path path = folder / record_file::kCheckpoint;
  const std::optional<std::string> read = read_folder_file(path);
  if (!read) throw Error("there is none");
  const std::string& text = *read;
  const std::size_t newline = text.find('\n');
  if (newline == std::string::npos) throw Error("it has no whole header line (a torn write)");
  Checkpoint checkpoint;
  std::uint64_t state_bytes = 0;
  std::string state_sha1;
  try {
    const nlohmann::json header = nlohmann::json::parse(text.substr(0, newline));
    if (header.at(key::kFormat).get<std::string>() != kCheckpointFormat)
      throw Error("its format is '" + header.at(key::kFormat).get<std::string>() + "'");
    CheckpointHeader& h = checkpoint.header;
    h.bopp_version = header.at(key::kBoppVersion).get<std::string>();
    h.algorithm = header.at(key::kAlgorithm).get<std::string>();
    h.algorithm_version = header.at(key::kVersion).get<std::string>();
    h.library_sha1 = header.at(key::kLibrarySha1).get<std::string>();
    h.experiment_sha1 = header.at(key::kExperimentSha1).get<std::string>();
    h.evaluations = header.at(key::kEvaluations).get<std::uint64_t>();
    h.batches = header.at(key::kBatches).get<std::uint64_t>();
    h.evaluations_sha1 = header.at(key::kEvaluationsSha1).get<std::string>();
    state_bytes = header.at(key::kStateBytes).get<std::uint64_t>();
    state_sha1 = header.at(key::kStateSha1).get<std::string>();
  } catch (const Error& e) {
    throw Error(std::string("its header is not one bopp writes: ") + e.what());
  } catch (const nlohmann::json::exception& e) {
    throw Error(std::string("its header is not one bopp writes: ") + e.what());
  }
  const std::string_view state = std::string_view(text).substr(newline + 1);
  if (state.size() != state_bytes) {
    throw Error("it holds " + std::to_string(state.size()) + " state bytes, its header says " +
                std::to_string(state_bytes) + " (a torn or corrupt file)");
  }
  if (sha1_hex(state) != state_sha1)
    throw Error("its state's SHA-1 is not the one its header gives (a corrupt file)");
  checkpoint.state.assign(state.begin(), state.end());
  return checkpoint;
}

void remove_checkpoint(const fs::path& folder) {
  std::error_code ec;
  fs::remove(folder / record_file::kCheckpoint, ec);
}

}  // namespace bopp::host
