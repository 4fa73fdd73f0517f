#include <bopp/host/check/check_problems.hpp>
#include <bopp/host/check/objective_checks.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/run/loop/discrete_rounding.hpp>

#include <cstdio>
#include <cstring>
#include <memory>
#include <random>
#include <thread>
#include <vector>

namespace bopp::host {
namespace {

constexpr Eigen::Index kRandomPoints = 5;
constexpr unsigned kThreads = 4;

// A few points of the objective's domain: its candidates (up to 8), or the centre, both
// corners and a few uniform points, with discrete coordinates rounded as the host rounds them.
bopp::Points sample_points(const bopp::Problem& p) {
  if (p.has_candidates())
    return p.candidates.topRows(std::min<Eigen::Index>(8, p.candidates.rows()));
  bopp::Points X(3 + kRandomPoints, p.dim());
  X.row(0) = ((p.lower + p.upper) / 2).transpose();
  X.row(1) = p.lower.transpose();
  X.row(2) = p.upper.transpose();
  std::mt19937_64 rng(kCheckSeed);
  std::uniform_real_distribution<double> unit(0.0, 1.0);
  for (Eigen::Index r = 3; r < X.rows(); ++r) {
    for (Eigen::Index i = 0; i < p.dim(); ++i) {
      X(r, i) = p.lower[i] + unit(rng) * (p.upper[i] - p.lower[i]);
    }
  }
  round_discrete(p, X);
  return X;
}

// "(x = [0.5, 1])", for a failure message.
std::string point_text(const Eigen::Ref<const Eigen::RowVectorXd>& x) {
  std::string text = "(x = [";
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    char value[32];
    std::snprintf(value, sizeof value, "%s%.17g", i == 0 ? "" : ", ", x[i]);
    text += value;
  }
  return text + "])";
}

std::vector<std::uint64_t> point_seeds(Eigen::Index n) {
  std::vector<std::uint64_t> seeds(static_cast<std::size_t>(n));
  for (std::size_t i = 0; i < seeds.size(); ++i) seeds[i] = 1000 + i;
  return seeds;
}

// One evaluation per call, in order.
std::vector<Evaluation> evaluate_one_by_one(Objective& objective, const bopp::Points& X,
                                            std::span<const std::uint64_t> seeds) {
  std::vector<Evaluation> out;
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const Eigen::VectorXd x = X.row(r).transpose();
    out.push_back(objective.evaluate({x.data(), static_cast<std::size_t>(x.size())},
                                     seeds[static_cast<std::size_t>(r)]));
  }
  return out;
}

bool same_outcome(const Evaluation& a, const Evaluation& b) {
  return a.ok == b.ok && (!a.ok || std::memcmp(&a.y, &b.y, sizeof a.y) == 0);
}

std::string outcome_text(const Evaluation& e) {
  if (!e.ok) return "a failure (" + e.message + ")";
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", e.y);
  return text;
}

// "" when `a` and `b` agree point by point; otherwise the first point where they differ.
std::string first_difference(const std::vector<Evaluation>& a, const std::vector<Evaluation>& b,
                             const char* first, const char* second) {
  for (std::size_t i = 0; i < a.size() && i < b.size(); ++i) {
    if (!same_outcome(a[i], b[i])) {
      return "point " + std::to_string(i) + ": " + first + " gave " + outcome_text(a[i]) + ", " +
             second + " gave " + outcome_text(b[i]) + " (expected identical bits)";
    }
  }
  return "";
}

}  // namespace

void check_objective(const ObjectiveEntry& entry, const std::string& config,
                     const CheckSink& sink) {
  const std::string subject = entry.name();
  // Quiet: a checked plugin's log lines are not check results.
  const HostServices services(
      subject, [](std::int32_t, const std::string&, const std::string&) {}, nullptr, 1);

  // The wrapper checks the problem as it creates the instance: a malformed problem is the
  // "problem" check failing, any other refusal the "create" check.
  std::unique_ptr<Objective> objective;
  try {
    objective = std::make_unique<Objective>(entry, config, kCheckSeed, services);
  } catch (const PluginMisbehaving& e) {
    sink({subject, "create", true, ""});
    sink({subject, "problem", false, e.what()});
    return;
  } catch (const std::exception& e) {
    sink({subject, "create", false, e.what()});
    return;
  }
  sink({subject, "create", true, ""});
  objective->inspect_buffers();
  if (!run_check(subject, "problem", sink, [&] {
        check_problem(objective->problem(), "objective '" + subject + "'");
        return std::string();
      })) {
    return;
  }

  run_check(subject, "create-destroy", sink, [&] {
    for (int i = 0; i < kCreateDestroyTimes; ++i)
      Objective another(entry, config, kCheckSeed + i, services);
    return std::string();
  });

  const bopp::Points X = sample_points(objective->problem());
  const std::vector<std::uint64_t> seeds = point_seeds(X.rows());
  std::vector<Evaluation> serial;
  // Every failing point is named, and told apart: failed as declared (status
  // BOPP_EVAL_FAILED or an error return, with its message) or misbehaving (NaN or Inf with
  // status OK, a write past a buffer or into an input).
  const bool evaluates = run_check(subject, "evaluates", sink, [&] {
    serial = evaluate_one_by_one(*objective, X, seeds);
    std::string failures;
    std::size_t failed = 0;
    std::size_t misbehaved = 0;
    for (std::size_t i = 0; i < serial.size(); ++i) {
      const Evaluation& e = serial[i];
      if (e.ok) continue;
      ++failed;
      misbehaved += e.misbehaving ? 1 : 0;
      failures += (failures.empty() ? "" : "; ") + ("point " + std::to_string(i) + " ") +
                  point_text(X.row(static_cast<Eigen::Index>(i))) +
                  (e.misbehaving ? " misbehaved: " : " failed as declared: ") + e.message;
    }
    if (failed == 0) return std::string();
    return std::to_string(failed) + " of " + std::to_string(serial.size()) +
           " points of its domain failed (expected a finite value at each" +
           (misbehaved == 0 ? "; an objective that fails there by design can be configured "
                              "with --set key=value"
                            : "") +
           "): " + failures;
  });
  if (!evaluates && serial.size() != static_cast<std::size_t>(X.rows())) return;

  run_check(subject, "grouping", sink, [&] {
    std::vector<Evaluation> batch(static_cast<std::size_t>(X.rows()));
    objective->evaluate_batch(X, seeds, batch);
    return first_difference(serial, batch, "one call per point", "one call for all points");
  });

  run_check(subject, "seed-repeatable", sink, [&] {
    const std::vector<Evaluation> again = evaluate_one_by_one(*objective, X, seeds);
    return first_difference(serial, again, "the first evaluation", "the second with its seed");
  });

  if (!objective->problem().thread_safe) {
    sink({subject, "thread-safe", true, "skipped: its problem does not declare thread_safe"});
    return;
  }
  run_check(subject, "thread-safe", sink, [&] {
    std::vector<std::vector<Evaluation>> per_thread(kThreads);
    {
      std::vector<std::jthread> threads;
      for (unsigned t = 0; t < kThreads; ++t) {
        threads.emplace_back([&, t] { per_thread[t] = evaluate_one_by_one(*objective, X, seeds); });
      }
    }
    for (const auto& values : per_thread) {
      if (std::string d = first_difference(serial, values, "serial evaluation",
                                           "concurrent evaluation on one instance");
          !d.empty()) {
        return d;
      }
    }
    return std::string();
  });
}

}  // namespace bopp::host
