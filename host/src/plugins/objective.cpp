#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>

#include <chrono>
#include <cmath>
#include <vector>

namespace bopp::host {
namespace {
constexpr std::size_t kErrorCapacity = 1024;

std::string failure_message(const char* error, const char* fallback) {
  return error[0] != '\0' ? std::string(error) : std::string(fallback);
}
}  // namespace

void check_problem(const bopp::Problem& p, const std::string& who) {
  const auto d = p.dim();
  if (d < 1) throw PluginMisbehaving(who + " declares dimension 0");
  if (p.upper.size() != d) throw PluginMisbehaving(who + " declares bounds of different sizes");
  if (!p.kinds.empty() && static_cast<Eigen::Index>(p.kinds.size()) != d) {
    throw PluginMisbehaving(who + " declares " + std::to_string(p.kinds.size()) + " kinds for " +
                            std::to_string(d) + " dimensions");
  }
  for (Eigen::Index i = 0; i < d; ++i) {
    if (!std::isfinite(p.lower[i]) || !std::isfinite(p.upper[i]) || p.lower[i] > p.upper[i]) {
      throw PluginMisbehaving(who + " declares invalid bounds in dimension " + std::to_string(i));
    }
    const auto kind = static_cast<std::int32_t>(p.kind(i));
    if (kind < BOPP_DIM_CONTINUOUS || kind > BOPP_DIM_CATEGORICAL) {
      throw PluginMisbehaving(who + " declares an unknown kind in dimension " + std::to_string(i));
    }
  }
  if (p.sense != bopp::Sense::minimize && p.sense != bopp::Sense::maximize) {
    throw PluginMisbehaving(who + " declares an unknown sense");
  }
  for (Eigen::Index r = 0; r < p.candidates.rows(); ++r) {
    for (Eigen::Index i = 0; i < d; ++i) {
      const double v = p.candidates(r, i);
      if (!(v >= p.lower[i] && v <= p.upper[i])) {
        throw PluginMisbehaving(who + " declares candidate " + std::to_string(r) +
                                " outside its bounds");
      }
    }
  }
}

Objective::Objective(const ObjectiveEntry& entry, const std::string& config_toml,
                     std::uint64_t seed, const HostServices& services)
    : entry_(entry), name_(entry.name()) {
  char error[kErrorCapacity] = "";
  const bopp_status status = entry_.table->create(config_toml.c_str(), seed, services.get(),
                                                  &instance_, error, sizeof error);
  if (status != BOPP_OK || instance_ == nullptr) {
    throw Error("objective '" + name_ + "' (" + entry_.library->path().filename().string() +
                ") could not be created: " + failure_message(error, "no message"));
  }
  const bopp_problem* c = entry_.table->problem(instance_);
  if (c == nullptr) {
    entry_.table->destroy(instance_);
    throw PluginMisbehaving("objective '" + name_ + "' returned no problem");
  }
  problem_ = bopp::Problem::from_c(*c);
  try {
    check_problem(problem_, "objective '" + name_ + "'");
  } catch (...) {
    entry_.table->destroy(instance_);
    throw;
  }
}

Objective::~Objective() {
  if (instance_ != nullptr) entry_.table->destroy(instance_);
}

Evaluation Objective::evaluate(std::span<const double> x, std::uint64_t seed) {
  const bopp::Points point = bopp::ConstPointsMap(x.data(), 1, static_cast<Eigen::Index>(x.size()));
  Evaluation e;
  evaluate_batch(point, std::span<const std::uint64_t>(&seed, 1), std::span<Evaluation>(&e, 1));
  return e;
}

void Objective::evaluate_batch(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                               std::span<Evaluation> out) {
  const auto n = static_cast<std::size_t>(X.rows());
  std::vector<double> y(n, std::numeric_limits<double>::quiet_NaN());
  std::vector<std::int32_t> status(n, BOPP_EVAL_FAILED);
  char error[kErrorCapacity] = "";
  const auto start = std::chrono::steady_clock::now();
  const bopp_status call = entry_.table->evaluate(instance_, X.data(), n, seeds.data(), y.data(),
                                                  status.data(), error, sizeof error);
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  for (std::size_t i = 0; i < n; ++i) {
    Evaluation& e = out[i];
    e.seconds = seconds / static_cast<double>(n);
    e.ok = false;
    e.y = std::numeric_limits<double>::quiet_NaN();
    if (call != BOPP_OK) {
      e.message = failure_message(error, "evaluate failed");
    } else if (status[i] != BOPP_OK) {
      e.message = failure_message(error, "the objective reported a failed evaluation");
    } else if (!std::isfinite(y[i])) {
      e.message = std::isnan(y[i]) ? "the objective returned NaN"
                                   : "the objective returned an infinite value";
    } else {
      e.ok = true;
      e.y = y[i];
      e.message.clear();
    }
  }
}

}  // namespace bopp::host
