#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/plugins/error_buffer.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/struct_size_check.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <vector>

namespace bopp::host {
namespace {

// What makes a C problem unsafe to copy, or "" when nothing does: arrays it promises but
// does not point to. Read like Problem::from_c reads it, up to the writer's struct_size.
std::string missing_arrays(const bopp_problem& c) {
  if (const std::string size = struct_size_problem(c.struct_size, kMinProblemSize, "bopp_problem");
      !size.empty()) {
    return "returned a problem whose " + size;
  }
  bopp_problem in{};
  std::memcpy(&in, &c, std::min<std::size_t>(c.struct_size, sizeof in));
  const std::string dim = std::to_string(in.dim);
  if (in.dim > 0 && (in.lower == nullptr || in.upper == nullptr)) {
    return "returned a problem of dimension " + dim +
           " with NULL bounds (expected lower and upper arrays of " + dim + " doubles)";
  }
  if (in.candidate_count > 0 && in.candidates == nullptr) {
    return "returned a problem of " + std::to_string(in.candidate_count) +
           " candidates with a NULL candidates array";
  }
  return "";
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
    : entry_(entry),
      name_(entry.name()),
      config_(entry.params(), config_toml),
      host_(config_.attach(*services.get())) {
  ErrorBuffer error;
  const std::string who =
      "objective '" + name_ + "' (" + entry_.library->path().filename().string() + ")";
  const bopp_status status = entry_.table->create(config_toml.c_str(), seed, &host_, &instance_,
                                                  error.data(), error.capacity());
  if (status != BOPP_OK || instance_ == nullptr) {
    throw Error(who + " could not be created: " + error.message("no message"));
  }
  const bopp_problem* c = entry_.table->problem(instance_);
  const std::string trouble = c == nullptr ? "returned no problem" : missing_arrays(*c);
  if (!trouble.empty()) {
    entry_.table->destroy(instance_);
    throw PluginMisbehaving(who + " " + trouble);
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
  ErrorBuffer error;
  const auto start = std::chrono::steady_clock::now();
  const bopp_status call = entry_.table->evaluate(instance_, X.data(), n, seeds.data(), y.data(),
                                                  status.data(), error.data(), error.capacity());
  const double seconds = seconds_since(start);
  for (std::size_t i = 0; i < n; ++i) {
    Evaluation& e = out[i];
    e.seconds = seconds / static_cast<double>(n);
    e.ok = false;
    e.y = std::numeric_limits<double>::quiet_NaN();
    if (call != BOPP_OK) {
      e.message = error.message("evaluate failed");
    } else if (status[i] != BOPP_OK) {
      e.message = error.message("the objective reported a failed evaluation");
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
