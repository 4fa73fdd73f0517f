#include <bopp/host/bench/bench_grid.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/common/toml_input.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/kit/param.hpp>

#include <bopp/config_schema.hpp>

#include <algorithm>
#include <array>
#include <cctype>
#include <charconv>
#include <map>
#include <sstream>

namespace bopp::host {
namespace {

const std::vector<std::string> kGridSections = {"bench", "algorithm", "objective"};

// [bench] is declared with the same schema machinery as plugins; `seeds` and `batch` are
// read by hand first (integers, or lists of them), then checked here for the key names.
const bopp::ParamTable& bench_schema() {
  static const bopp::ParamTable table({
      bopp::Param::reals("seeds", {0.0}, "run seeds: every combination is run once per seed")
          .at_least(0),
      bopp::Param::integer("budget", 100, "evaluations per run").at_least(1),
      bopp::Param::reals("batch", {1.0}, "most points one ask may return; a list runs each")
          .at_least(1),
      bopp::Param::string("output", "", "the bench folder (default bench/<grid file name>)"),
      bopp::Param::choice("evaluator", "serial", evaluator_kind_choices(),
                          "how each run evaluates its points"),
      bopp::Param::integer("workers", 0,
                           "threads evaluator: parallel evaluations (0: one per core)")
          .range(0, 4096),
      bopp::Param::choice("order", "grid", "grid|seed",
                          "the order runs start in: grid (objective, algorithm, batch, then seed) "
                          "or seed (every run of one seed before the next seed's)"),
  });
  return table;
}

// `seeds` (a non-empty list of integers >= `minimum`) or `batch` (the same, or one integer).
// The checked values replace the node, as a list of reals, for the schema check after.
std::vector<std::uint64_t> integer_list(toml::table& bench, const std::string& key,
                                        std::int64_t minimum, bool single_allowed,
                                        std::vector<std::uint64_t> fallback,
                                        const std::string& source) {
  const toml::node* node = bench.get(key);
  if (node == nullptr) return fallback;
  const std::string expected =
      "[bench] key '" + key + "' must be " +
      (single_allowed ? "an integer >= " + std::to_string(minimum) + " or " : "") +
      "a non-empty list of integers >= " + std::to_string(minimum) + " (" + key + " = [" +
      std::to_string(minimum) + ", " + std::to_string(minimum + 1) + "])";
  std::vector<std::uint64_t> out;
  auto take = [&](const toml::node& element) {
    const auto v = element.value_exact<std::int64_t>();
    if (!v || *v < minimum) throw Error(toml_location(&element, source) + expected);
    out.push_back(static_cast<std::uint64_t>(*v));
  };
  if (const toml::array* array = node->as_array()) {
    if (array->empty()) throw Error(toml_location(node, source) + expected);
    for (const toml::node& element : *array) take(element);
  } else if (single_allowed) {
    take(*node);
  } else {
    throw Error(toml_location(node, source) + expected);
  }
  std::vector<std::uint64_t> sorted = out;
  std::sort(sorted.begin(), sorted.end());
  if (std::adjacent_find(sorted.begin(), sorted.end()) != sorted.end()) {
    throw Error(toml_location(node, source) + "[bench] key '" + key + "' lists a value twice");
  }
  toml::array canonical;
  for (const std::uint64_t v : out) canonical.push_back(static_cast<double>(v));
  bench.insert_or_assign(key, std::move(canonical));
  return out;
}

// The value as it appears in a label: strings bare, reals in their shortest round-trip form
// (TOML++ writes 0.2 as 0.20000000000000001), integers and booleans as TOML writes them.
std::string value_text(const toml::node& node) {
  if (const auto* s = node.as_string()) return s->get();
  if (const auto* real = node.as_floating_point()) {
    std::array<char, 32> digits{};
    const auto end = std::to_chars(digits.data(), digits.data() + digits.size(), real->get()).ptr;
    return std::string(digits.data(), end);
  }
  std::ostringstream text;
  node.visit([&](const auto& v) { text << v; });
  return text.str();
}

struct PluginKind {
  std::string section;  // "algorithm" or "objective"
  ParamList (*params)(const PluginRegistry&, const std::string&);
  std::vector<std::string> (*names)(const PluginRegistry&);
};

ParamList algorithm_params(const PluginRegistry& r, const std::string& name) {
  const AlgorithmEntry* e = r.find_algorithm(name);
  return e ? e->params() : ParamList{};
}
ParamList objective_params(const PluginRegistry& r, const std::string& name) {
  const ObjectiveEntry* e = r.find_objective(name);
  return e ? e->params() : ParamList{};
}

// The keys an entry varies, in file order, each with its list of values.
using VariedKeys = std::vector<std::pair<std::string, const toml::array*>>;

// What every step of an entry's expansion needs to check it and name it in messages.
struct EntryContext {
  const PluginKind& kind;
  const std::string& source;
  std::string name;   // the plugin's name
  std::string owner;  // "algorithm 'gpbo'"
  ParamList params;   // the plugin's schema
};

// The entry's `name`, checked to name an installed plugin of its kind.
std::string entry_name(const toml::table& entry, const PluginKind& kind,
                       const PluginRegistry& registry, const std::string& source) {
  const std::string context = "[[" + kind.section + "]] ";
  const toml::node* name_node = entry.get("name");
  if (name_node == nullptr || !name_node->is_string()) {
    throw Error(toml_location(name_node ? name_node : &entry, source) + context +
                "needs `name = \"...\"` (the " + kind.section + " to use; `bopp list` shows them)");
  }
  const std::string name = name_node->as_string()->get();
  const bool known = kind.section == "algorithm" ? registry.find_algorithm(name) != nullptr
                                                 : registry.find_objective(name) != nullptr;
  if (!known) {
    throw Error(toml_location(name_node, source) + context +
                unknown_name(kind.section, name, kind.names(registry)) +
                "; `bopp list` shows what is installed");
  }
  return name;
}

// The entry's `label`, or its name when it has none.
std::string entry_label(const toml::table& entry, const EntryContext& c) {
  const toml::node* node = entry.get("label");
  if (node == nullptr) return c.name;
  if (!node->is_string() || node->as_string()->get().empty()) {
    throw Error(toml_location(node, c.source) + "[[" + c.kind.section +
                "]] key 'label' must be a non-empty string");
  }
  return node->as_string()->get();
}

// The entry's [<kind>.vary] table: keys of the plugin's schema, each a non-empty list, none
// also given a single value.
VariedKeys varied_keys(const toml::table& entry, const EntryContext& c) {
  VariedKeys varied;
  const toml::node* node = entry.get("vary");
  if (node == nullptr) return varied;
  const toml::table* vary = node->as_table();
  const std::string section = c.kind.section;
  if (vary == nullptr) {
    throw Error(toml_location(node, c.source) + "[[" + section +
                "]] 'vary' must be a table of lists ([" + section + ".vary] beta = [1, 3])");
  }
  const std::vector<std::string> names = param_names(c.params);
  for (auto&& [key, values] : *vary) {
    const std::string k(key.str());
    if (std::find(names.begin(), names.end(), k) == names.end()) {
      throw Error(toml_location(&values, c.source) + "[" + section + ".vary] unknown key '" + k +
                  "' for " + c.owner + "; allowed keys: " + bopp::allowed_keys(c.params) +
                  did_you_mean(k, names));
    }
    if (entry.contains(k)) {
      throw Error(toml_location(&values, c.source) + "[" + section + ".vary] key '" + k +
                  "' is also given a single value in its [[" + section + "]] table");
    }
    const toml::array* list = values.as_array();
    if (list == nullptr || list->empty()) {
      throw Error(toml_location(&values, c.source) + "[" + section + ".vary] key '" + k +
                  "' must be a non-empty list of the values to try");
    }
    varied.emplace_back(k, list);
  }
  return varied;
}

// The entry's fixed keys, checked in place (so an error names their line), with the first
// value of each varied key standing in.
toml::table fixed_keys(const toml::table& entry, const VariedKeys& varied, const EntryContext& c) {
  toml::table fixed;
  for (auto&& [key, node] : entry) {
    const std::string k(key.str());
    if (k != "name" && k != "label" && k != "vary") fixed.insert(k, node);
  }
  try {
    toml::table probe = fixed;
    for (const auto& [k, list] : varied) probe.insert_or_assign(k, *list->get(0));
    bopp::apply_schema(probe, c.params, c.owner);
  } catch (const bopp::SchemaError& e) {
    const toml::node* at = entry.get(e.key());
    throw Error(toml_location(at ? at : &entry, c.source) + "[[" + c.kind.section + "]] " +
                schema_message(e, c.params));
  }
  return fixed;
}

// One variant: the fixed keys plus the chosen value of each varied key, each value checked
// on its own (so an error names its line), then the whole.
GridVariant make_variant(const toml::table& entry, const std::string& label,
                         const toml::table& fixed, const VariedKeys& varied,
                         const std::vector<std::size_t>& choice, const EntryContext& c) {
  GridVariant v;
  v.label = label;
  v.plugin.name = c.name;
  v.plugin.config = fixed;
  for (std::size_t i = 0; i < varied.size(); ++i) {
    const toml::node& value = *varied[i].second->get(choice[i]);
    v.plugin.config.insert_or_assign(varied[i].first, value);
    v.label += "-" + varied[i].first + "=" + value_text(value);
    try {
      toml::table single{{varied[i].first, value}};
      for (const bopp_param* p : c.params) {
        if (p->name == varied[i].first) bopp::apply_schema(single, std::span(&p, 1), c.owner);
      }
    } catch (const bopp::SchemaError& e) {
      throw Error(toml_location(&value, c.source) + "[" + c.kind.section + ".vary] " + e.what());
    }
  }
  try {
    bopp::apply_schema(v.plugin.config, c.params, c.owner);
  } catch (const bopp::SchemaError& e) {
    throw Error(toml_location(&entry, c.source) + "[[" + c.kind.section + "]] variant " + v.label +
                ": " + e.what());
  }
  return v;
}

// One [[algorithm]] or [[objective]] entry, expanded into one variant per combination of
// its varied keys. `entry` is the table inside the parsed document, so errors keep lines.
std::vector<GridVariant> expand_entry(toml::table& entry, const PluginKind& kind,
                                      const PluginRegistry& registry, const std::string& source) {
  EntryContext c{kind, source, entry_name(entry, kind, registry, source), "", {}};
  c.owner = kind.section + " '" + c.name + "'";
  c.params = kind.params(registry, c.name);
  const std::string label = entry_label(entry, c);
  const VariedKeys varied = varied_keys(entry, c);
  const toml::table fixed = fixed_keys(entry, varied, c);

  std::vector<GridVariant> variants;
  std::vector<std::size_t> choice(varied.size(), 0);
  for (;;) {
    variants.push_back(make_variant(entry, label, fixed, varied, choice, c));
    std::size_t i = 0;
    while (i < varied.size() && ++choice[i] == varied[i].second->size()) choice[i++] = 0;
    if (i == varied.size()) break;
  }
  const PluginLibrary& library = kind.section == "algorithm" ? *registry.algorithm(c.name).library
                                                             : *registry.objective(c.name).library;
  for (GridVariant& v : variants) v.library_sha1 = library.file_sha1();
  return variants;
}

std::vector<GridVariant> expand_section(toml::table& document, const PluginKind& kind,
                                        const PluginRegistry& registry, const std::string& source) {
  toml::node* node = document.get(kind.section);
  if (node == nullptr) {
    throw Error(source + ": missing [[" + kind.section + "]] (one table per " + kind.section +
                ", with at least `name = \"...\"`)");
  }
  toml::array* entries = node->as_array();
  if (entries == nullptr || !entries->is_array_of_tables() || entries->empty()) {
    throw Error(toml_location(node, source) + "'" + kind.section + "' must be written [[" +
                kind.section + "]] (double brackets: one table per " + kind.section + ")");
  }
  std::vector<GridVariant> out;
  std::map<std::string, const toml::node*> seen;
  for (toml::node& element : *entries) {
    for (GridVariant& v : expand_entry(*element.as_table(), kind, registry, source)) {
      if (auto [it, fresh] = seen.emplace(v.label, &element); !fresh) {
        throw Error(toml_location(&element, source) + "[[" + kind.section + "]] label '" + v.label +
                    "' is already used by the " + kind.section + " at line " +
                    std::to_string(it->second->source().begin.line) +
                    "; give each a distinct `label`");
      }
      out.push_back(std::move(v));
    }
  }
  return out;
}

}  // namespace

std::string folder_safe(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool keep = std::isalnum(static_cast<unsigned char>(c)) != 0 ||
                      std::string_view("-_.=+,").find(c) != std::string_view::npos;
    out += keep ? c : '_';
  }
  if (out.empty() || out == "." || out == "..") out = "_" + out;
  return out;
}

