// bopp/host/run/input/experiment.hpp: an experiment file, checked and resolved.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>

#include <toml++/toml.h>

#include <cstdint>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace bopp::host {

// The [objective] or [algorithm] table: the plugin's name and its own keys.
struct PluginSection {
  std::string name;
  toml::table config;  // every key except `name`, with defaults once resolved
  // Per-plugin tables ([objective.branin]): keys for the plugin of that name, applied over
  // `config` when it is the one chosen, checked against its schema when not. Emptied by
  // resolve_plugins.
  std::map<std::string, toml::table> per_plugin;

  std::string config_text() const;  // TOML text, as it crosses the ABI
};

// [run] initial_design: points the host evaluates first, the same for every algorithm of a run
// seed (run/loop/initial_design.hpp draws or reads them), told to the algorithm before its first
// ask.
struct InitialDesignSettings {
  std::uint64_t points = 0;  // sobol, uniform: how many; file: the first `points` rows (0: all)
  std::string kind;          // "sobol", "uniform" or "file"
  std::string path;          // file: the CSV of points, as written
};

// An experiment (docs/experiment-file.md). `load` checks the host's own sections ([run],
// [evaluator]) and fills their defaults; `resolve_plugins` checks the plugin sections
// against the schemas of the plugins found and fills theirs. Every error is one line that
// names the file (or the --set option), the line, the key and what was expected.
struct Experiment {
  std::string source;  // the file, or "<string>"
  std::uint64_t seed = 0;
  std::uint64_t budget = 0;
  std::uint64_t batch = 1;
  std::string output;  // "" until resolved: runs/<objective>-<algorithm>-<seed>
  // How often the record is fsynced (RecordSync): it bounds what a power loss may cost and
  // never changes what is recorded.
  double sync_interval_s = 1.0;
  // Whether the algorithm's state is saved into the record (checkpoint.bin) so a resume
  // replays only the batches after it, and how often: 0, after every batch.
  bool checkpoints = true;
  double checkpoint_interval_s = 60.0;
  // A limit on the run's wall-clock time, as written ("3h50m"; "" none) and in seconds (0 none):
  // past it the batch under way finishes, a checkpoint is written and the run stops.
  std::string time_limit;
  double time_limit_s = 0.0;
  std::optional<InitialDesignSettings> initial_design;
  PluginSection objective;
  PluginSection algorithm;
  std::string evaluator = "serial";
  std::uint32_t workers = 0;  // 0: one per core
  double timeout_s = 0.0;     // processes: longest evaluation before its worker is killed; 0: none
  std::uint64_t memory_mb = 0;  // processes: address-space cap per worker in MiB; 0: none
  bool async = false;           // ask whenever a worker is free, with other points still pending
  // The --set options applied, so that a value the plugin's schema refuses is blamed on its
  // option rather than on the file.
  std::vector<std::string> overrides;

  // Reads `file`, removes the keys `unsets` name ("section.key" or "section.plugin.key") and
  // then applies `overrides` ("section.key=value" or "section.plugin.key=value", parsed by
  // parse_set_option: one TOML key path, one TOML value or a bare word taken as a string).
  static Experiment load(const std::filesystem::path& file,
                         const std::vector<std::string>& overrides = {},
                         const std::vector<std::string>& unsets = {});
  static Experiment parse(std::string_view text, const std::string& source,
                          const std::vector<std::string>& overrides = {},
                          const std::vector<std::string>& unsets = {});

  // Checks the plugin sections against the plugins' schemas and fills their defaults;
  // sets `output` when it was left empty.
  void resolve_plugins(const PluginRegistry& registry);

  // The whole experiment as a TOML document, every default filled in.
  toml::table to_toml() const;
};

// Checks `section` (its per-plugin tables too) against the schema of the `kind` plugin
// ("objective" or "algorithm") it names and fills its defaults, as `bopp run` does; an Error
// names `source` (or the option of `overrides` that set the key), the section and the key.
void resolve_plugin_section(PluginSection& section, const std::string& kind,
                            const PluginRegistry& registry, const std::string& source,
                            const std::vector<std::string>& overrides = {});

// The initial_design table of a section (`name`: "[run]" or "[bench]") taken out of it, before
// the section's schema, with where the file gave it; none when the section has no such key.
// Not a table: an Error naming the section.
struct DesignTable {
  toml::table table;
  std::string where;
};
std::optional<DesignTable> take_initial_design(toml::table& section, const std::string& name,
                                               const std::string& source);

// An initial_design table (of `section`, "[run]" or "[bench]", found at `where`) checked: its keys
// and values, `points` within `budget`, `path` for kind = 'file' only. The file itself is read
// when the run starts (run/loop/initial_design.hpp): it needs the objective's dimension and box.
InitialDesignSettings read_initial_design(toml::table& table, const std::string& where,
                                          std::uint64_t budget, const std::string& section,
                                          const std::string& source,
                                          const std::vector<std::string>& overrides = {});

// With a design (`design`), sets the algorithm's design_from_host key (bopp/kit/host_design.hpp),
// or refuses an algorithm that does not declare it; without one, refuses the key set by hand.
void pass_design_to_algorithm(PluginSection& algorithm, bool design, const PluginRegistry& registry,
                              const std::string& source);

// Applies a "section.key=value" override to a parsed document; an Error names the argument.
void apply_override(toml::table& document, const std::string& assignment);
// Removes the key a "section.key" --unset names; an Error names the argument.
void apply_unset(toml::table& document, const std::string& key);

}  // namespace bopp::host
