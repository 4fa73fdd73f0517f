// bopp/host/bench/bench_grid.hpp: a grid file (docs/comparing-methods.md): algorithms and
// objectives, each with optional parameter variants, times seeds and batch sizes.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/input/experiment.hpp>

#include <cstdint>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// One algorithm or objective of the grid with one value for each of its varied keys.
struct GridVariant {
  std::string label;         // "gpbo-ei", or "la-minucb-beta=3" for a variant
  PluginSection plugin;      // name and checked configuration, every default filled in
  std::string library_sha1;  // the plugin library's file, as loaded when the grid was read
};

// One run of the product: its experiment and where its record goes, relative to the
// bench's output folder. The folder depends only on (objective, algorithm, batch, seed),
// so a bench run again finds the runs it already completed.
struct GridRun {
  std::string folder;  // "<objective label>/<algorithm label>/q<batch>-seed<seed>"
  std::string objective_label;
  std::string algorithm_label;
  std::uint64_t seed = 0;
  std::uint64_t batch = 1;
  Experiment experiment;  // resolved; `output` is set by the runner
  // The libraries the run would load now: a completed run recorded with others is run again.
  std::string objective_library_sha1;
  std::string algorithm_library_sha1;
};

// A grid, checked against the schemas of the plugins in `registry`. Every mistake is one
// line naming the file, the line, the table and the key (as for experiment files).
struct BenchGrid {
  std::string source;
  std::vector<std::uint64_t> seeds;
  std::uint64_t budget = 0;
  std::vector<std::uint64_t> batches;
  std::string output;  // the bench folder; relative to the current folder
  std::string evaluator = "serial";
  std::uint32_t workers = 0;
  bool seed_major = false;  // [bench] order = "seed": every run of a seed before the next seed's
  // [bench] initial_design: the [run] key of every run (each algorithm's design_from_host set).
  std::optional<InitialDesignSettings> initial_design;
  std::vector<GridVariant> objectives;
  std::vector<GridVariant> algorithms;

  static BenchGrid load(const std::filesystem::path& file, const PluginRegistry& registry);
  static BenchGrid parse(std::string_view text, const std::string& source,
                         const PluginRegistry& registry);

  // The product objectives × algorithms × batches × seeds, in that nesting order, or with seeds
  // outermost when `seed_major`.
  std::vector<GridRun> runs() const;
};

// `text` made safe as one path component: letters, digits and "-_.=+," kept, others "_".
std::string folder_safe(const std::string& text);

}  // namespace bopp::host