BenchGrid BenchGrid::load(const std::filesystem::path& file, const PluginRegistry& registry) {
  BenchGrid grid = parse(read_input_file(file, "grid file"), file.string(), registry);
  if (grid.output.empty()) grid.output = "bench/" + file.stem().string();
  return grid;
}

BenchGrid BenchGrid::parse(std::string_view text, const std::string& source,
                           const PluginRegistry& registry) {
  toml::table document = parse_toml(text, source);
  check_sections(document, kGridSections, "; a grid has [bench], [[algorithm]] and [[objective]]",
                 source);

  BenchGrid grid;
  grid.source = source;
  toml::table empty;
  toml::table* bench = &empty;
  if (toml::node* node = document.get("bench")) {
    bench = node->as_table();
    if (bench == nullptr)
      throw Error(toml_location(node, source) + "'bench' must be a table [bench]");
  }
  grid.seeds = integer_list(*bench, "seeds", 0, false, {0}, source);
  grid.batches = integer_list(*bench, "batch", 1, true, {1}, source);
  // [run] initial_design, set once for every run of the grid; checked as [run] checks it.
  std::optional<DesignTable> design = take_initial_design(*bench, "[bench]", source);
  check_table(*bench, params_of(bench_schema()), "[bench]", "[bench] ", source, {"initial_design"});
  grid.budget = static_cast<std::uint64_t>(*(*bench)["budget"].value<std::int64_t>());
  if (design)
    grid.initial_design =
        read_initial_design(design->table, design->where, grid.budget, "[bench]", source);
  grid.output = *(*bench)["output"].value<std::string>();
  grid.evaluator = *(*bench)["evaluator"].value<std::string>();
  // A grid's runs are processes of their own; an MPI job runs one `bopp run`.
  if (grid.evaluator == "mpi") {
    throw Error(toml_location(bench->get("evaluator"), source) +
                "[bench] evaluator 'mpi' cannot run a grid: it needs mpirun around one run "
                "(mpirun -n K bopp run EXPERIMENT); use serial, threads or processes");
  }
  grid.workers = static_cast<std::uint32_t>(*(*bench)["workers"].value<std::int64_t>());
  grid.seed_major = *(*bench)["order"].value<std::string>() == "seed";

  const PluginKind objectives{"objective", objective_params,
                              [](const PluginRegistry& r) { return r.objective_names(); }};
  const PluginKind algorithms{"algorithm", algorithm_params,
                              [](const PluginRegistry& r) { return r.algorithm_names(); }};
  grid.objectives = expand_section(document, objectives, registry, source);
  grid.algorithms = expand_section(document, algorithms, registry, source);
  for (GridVariant& algorithm : grid.algorithms) {
    pass_design_to_algorithm(algorithm.plugin, grid.initial_design.has_value(), registry,
                             source + ": [[algorithm]] '" + algorithm.label + "'");
  }
  return grid;
}

