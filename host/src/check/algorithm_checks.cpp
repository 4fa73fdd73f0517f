#include <bopp/host/check/algorithm_checks.hpp>
#include <bopp/host/check/check_problems.hpp>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/algorithm.hpp>

#include <cstdio>
#include <cstring>
#include <limits>
#include <vector>

namespace bopp::host {
namespace {

// Rounds of ask(kRoundBatch) and tell in the checks that look past the start of a run: enough
// points (16) to get past the initial designs of the model-based algorithms (gpbo's is
// 2 (d + 1) = 12 points at d = 5), so their model-based asks are checked too.
constexpr int kRounds = 4;
constexpr std::size_t kRoundBatch = 4;

// Tells `alg` the check function at every point of X; with `fail_every_other`, the points
// 0, 2, 4, ... failed (status BOPP_EVAL_FAILED, y NaN), so that an algorithm asked for one
// point at a time still sees failures.
void tell_round(Algorithm& alg, const bopp::Problem& problem, const bopp::Points& X,
                bool fail_every_other = false) {
  std::vector<double> y(static_cast<std::size_t>(X.rows()));
  std::vector<std::int32_t> status(y.size(), BOPP_OK);
  for (std::size_t i = 0; i < y.size(); ++i) {
    y[i] = check_function(problem, X.row(static_cast<Eigen::Index>(i)));
    if (fail_every_other && i % 2 == 0) {
      status[i] = BOPP_EVAL_FAILED;
      y[i] = std::numeric_limits<double>::quiet_NaN();
    }
  }
  alg.tell(X, y, status);
}

std::string on(const CheckProblem& p) { return " (on the " + p.label + ")"; }

bool same_bits(const bopp::Points& a, const bopp::Points& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

std::string seventeen_digits(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// "" when a and b are equal bit for bit, else where they first differ, with both values.
std::string first_differing_coordinate(const bopp::Points& a, const bopp::Points& b) {
  if (a.rows() != b.rows()) {
    return std::to_string(a.rows()) + " points against the restored instance's " +
           std::to_string(b.rows());
  }
  for (Eigen::Index r = 0; r < a.rows(); ++r) {
    for (Eigen::Index c = 0; c < a.cols(); ++c) {
      if (std::memcmp(&a(r, c), &b(r, c), sizeof(double)) != 0) {
        return "row " + std::to_string(r) + ", column " + std::to_string(c) + ": " +
               seventeen_digits(a(r, c)) + " against the restored instance's " +
               seventeen_digits(b(r, c));
      }
    }
  }
  return "";
}

// Rounds of ask and tell before the state is saved (at the start, after one round, and two
// rounds before the end), and rounds compared after it: the last ask is the kRounds-th round's,
// as in the other checks, so the model-based asks are reached and no more training is paid.
constexpr int kStateRoundsAfter = 2;
constexpr int kStateRoundsBefore[] = {0, 1, kRounds - kStateRoundsAfter};

}  // namespace

void check_algorithm(const AlgorithmEntry& entry, const std::string& config,
                     const CheckSink& sink) {
  const std::string subject = entry.name();
  // Quiet: a checked plugin's log lines are not check results.
  const HostServices services(
      subject, [](std::int32_t, const std::string&, const std::string&) {}, nullptr, 1);
  std::vector<CheckProblem> problems = check_problems();
  // Every check below runs the wrapper's own checks (count, bounds) and adds its own; an Error
  // from the wrapper names the plugin and what it did, and becomes the failure message.
  const auto with_problem = [](const CheckProblem& p, const std::function<std::string()>& body) {
    try {
      return body();
    } catch (const std::exception& e) {
      throw std::runtime_error(e.what() + on(p));
    }
  };

  // An algorithm may refuse a shape of problem it does not handle (gibo needs a box, bbkb a
  // candidate set), when it says so at create; the checks then run on the shapes it accepts,
  // of which there must be one. A plugin that misbehaves at create has not refused: the
  // checks below report it.
  std::string refused;
  for (auto p = problems.begin(); p != problems.end();) {
    try {
      Algorithm alg(entry, p->problem, config, kCheckSeed, services);
      ++p;
    } catch (const PluginMisbehaving&) {
      ++p;
    } catch (const Error& e) {
      refused += (refused.empty() ? "" : "; ") + p->label + ": " + e.what();
      p = problems.erase(p);
    }
  }

  const bool created = run_check(subject, "create-destroy", sink, [&] {
    if (problems.empty()) {
      throw std::runtime_error(
          "refused every problem shape at create (expected at least one "
          "accepted): " +
          refused);
    }
    for (int i = 0; i < kCreateDestroyTimes; ++i) {
      Algorithm alg(entry, problems.front().problem, config, kCheckSeed + i, services);
    }
    return std::string();
  });
  if (!created) return;
  sink({subject, "problem-shapes", true,
        refused.empty() ? "" : "refused at create, so not exercised: " + refused});

  // The rounds of tell-failed-points, run once before either check reports: an ask outside
  // the bounds after tells of failed points is ask-in-bounds's failure, any other failure on
  // the way tell-failed-points's.
  std::string outside_after_failures;
  std::string failed_tells;
  for (const CheckProblem& p : problems) {
    try {
      Algorithm alg(entry, p.problem, config, kCheckSeed, services);
      for (int round = 0; round < kRounds; ++round) {
        tell_round(alg, p.problem, alg.ask(kRoundBatch), /*fail_every_other=*/true);
      }
      alg.ask(2);
    } catch (const OutOfBoundsAsk& e) {
      outside_after_failures = e.what() + std::string(" (after tells of failed points)") + on(p);
      break;
    } catch (const std::exception& e) {
      failed_tells = e.what() + on(p);
      break;
    }
  }

  run_check(subject, "ask-in-bounds", sink, [&] {
    for (const CheckProblem& p : problems) {
      for (const std::size_t batch : {1, 2, 7}) {
        with_problem(p, [&] {
          Algorithm alg(entry, p.problem, config, kCheckSeed, services);
          for (int round = 0; round < 2; ++round) tell_round(alg, p.problem, alg.ask(batch));
          return std::string();
        });
      }
    }
    return outside_after_failures;
  });

  sink({subject, "tell-failed-points", failed_tells.empty(),
        !failed_tells.empty()            ? failed_tells
        : outside_after_failures.empty() ? ""
                                         : "an ask after them was outside the bounds (see "
                                           "ask-in-bounds)"});

  run_check(subject, "recommend-in-bounds", sink, [&] {
    for (const CheckProblem& p : problems) {
      with_problem(p, [&] {
        Algorithm alg(entry, p.problem, config, kCheckSeed, services);
        for (int round = 0; round < kRounds; ++round) {
          tell_round(alg, p.problem, alg.ask(kRoundBatch));
        }
        alg.recommend();
        return std::string();
      });
    }
    return std::string();
  });

  run_check(subject, "reproducible", sink, [&] {
    for (const CheckProblem& p : problems) {
      const std::string difference = with_problem(p, [&] {
        Algorithm first(entry, p.problem, config, kCheckSeed, services);
        Algorithm second(entry, p.problem, config, kCheckSeed, services);
        for (int round = 0; round < kRounds; ++round) {
          const bopp::Points a = first.ask(kRoundBatch);
          const bopp::Points b = second.ask(kRoundBatch);
          if (!same_bits(a, b)) {
            return "two instances with seed " + std::to_string(kCheckSeed) +
                   " asked different points in round " + std::to_string(round + 1) +
                   " (expected bit-identical asks for one seed)";
          }
          tell_round(first, p.problem, a);
          tell_round(second, p.problem, b);
        }
        return std::string();
      });
      if (!difference.empty()) return difference + on(p);
    }
    return std::string();
  });

  // bopp/ext/state.h: saved after k rounds and restored into a fresh instance, the state must
  // make it ask what the original asks next, bit for bit.
  Algorithm probe(entry, problems.front().problem, config, kCheckSeed, services);
  if (!probe.offers_state()) {
    sink({subject, "state-round-trip", true,
          "not offered (bopp.state/1): a resume replays every ask"});
    return;
  }
  run_check(subject, "state-round-trip", sink, [&] {
    for (const CheckProblem& p : problems) {
      for (const int before : kStateRoundsBefore) {
        const std::string difference = with_problem(p, [&] {
          Algorithm original(entry, p.problem, config, kCheckSeed, services);
          for (int round = 0; round < before; ++round)
            tell_round(original, p.problem, original.ask(kRoundBatch));
          Algorithm restored(entry, p.problem, config, kCheckSeed, services);
          restored.restore_state(original.save_state());
          for (int round = 0; round < kStateRoundsAfter; ++round) {
            const bopp::Points a = original.ask(kRoundBatch);
            const bopp::Points b = restored.ask(kRoundBatch);
            const std::string where = first_differing_coordinate(a, b);
            if (!where.empty()) {
              return "saved after " + std::to_string(before) +
                     (before == 1 ? " round of " : " rounds of ") + std::to_string(kRoundBatch) +
                     " points and restored, ask " + std::to_string(round + 1) + " differs at " +
                     where + " (expected bit-identical asks)";
            }
            tell_round(original, p.problem, a);
            tell_round(restored, p.problem, b);
          }
          return std::string();
        });
        if (!difference.empty()) return difference + on(p);
      }
    }
    return std::string();
  });
}

}  // namespace bopp::host
