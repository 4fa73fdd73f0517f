// comparable_run_json.hpp: run.json of a record, as two records of the same run must agree on it.
#pragma once

#include <nlohmann/json.hpp>

#include <filesystem>
#include <fstream>

namespace bopp::test {

// `record`/run.json without what differs between two records of one run: its times, and
// experiment_sha1 (experiment.toml names its own output folder). With `other_folders` (records
// in two bench folders) also without the experiment file's path and the working folder.
inline nlohmann::json comparable_run_json(const std::filesystem::path& record,
                                          bool other_folders = false) {
  std::ifstream in(record / "run.json");
  nlohmann::json run = nlohmann::json::parse(in);
  for (const char* key : {"time", "started", "finished", "experiment_sha1"}) run.erase(key);
  if (other_folders) {
    run.erase("experiment");
    run.erase("working_folder");
  }
  return run;
}

}  // namespace bopp::test