std::vector<GridRun> BenchGrid::runs() const {
  std::vector<GridRun> out;
  for (const GridVariant& objective : objectives) {
    for (const GridVariant& algorithm : algorithms) {
      for (const std::uint64_t batch : batches) {
        for (const std::uint64_t seed : seeds) {
          GridRun run;
          run.objective_label = objective.label;
          run.algorithm_label = algorithm.label;
          run.seed = seed;
          run.batch = batch;
          run.folder = folder_safe(objective.label) + "/" + folder_safe(algorithm.label) + "/q" +
                       std::to_string(batch) + "-seed" + std::to_string(seed);
          Experiment& e = run.experiment;
          e.source = source;
          e.seed = seed;
          e.budget = budget;
          e.batch = batch;
          e.objective = objective.plugin;
          e.algorithm = algorithm.plugin;
          e.evaluator = evaluator;
          e.workers = workers;
          e.initial_design = initial_design;
          run.objective_library_sha1 = objective.library_sha1;
          run.algorithm_library_sha1 = algorithm.library_sha1;
          out.push_back(std::move(run));
        }
      }
    }
  }
  if (seed_major) {
    // Seed by seed, in the order `seeds` lists them: a grid cut short still pairs its methods.
    auto rank = [this](std::uint64_t seed) {
      return std::find(seeds.begin(), seeds.end(), seed) - seeds.begin();
    };
    std::stable_sort(out.begin(), out.end(), [&](const GridRun& a, const GridRun& b) {
      return rank(a.seed) < rank(b.seed);
    });
  }
  return out;
}

}  // namespace bopp::host
