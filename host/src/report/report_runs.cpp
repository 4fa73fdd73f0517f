#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/json_file.hpp>
#include <bopp/host/common/time_spent.hpp>
#include <bopp/host/report/report_runs.hpp>
#include <bopp/host/run/record/record_names.hpp>
#include <bopp/host/run/record/run_json.hpp>

#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include <algorithm>
#include <cmath>
#include <map>
#include <set>
#include <sstream>

namespace bopp::host {
namespace fs = std::filesystem;
namespace {

// The run's times as the sum of batches.jsonl's lines (each batch's ask and tell, and its wait
// for evaluations), when it has one line for every batch the evaluations name, in order: a run
// resumed across processes then counts each batch once, as it ran, where run.json's time
// counts only the last process's work. Otherwise run.json's times stay.
void use_whole_run_times(ReportRun& r) {
  if (r.evaluations.empty()) return;
  const std::uint64_t batches = r.evaluations.back().batch + 1;
  if (r.batches.size() != batches) return;
  double algorithm = 0.0, evaluation = 0.0, cpu = 0.0;
  for (std::uint64_t b = 0; b < batches; ++b) {
    const BatchTiming& t = r.batches[static_cast<std::size_t>(b)];
    if (t.batch != b) return;
    algorithm += t.ask_seconds + t.tell_seconds;
    evaluation += t.evaluation_seconds;
    cpu += t.ask_cpu_seconds + t.tell_cpu_seconds;
  }
  if (!std::isfinite(algorithm) || !std::isfinite(evaluation)) return;
  r.algorithm_seconds = algorithm;
  r.evaluation_seconds = evaluation;
  r.algorithm_cpu_seconds = std::isfinite(cpu) ? cpu : kUnknownSeconds;
}

struct Labels {
  std::string objective;
  std::string algorithm;
};

fs::path canonical_or_same(const fs::path& p) {
  std::error_code ec;
  fs::path c = fs::weakly_canonical(p, ec);
  return ec ? p : c;
}

// The run folders under `folder`, and the labels the bench indexes there give them.
void discover(const fs::path& folder, std::set<fs::path>& runs,
              std::map<fs::path, Labels>& labels) {
  std::error_code ec;
  if (!fs::is_directory(folder, ec)) throw Error(folder.string() + ": not a folder");
  auto visit_index = [&](const fs::path& dir) {
    const nlohmann::json index = read_json_file(dir / "index.json");
    if (!index.contains("runs") || !index["runs"].is_array()) return;
    // A label that is not a string (a damaged index) is left out: the run keeps its plugin's name.
    auto label = [](const nlohmann::json& r, const char* key) {
      const auto it = r.find(key);
      return it != r.end() && it->is_string() ? it->get<std::string>() : std::string();
    };
    for (const auto& r : index["runs"]) {
      if (!r.contains("folder") || !r["folder"].is_string()) continue;
      labels[canonical_or_same(dir / r["folder"].get<std::string>())] = {label(r, "objective"),
                                                                         label(r, "algorithm")};
    }
  };
  auto visit = [&](const fs::path& dir) {
    if (fs::is_regular_file(dir / record_file::kRun, ec)) runs.insert(canonical_or_same(dir));
    if (fs::is_regular_file(dir / "index.json", ec)) visit_index(dir);
  };
  visit(folder);
  // A run folder given alone still takes the labels of the bench it is in (three levels up).
  fs::path above = canonical_or_same(folder);
  for (int level = 0; level < 3 && above.has_parent_path() && above != above.root_path(); ++level) {
    above = above.parent_path();
    if (fs::is_regular_file(above / "index.json", ec)) visit_index(above);
  }
  for (auto it = fs::recursive_directory_iterator(
           folder, fs::directory_options::skip_permission_denied, ec);
       it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (ec) break;
    if (it->is_directory(ec)) visit(it->path());
  }
}

PluginProvenance provenance(const RunJson& run, PluginRole role) {
  return {run.plugin_text(role, record_key::kName), run.plugin_text(role, record_key::kVersion),
          run.plugin_text(role, record_key::kLibrary),
          run.plugin_text(role, record_key::kLibraryVersion),
          run.plugin_text(role, record_key::kLibrarySha1)};
}

std::string node_text(const toml::node& node) {
  if (const auto* s = node.as_string()) return s->get();
  std::ostringstream text;
  node.visit([&](const auto& v) { text << v; });
  return text.str();
}

// name + "-key=value" for each key whose value differs between the runs of that name.
void derive_labels(std::vector<ReportRun*>& runs, const std::vector<const toml::table*>& tables,
                   std::string ReportRun::*label) {
  std::map<std::string, std::vector<std::size_t>> by_name;
  for (std::size_t i = 0; i < runs.size(); ++i) by_name[runs[i]->*label].push_back(i);
  for (const auto& [name, members] : by_name) {
    std::map<std::string, std::set<std::string>> values;  // key -> distinct texts
    for (std::size_t i : members) {
      for (auto&& [key, node] : *tables[i]) values[std::string(key.str())].insert(node_text(node));
    }
    for (std::size_t i : members) {
      std::string text = name;
      for (const auto& [key, distinct] : values) {
        if (key == "name" || distinct.size() < 2) continue;
        const toml::node* node = tables[i]->get(key);
        text += "-" + key + "=" + (node ? node_text(*node) : "default");
      }
      runs[i]->*label = text;
    }
  }
}

}  // namespace

std::vector<ReportRun> load_report_runs(const std::vector<fs::path>& folders,
                                        std::vector<std::string>& notes) {
  std::set<fs::path> found;
  std::map<fs::path, Labels> labels;
  for (const fs::path& f : folders) discover(f, found, labels);

  std::vector<ReportRun> runs;
  std::vector<toml::table> experiments;
  std::vector<bool> indexed;
  std::map<std::string, std::vector<std::string>> left_out;  // status -> folders
  for (const fs::path& folder : found) {
    const RunJson run = read_run_json(folder);
    const std::string status = run.status_text();
    if (parse_run_status(status) != RunStatus::completed) {
      left_out[status.empty() ? "unknown" : status].push_back(folder.string());
      continue;
    }
    ReportRun r;
    r.folder = folder;
    try {
      const RunSummary summary = run.summary();
      r.seed = summary.seed;
      r.batch = summary.batch;
      r.minimize = summary.minimize;
      r.optimum = summary.optimum;
      r.objective = summary.objective;
      r.algorithm = summary.algorithm;
      r.algorithm_seconds = summary.algorithm_seconds;
      r.algorithm_cpu_seconds = summary.algorithm_cpu_seconds;
      r.evaluation_seconds = summary.evaluation_seconds;
    } catch (const nlohmann::json::exception& e) {
      throw Error((folder / record_file::kRun).string() + ": " + e.what());
    }
    r.bopp_version = run.bopp_version();
    r.objective_plugin = provenance(run, PluginRole::objective);
    r.algorithm_plugin = provenance(run, PluginRole::algorithm);
    r.evaluations = read_evaluations(folder / record_file::kEvaluations);
    r.batches = read_batch_timings(folder / record_file::kBatches);
    use_whole_run_times(r);
    const fs::path experiment = folder / record_file::kExperiment;
    try {
      experiments.push_back(toml::parse_file(experiment.string()));
    } catch (const toml::parse_error& e) {
      throw Error(experiment.string() + ": " + std::string(e.description()));
    }
    const auto l = labels.find(folder);
    indexed.push_back(l != labels.end());
    if (l != labels.end()) {
      if (!l->second.objective.empty()) r.objective = l->second.objective;
      if (!l->second.algorithm.empty()) r.algorithm = l->second.algorithm;
    }
    runs.push_back(std::move(r));
  }

  // Runs outside a bench: tell apart runs of one plugin with different settings.
  std::vector<ReportRun*> loose;
  std::vector<const toml::table*> objective_tables, algorithm_tables;
  static const toml::table empty;
  for (std::size_t i = 0; i < runs.size(); ++i) {
    if (indexed[i]) continue;
    loose.push_back(&runs[i]);
    const auto* o = experiments[i]["objective"].as_table();
    const auto* a = experiments[i]["algorithm"].as_table();
    objective_tables.push_back(o ? o : &empty);
    algorithm_tables.push_back(a ? a : &empty);
  }
  derive_labels(loose, objective_tables, &ReportRun::objective);
  derive_labels(loose, algorithm_tables, &ReportRun::algorithm);

  for (const auto& [status, list] : left_out) {
    notes.push_back("left out " + std::to_string(list.size()) + " run(s) with status '" + status +
                    "', e.g. " + list.front());
  }
  return runs;
}

}  // namespace bopp::host
