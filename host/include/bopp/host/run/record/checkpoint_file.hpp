// bopp/host/run/record/checkpoint_file.hpp: checkpoint.bin, an algorithm's state after the first
// batches of the record beside it (docs/run-record.md, "Checkpoints"): one line of JSON that says
// what the state belongs to, then the state's bytes, as the plugin wrote them.
#pragma once

#include <cstdint>
#include <filesystem>
#include <string>
#include <vector>

namespace bopp::host {

struct CheckpointHeader {
  std::string bopp_version;
  std::string algorithm;          // the class's name
  std::string algorithm_version;  // the class's version
  std::string library_sha1;       // of the library that saved the state
  std::string experiment_sha1;    // of the record's experiment.toml
  std::uint64_t evaluations = 0;  // the evaluations the algorithm had been told
  std::uint64_t batches = 0;      // the batches they make
  std::string evaluations_sha1;   // of evaluations.jsonl's first `evaluations` lines
};

struct Checkpoint {
  CheckpointHeader header;
  std::vector<std::uint8_t> state;
};

// Replaces checkpoint.bin in `folder` as run.json is replaced (write_file_atomically): a
// reader, or a kill, finds the old checkpoint or the new, whole. Throws Error naming the file.
void write_checkpoint(const std::filesystem::path& folder, const Checkpoint& checkpoint, bool sync);

// Reads checkpoint.bin in `folder`, its state checked against the length and SHA-1 its header
// gives. Throws Error saying in a few words why it cannot be used (there is none, its header
// does not read, its state is truncated or corrupt); whether it belongs to the record is the
// caller's to check.
Checkpoint read_checkpoint(const std::filesystem::path& folder);

// Removes checkpoint.bin from `folder` when there is one (a completed run, or a new run over an
// old record); an error is ignored, an unremoved checkpoint never matching another record.
void remove_checkpoint(const std::filesystem::path& folder);

}  // namespace bopp::host
