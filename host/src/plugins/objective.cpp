#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/seconds.hpp>
#include <bopp/host/plugins/error_buffer.hpp>
#include <bopp/host/plugins/guarded_buffer.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/struct_size_check.hpp>

#include <algorithm>
#include <chrono>
#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

namespace bopp::host {
namespace {

// Guard elements past each buffer under inspection (bopp check): a write a few elements past
// the end is caught too.
constexpr std::size_t kInspectedGuards = 8;

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

// "y", "y and status", "y, status and error".
std::string listed(const std::vector<const char*>& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size(); ++i) {
    text += i == 0 ? "" : i + 1 == names.size() ? " and " : ", ";
    text += names[i];
  }
  return text;
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
      who_("objective '" + name_ + "' (" + entry.library->path().filename().string() + ")"),
      config_(entry.params(), config_toml),
      host_(config_.attach(*services.get())) {
  ErrorBuffer error;
  const std::string& who = who_;
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
  const auto values = static_cast<std::size_t>(X.size());
  const std::size_t guards = inspect_ ? kInspectedGuards : 1;
  constexpr double kNaN = std::numeric_limits<double>::quiet_NaN();
  // Inspected, y and status start as the guard value (so an unwritten status shows), and the
  // inputs are copies followed by guards (poison for a plugin that reads past them).
  GuardedBuffer<double> y(n, inspect_ ? guard_value<double>() : kNaN, guards);
  GuardedBuffer<std::int32_t> status(
      n, inspect_ ? guard_value<std::int32_t>() : std::int32_t{BOPP_EVAL_FAILED}, guards);
  std::optional<GuardedBuffer<double>> x_copy;
  std::optional<GuardedBuffer<std::uint64_t>> seed_copy;
  if (inspect_) {
    x_copy.emplace(values, 0.0, guards);
    std::copy_n(X.data(), values, x_copy->data());
    seed_copy.emplace(n, 0, guards);
    std::copy_n(seeds.data(), n, seed_copy->data());
  }
  ErrorBuffer error;
  const auto start = std::chrono::steady_clock::now();
  const bopp_status call =
      entry_.table->evaluate(instance_, inspect_ ? x_copy->data() : X.data(), n,
                             inspect_ ? seed_copy->data() : seeds.data(), y.data(), status.data(),
                             error.data(), error.capacity());
  const double seconds = seconds_since(start);

  // The buffers it wrote where it must not: the whole call failed, and no value of it is used.
  std::vector<const char*> past_end;
  std::vector<const char*> inputs;
  if (y.overrun()) past_end.push_back("y");
  if (status.overrun()) past_end.push_back("status");
  if (error.overrun()) past_end.push_back("error");
  if (inspect_) {
    if (x_copy->overrun()) past_end.push_back("the input X");
    if (seed_copy->overrun()) past_end.push_back("the input seeds");
    if (std::memcmp(x_copy->data(), X.data(), values * sizeof(double)) != 0) inputs.push_back("X");
    if (std::memcmp(seed_copy->data(), seeds.data(), n * sizeof(std::uint64_t)) != 0)
      inputs.push_back("seeds");
  }
  std::string broken;
  if (!past_end.empty()) {
    broken = "wrote past the end of " + listed(past_end) + ", evaluating " + std::to_string(n) +
             (n == 1 ? " point" : " points") + " (the guard element after the buffer changed)";
  }
  if (!inputs.empty()) {
    broken +=
        (broken.empty() ? "" : "; ") + ("wrote into its input " + listed(inputs) + ", evaluating " +
                                        std::to_string(n) + (n == 1 ? " point" : " points"));
  }

  for (std::size_t i = 0; i < n; ++i) {
    Evaluation& e = out[i];
    e.seconds = seconds / static_cast<double>(n);
    e.ok = false;
    e.misbehaving = false;
    e.y = kNaN;
    if (!broken.empty()) {
      e.misbehaving = true;
      e.message = "plugin misbehaving: " + who_ + " " + broken;
    } else if (call != BOPP_OK) {
      e.message = error.message("evaluate failed");
    } else if (inspect_ && status[i] == guard_value<std::int32_t>()) {
      e.misbehaving = true;
      e.message = "plugin misbehaving: " + who_ + " returned BOPP_OK but left status[" +
                  std::to_string(i) + "] unwritten";
    } else if (status[i] != BOPP_OK) {
      e.message = error.message("the objective reported a failed evaluation");
    } else if (!std::isfinite(y[i])) {
      e.misbehaving = true;
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
