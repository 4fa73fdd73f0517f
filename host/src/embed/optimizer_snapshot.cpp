// Optimizer::save and Optimizer::load: an embedded optimizer as bytes (CBOR), for
// bopp.Optimizer.save/load and pickling. The algorithm's own state is its plugin's bytes
// (bopp/ext/state.h); around them, what it takes to create the same instance again.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>

#include <toml++/toml.h>
#include <nlohmann/json.hpp>

#include <cstring>

namespace bopp::host {
namespace {

constexpr const char* kFormat = "bopp.optimizer/1";

using Json = nlohmann::json;

// Doubles as their bytes, so a bound or candidate comes back bit for bit.
Json bytes_of(const double* data, std::size_t count) {
  std::vector<std::uint8_t> bytes(count * sizeof(double));
  if (count != 0) std::memcpy(bytes.data(), data, bytes.size());
  return Json::binary(std::move(bytes));
}

std::vector<double> doubles_of(const Json& j, const std::string& source, const char* what) {
  if (!j.is_binary() || j.get_binary().size() % sizeof(double) != 0) {
    throw Error(source + ": not a saved optimizer (" + what + " is not a list of numbers)");
  }
  std::vector<double> out(j.get_binary().size() / sizeof(double));
  if (!out.empty()) std::memcpy(out.data(), j.get_binary().data(), j.get_binary().size());
  return out;
}

Eigen::VectorXd vector_of(const std::vector<double>& v) {
  return Eigen::Map<const Eigen::VectorXd>(v.data(), static_cast<Eigen::Index>(v.size()));
}

Json problem_json(const bopp::Problem& p) {
  Json kinds = Json::array();
  for (const auto kind : p.kinds) kinds.push_back(static_cast<int>(kind));
  Json j{
      {"lower", bytes_of(p.lower.data(), static_cast<std::size_t>(p.lower.size()))},
      {"upper", bytes_of(p.upper.data(), static_cast<std::size_t>(p.upper.size()))},
      {"kinds", kinds},
      {"sense", static_cast<int>(p.sense)},
      {"candidate_rows", p.candidates.rows()},
      {"candidates", bytes_of(p.candidates.data(), static_cast<std::size_t>(p.candidates.size()))}};
  if (p.optimum_value) j["optimum_value"] = bytes_of(&*p.optimum_value, 1);
  return j;
}

bopp::Problem problem_from(const Json& j, const std::string& source) {
  const auto field = [&](const char* key) -> const Json& {
    if (!j.contains(key)) throw Error(source + ": not a saved optimizer (no problem " + key + ")");
    return j.at(key);
  };
  bopp::Problem p;
  p.lower = vector_of(doubles_of(field("lower"), source, "lower"));
  p.upper = vector_of(doubles_of(field("upper"), source, "upper"));
  for (const auto& kind : field("kinds")) {
    p.kinds.push_back(static_cast<bopp::DimensionKind>(kind.get<int>()));
  }
  p.sense = static_cast<bopp::Sense>(field("sense").get<int>());
  const auto rows = field("candidate_rows").get<Eigen::Index>();
  const std::vector<double> candidates = doubles_of(field("candidates"), source, "candidates");
  if (rows > 0) {
    if (candidates.size() != static_cast<std::size_t>(rows * p.lower.size())) {
      throw Error(source + ": not a saved optimizer (candidates of the wrong size)");
    }
    p.candidates = bopp::ConstPointsMap(candidates.data(), rows, p.lower.size());
  }
  if (j.contains("optimum_value")) {
    p.optimum_value = doubles_of(j.at("optimum_value"), source, "optimum_value").at(0);
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
  return Json::to_cbor(j);
}

std::unique_ptr<Optimizer> Optimizer::load(const PluginRegistry& registry,
                                           std::span<const std::uint8_t> bytes,
                                           const std::string& source, LogSink log) {
  const Json j = Json::from_cbor(bytes.begin(), bytes.end(), /*strict=*/true,
                                 /*allow_exceptions=*/false);
  if (j.is_discarded() || !j.is_object() || j.value("format", "") != kFormat) {
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
  return optimizer;
}

}  // namespace bopp::host
