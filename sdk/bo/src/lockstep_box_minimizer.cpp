#include <bopp/bo/lockstep_box_minimizer.hpp>

#include "nlopt_box_search.hpp"

#include <nlopt.h>

#include <condition_variable>
#include <cstddef>
#include <exception>
#include <limits>
#include <mutex>
#include <stdexcept>
#include <thread>
#include <vector>

namespace bopp::bo {

namespace {

// What the runs and the thread that evaluates their points share. Every field is read and
// written under `mutex`, except the points, values and gradients while all runs wait.
struct Rounds {
  std::mutex mutex;
  std::condition_variable runs_wake, evaluator_wakes;
  std::size_t round = 0;
  Eigen::Index reporting = 0;  // runs that have neither asked for a point nor ended this round
  std::vector<char> asking;    // run i waits for the value at points.row(i)
  Eigen::MatrixXd points, gradients;
  Eigen::VectorXd values;
  bool stop = false;  // f threw: every run ends at its next call
};

// One L-BFGS run on its thread (NLopt's LD_LBFGS keeps its state in its own call, so runs on
// several threads share nothing), remembering the best point it was shown: NLopt reports only
// its final iterate, which a failed line search can leave worse.
struct LockstepRun {
  Rounds* rounds = nullptr;
  Eigen::Index index = 0;
  nlopt_opt opt = nullptr;
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_x;

