// Optimizer::save and Optimizer::load: an embedded optimizer as bytes (CBOR), for
// bopp.Optimizer.save/load and pickling. The algorithm's own state is its plugin's bytes
// (bopp/ext/state.h); around them, what it takes to create the same instance again.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>
#include <bopp/kit/state_archive.hpp>

#include <toml++/toml.h>
#include <nlohmann/json.hpp>

namespace bopp::host {
namespace {

constexpr const char* kFormat = "bopp.optimizer/1";

using Json = nlohmann::json;

// The problem given, through the kit's StateArchive: bounds and candidates as their bytes, so
// they come back bit for bit.
Json problem_json(const bopp::Problem& p) {
  StateArchive archive;
  archive.write("lower", p.lower);
  archive.write("upper", p.upper);
  archive.write("kinds", p.kinds);
  archive.write("sense", p.sense);
  archive.write("candidates", p.candidates);
  archive.write("optimum_value", p.optimum_value);
  return archive.fields();
}

bopp::Problem problem_from(const Json& j, const std::string& source) {
  bopp::Problem p;
  try {
    const StateArchive archive(j, "problem");
    archive.read("lower", p.lower);
    archive.read("upper", p.upper);
    archive.read("kinds", p.kinds);
    archive.read("sense", p.sense);
    archive.read("candidates", p.candidates);
    archive.read("optimum_value", p.optimum_value);
  } catch (const StateError& e) {
    throw Error(source + ": not a saved optimizer (" + e.what() + ")");
  } catch (const nlohmann::json::exception& e) {
    throw Error(source + ": not a saved optimizer (" + e.what() + ")");
  }
  if (p.upper.size() != p.lower.size() ||
      (p.candidates.size() != 0 && p.candidates.cols() != p.lower.size())) {
    throw Error(source + ": not a saved optimizer (a problem of mismatched sizes)");
  }
  return p;
}

PluginSection section_from(const Json& j, const std::string& source) {
  PluginSection section;
  section.name = j.at("name").get<std::string>();
  try {
    section.config = toml::parse(j.at("config").get<std::string>());
  } catch (const toml::parse_error& e) {
    throw Error(source + ": not a saved optimizer (the configuration of '" + section.name +
                "' is not TOML: " + std::string(e.description()) + ")");
  }
  return section;
}

}  // namespace

std::vector<std::uint8_t> Optimizer::save() {
  Json j{{"format", kFormat},
         {"algorithm", {{"name", algorithm_name()}, {"config", algorithm_config_}}},
         {"seed", seed_},
         {"told", told_},
         {"evaluated", evaluated_}};
  if (objective_config_) {
    j["objective"] = {{"name", objective_config_->first}, {"config", objective_config_->second}};
  } else {
    j["problem"] = problem_json(problem_);
  }
  j["state"] = Json::binary(algorithm_->save_state());
  if (!attachment_.empty()) j["attachment"] = Json::binary(attachment_);
  return Json::to_cbor(j);
}

std::unique_ptr<Optimizer> Optimizer::load(const PluginRegistry& registry,
                                           std::span<const std::uint8_t> bytes,
                                           const std::string& source, LogSink log) {
  Json j;
  try {
    // Without exceptions nlohmann still throws for a declared size it cannot hold.
    j = Json::from_cbor(bytes.begin(), bytes.end(), /*strict=*/true, /*allow_exceptions=*/false);
  } catch (const Json::exception&) {
    j = Json(Json::value_t::discarded);
  }
  const auto format = j.is_object() ? j.find("format") : j.end();
  if (!j.is_object() || format == j.end() || !format->is_string() || *format != kFormat) {
    throw Error(source + ": not a saved bopp optimizer (expected the bytes of " +
                "Optimizer.save, format " + kFormat + "; truncated or another file?)");
  }
  OptimizerSettings settings;
  try {
    settings.algorithm = section_from(j.at("algorithm"), source);
    if (j.contains("objective")) {
      settings.objective = section_from(j.at("objective"), source);
    } else {
      settings.problem = problem_from(j.at("problem"), source);
    }
    settings.seed = j.at("seed").get<std::uint64_t>();
  } catch (const Json::exception& e) {
    throw Error(source + ": not a saved optimizer (" + e.what() + ")");
  }
  settings.source = source;
  settings.log = std::move(log);
  auto optimizer = std::make_unique<Optimizer>(registry, std::move(settings));
  const auto state = j.find("state");
  if (state == j.end() || !state->is_binary()) {
    throw Error(source + ": not a saved optimizer (no algorithm state)");
  }
  try {
    optimizer->algorithm_->restore_state(state->get_binary());
  } catch (const Error& e) {
    throw Error(source + ": " + e.what());
  }
  const auto count = [&](const char* key) {
    const auto it = j.find(key);
    if (it == j.end() || !it->is_number_unsigned()) {
      throw Error(source + ": not a saved optimizer (no count '" + key + "')");
    }
    return it->get<std::uint64_t>();
  };
  optimizer->told_ = count("told");
  optimizer->evaluated_ = count("evaluated");
  if (const auto attachment = j.find("attachment"); attachment != j.end()) {
    if (!attachment->is_binary())
      throw Error(source + ": not a saved optimizer (an attachment that is not bytes)");
    optimizer->attachment_ = attachment->get_binary();
  }
  return optimizer;
}

}  // namespace bopp::host
