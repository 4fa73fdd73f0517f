#include <bopp/bo/lockstep_box_minimizer.hpp>

#include "nlopt_box_search.hpp"

#include <nlopt.h>

#include <cstddef>
#include <exception>
#include <limits>
#include <memory>
#include <semaphore>
#include <stdexcept>
#include <thread>
#include <vector>

namespace bopp::bo {

namespace {

// What the runs and the thread that evaluates their points share. One thread runs at a time,
// taking turns in a fixed order: in a round each run still going takes its turn, in the order of
// the starts, until it asks for its next point (or ends) and passes the turn on; the last one
// passes it to the evaluator, which answers them all and starts the next round. So the search
// uses one core, as the caller's thread would, and a semaphore's release and acquire order every
// read after the write it needs.
struct Rounds {
  std::vector<std::unique_ptr<std::binary_semaphore>> go;  // run i may take its turn
  std::binary_semaphore evaluator{0};                      // the round's last turn has passed
  std::vector<Eigen::Index> turns;                         // this round's runs, in order
  std::size_t next = 0;                                    // the turn being taken
  std::vector<char> asking;  // run i waits for the value at points.row(i)
  Eigen::MatrixXd points, gradients;
  Eigen::VectorXd values;
  bool stop = false;  // f threw: every run ends at its next call

  // Starts a round of `runs` (not empty) with the first one's turn.
  void start(std::vector<Eigen::Index> runs) {
    turns = std::move(runs);
    next = 0;
    go[static_cast<std::size_t>(turns.front())]->release();
  }
  // Ends the current turn: the next run of the round takes its own, or the evaluator.
  void pass() {
    if (++next < turns.size())
      go[static_cast<std::size_t>(turns[next])]->release();
    else
      evaluator.release();
  }
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
    if (!r.stop) {
      r.points.row(self.index) = Eigen::Map<const Eigen::RowVectorXd>(x, n);
      r.asking[static_cast<std::size_t>(self.index)] = 1;
      r.pass();
      r.go[static_cast<std::size_t>(self.index)]->acquire();
    }
    if (r.stop) {  // the rest of the run is this one turn
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
  for (Eigen::Index s = 0; s < k; ++s)
    rounds.go.push_back(std::make_unique<std::binary_semaphore>(0));

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
    const auto in_order = [](Eigen::Index count) {
      std::vector<Eigen::Index> all(static_cast<std::size_t>(count));
      for (Eigen::Index s = 0; s < count; ++s) all[static_cast<std::size_t>(s)] = s;
      return all;
    };
    try {
      for (Eigen::Index s = 0; s < k; ++s) {
        threads.emplace_back([&rounds, &clamped, opt = opts[static_cast<std::size_t>(s)].get(), s] {
          rounds.go[static_cast<std::size_t>(s)]->acquire();  // its first turn
          std::vector<double> x(static_cast<std::size_t>(clamped.cols()));
          Eigen::Map<Eigen::RowVectorXd>(x.data(), clamped.cols()) = clamped.row(s);
          double value = 0;
          nlopt_optimize(opt, x.data(), &value);  // failures leave the best point seen
          rounds.pass();
        });
      }
    } catch (...) {  // no thread for a run: the others end in one turn each, then it is said
      rounds.stop = true;
      if (!threads.empty()) {
        rounds.start(in_order(static_cast<Eigen::Index>(threads.size())));
        rounds.evaluator.acquire();
      }
      throw;
    }
    Eigen::MatrixXd X;
    Eigen::VectorXd values;
    Eigen::MatrixXd gradients;
    std::vector<Eigen::Index> rows;
    rounds.start(in_order(k));
    for (;;) {
      rounds.evaluator.acquire();
      rows.clear();
      for (Eigen::Index s = 0; s < k; ++s)
        if (rounds.asking[static_cast<std::size_t>(s)] != 0) rows.push_back(s);
      if (rows.empty()) break;
      const auto m = static_cast<Eigen::Index>(rows.size());
      evaluated += rows.size();
      X.resize(m, d);
      for (Eigen::Index i = 0; i < m; ++i)
        X.row(i) = rounds.points.row(rows[static_cast<std::size_t>(i)]);
      try {
        f(X, values, gradients);
        if (values.size() != m || gradients.rows() != m || gradients.cols() != d)
          throw std::logic_error("minimize_in_box_lockstep: f gave results of the wrong size");
      } catch (...) {
        error = std::current_exception();
      }
      for (Eigen::Index i = 0; i < m; ++i) {
        const Eigen::Index s = rows[static_cast<std::size_t>(i)];
        rounds.asking[static_cast<std::size_t>(s)] = 0;
        if (!error) {
          rounds.values[s] = values[i];
          rounds.gradients.row(s) = gradients.row(i);
        }
      }
      rounds.stop = error != nullptr;
      rounds.start(rows);
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