  static double call(unsigned n, const double* x, double* grad, void* data) {
    auto& self = *static_cast<LockstepRun*>(data);
    Rounds& r = *self.rounds;
    std::unique_lock lock(r.mutex);
    if (!r.stop) {
      r.points.row(self.index) = Eigen::Map<const Eigen::RowVectorXd>(x, n);
      r.asking[static_cast<std::size_t>(self.index)] = 1;
      const std::size_t asked_in = r.round;
      if (--r.reporting == 0) r.evaluator_wakes.notify_one();
      r.runs_wake.wait(lock, [&] { return r.round != asked_in || r.stop; });
    }
    if (r.stop) {
      nlopt_force_stop(self.opt);
      return std::numeric_limits<double>::quiet_NaN();
    }
    const double v = r.values[self.index];
    if (grad != nullptr) Eigen::Map<Eigen::RowVectorXd>(grad, n) = r.gradients.row(self.index);
    if (v < self.best) {
      self.best = v;
      self.best_x = Eigen::Map<const Eigen::VectorXd>(x, n);
    }
    return v;
  }
};

}  // namespace

BoxMinimum minimize_in_box_lockstep(const BatchSmoothFunction& f, const Eigen::VectorXd& lower,
                                    const Eigen::VectorXd& upper, const Eigen::MatrixXd& starts,
                                    const BoxMinimizerOptions& options) {
  detail::check_box_search("minimize_in_box_lockstep", lower, upper, starts);
  const Eigen::Index d = lower.size();
  const Eigen::Index k = starts.rows();
  Rounds rounds;
  rounds.asking.assign(static_cast<std::size_t>(k), 0);
  rounds.points.resize(k, d);
  rounds.values.resize(k);
  rounds.gradients.resize(k, d);
  rounds.reporting = k;

  std::vector<detail::NloptRun> opts;
  std::vector<LockstepRun> runs(static_cast<std::size_t>(k));
  Eigen::MatrixXd clamped(k, d);
  for (Eigen::Index s = 0; s < k; ++s) {
    clamped.row(s) = starts.row(s).cwiseMax(lower.transpose()).cwiseMin(upper.transpose());
    opts.push_back(detail::lbfgs_in_box(lower, upper, options));
    nlopt_opt opt = opts.back().get();
    runs[static_cast<std::size_t>(s)] = {
        &rounds, s, opt, std::numeric_limits<double>::infinity(), {}};
    nlopt_set_min_objective(opt, &LockstepRun::call, &runs[static_cast<std::size_t>(s)]);
  }

  std::exception_ptr error;
  std::size_t evaluated = 0;
  {
    std::vector<std::jthread> threads;
    threads.reserve(static_cast<std::size_t>(k));
    try {
      for (Eigen::Index s = 0; s < k; ++s) {
        threads.emplace_back([&rounds, &clamped, opt = opts[static_cast<std::size_t>(s)].get(), s] {
          std::vector<double> x(static_cast<std::size_t>(clamped.cols()));
          Eigen::Map<Eigen::RowVectorXd>(x.data(), clamped.cols()) = clamped.row(s);
          double value = 0;
          nlopt_optimize(opt, x.data(), &value);  // failures leave the best point seen
          const std::lock_guard lock(rounds.mutex);
          if (--rounds.reporting == 0) rounds.evaluator_wakes.notify_one();
        });
      }
    } catch (...) {  // no thread for a run: end the others, and wait for them
      const std::lock_guard lock(rounds.mutex);
      rounds.stop = true;
      rounds.runs_wake.notify_all();
      throw;
    }
    Eigen::MatrixXd X;
    Eigen::VectorXd values;
    Eigen::MatrixXd gradients;
    std::vector<Eigen::Index> rows;
    std::unique_lock lock(rounds.mutex);
    for (;;) {
      rounds.evaluator_wakes.wait(lock, [&] { return rounds.reporting == 0; });
      rows.clear();
      for (Eigen::Index s = 0; s < k; ++s)
        if (rounds.asking[static_cast<std::size_t>(s)] != 0) rows.push_back(s);
      if (rows.empty()) break;
      const auto m = static_cast<Eigen::Index>(rows.size());
      evaluated += rows.size();
      X.resize(m, d);
      for (Eigen::Index i = 0; i < m; ++i)
        X.row(i) = rounds.points.row(rows[static_cast<std::size_t>(i)]);
      lock.unlock();  // every run waits for this round's answer
      try {
        f(X, values, gradients);
        if (values.size() != m || gradients.rows() != m || gradients.cols() != d)
          throw std::logic_error("minimize_in_box_lockstep: f gave results of the wrong size");
      } catch (...) {
        error = std::current_exception();
      }
      lock.lock();
      for (Eigen::Index i = 0; i < m; ++i) {
        const Eigen::Index s = rows[static_cast<std::size_t>(i)];
        rounds.asking[static_cast<std::size_t>(s)] = 0;
        if (!error) {
          rounds.values[s] = values[i];
          rounds.gradients.row(s) = gradients.row(i);
        }
      }
      rounds.stop = error != nullptr;
      rounds.reporting = m;
      ++rounds.round;
      rounds.runs_wake.notify_all();
    }
  }  // the threads have ended
  if (error) std::rethrow_exception(error);

  // A run NLopt gave up on before its first call keeps its start.
  std::vector<Eigen::Index> unseen;
  for (Eigen::Index s = 0; s < k; ++s)
    if (runs[static_cast<std::size_t>(s)].best_x.size() == 0) unseen.push_back(s);
  if (!unseen.empty()) {
    Eigen::MatrixXd X(static_cast<Eigen::Index>(unseen.size()), d);
    for (std::size_t i = 0; i < unseen.size(); ++i)
      X.row(static_cast<Eigen::Index>(i)) = clamped.row(unseen[i]);
    Eigen::VectorXd values;
    Eigen::MatrixXd gradients;
    f(X, values, gradients);
    evaluated += unseen.size();
    for (std::size_t i = 0; i < unseen.size(); ++i) {
      LockstepRun& run = runs[static_cast<std::size_t>(unseen[i])];
      run.best_x = clamped.row(unseen[i]).transpose();
      run.best = values[static_cast<Eigen::Index>(i)];
    }
  }

  BoxMinimum best;
  best.value = std::numeric_limits<double>::infinity();
  best.evaluations = evaluated;
  for (const LockstepRun& run : runs) {
    if (run.best < best.value || best.x.size() == 0) {
      best.value = run.best;
      best.x = run.best_x.cwiseMax(lower).cwiseMin(upper);
    }
  }
  return best;
}

}  // namespace bopp::bo
