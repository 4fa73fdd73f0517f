// bopp/host/embed/optimizer.hpp: bopp's algorithms inside another program's loop ("ask and
// tell"), without a run record (docs/embedding.md).
#pragma once

#include <bopp/host/plugins/algorithm.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/kit/problem.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <utility>
#include <vector>

namespace bopp::host {

// What an Optimizer is made of: an algorithm and its configuration, the problem, a seed.
struct OptimizerSettings {
  // The algorithm's name and its [algorithm] keys (per-plugin tables allowed), checked
  // against its schema and completed with its defaults exactly as `bopp run` does.
  PluginSection algorithm;
  // The problem is an objective plugin's (made with the seed a run with `seed` gives it)
  // when `objective` is set; otherwise `problem` (its own sense, minimize by default; bounds,
  // kinds and candidates are checked, the rest is passed on as given).
  std::optional<PluginSection> objective;
  bopp::Problem problem;
  // The run seed: for the same seed, configuration and told values the asks are the same,
  // bit for bit, as those of `bopp run` with [run] seed = `seed`.
  std::uint64_t seed = 0;
  // Named in errors about the configuration (as `bopp run` names the experiment file).
  std::string source = "<optimizer>";
  // Where the plugins' log lines go.
  LogSink log = stderr_log_sink(BOPP_LOG_WARNING);
};

// One algorithm instance driven by its caller: ask for points, evaluate them however it
// likes, tell the values. Every error is an Error with the same one-line message `bopp run`
// gives. Not thread-safe: one caller at a time.
class Optimizer {
 public:
  Optimizer(const PluginRegistry& registry, OptimizerSettings settings);
  ~Optimizer();
  Optimizer(const Optimizer&) = delete;
  Optimizer& operator=(const Optimizer&) = delete;

  // The problem, in its own sense (the objective's, or the one given).
  const bopp::Problem& problem() const { return problem_; }
  const std::string& algorithm_name() const;
  // The resolved [algorithm] table, every default filled in, as TOML text.
  const std::string& algorithm_config() const { return algorithm_config_; }
  // Points told so far.
  std::uint64_t told() const { return told_; }

  // 1..max_points points (one row each), integer and categorical coordinates rounded.
  bopp::Points ask(std::size_t max_points);

  // Tells the values of X's rows in the problem's sense. A row failed when `failed[i]` is
  // true (an empty span: none) or its value is NaN or infinite; the algorithm is told it as
  // a failed evaluation. Throws Error when the sizes disagree or a point lies outside the
  // bounds.
  void tell(const bopp::Points& X, std::span<const double> y, std::span<const bool> failed = {});

  // The objective plugin's values of X's rows, with the seeds a run gives its evaluations
  // (evaluation n gets evaluation_seed(seed, n), n counting every point evaluated here).
  // Throws Error when the Optimizer was made without an objective plugin.
  std::vector<Evaluation> evaluate(const bopp::Points& X);

  // The algorithm's recommendation, in the problem's box.
  Eigen::VectorXd recommend();

  // Bytes the embedding keeps with the optimizer, saved and loaded with it and never read here
  // (the Python binding's history told and a Box's level names); empty unless set.
  const std::vector<std::uint8_t>& attachment() const { return attachment_; }
  void set_attachment(std::vector<std::uint8_t> bytes) { attachment_ = std::move(bytes); }

  // The whole optimizer as bytes (optimizer_snapshot.cpp): its settings, counters, the
  // algorithm's state (bopp/ext/state.h) and the attachment. Throws Error when the algorithm has no
  // state extension. Saved between a tell and the next ask, a loaded optimizer asks exactly what
  // this one would.
  std::vector<std::uint8_t> save();
  // An optimizer made from save()'s bytes with the plugins of `registry`; throws Error with one
  // line naming `source` when the bytes are not an optimizer's, or the algorithm refuses its
  // state (another version of the plugin, corrupt bytes).
  static std::unique_ptr<Optimizer> load(const PluginRegistry& registry,
                                         std::span<const std::uint8_t> bytes,
                                         const std::string& source,
                                         LogSink log = stderr_log_sink(BOPP_LOG_WARNING));

 private:
  std::string algorithm_config_;
  // What load needs to make this optimizer again: the objective's name and resolved table, or
  // the problem given.
  std::optional<std::pair<std::string, std::string>> objective_config_;
  std::uint64_t seed_;
  std::uint64_t told_ = 0;
  std::uint64_t evaluated_ = 0;
  std::vector<std::uint8_t> attachment_;
  // Declared before the instances they serve: both must outlive them (abi.h).
  std::unique_ptr<HostServices> objective_services_;
  std::unique_ptr<HostServices> algorithm_services_;
  std::unique_ptr<Objective> objective_;
  bopp::Problem problem_;
  std::unique_ptr<Algorithm> algorithm_;
};

}  // namespace bopp::host
