#include <bopp/bo/lockstep_box_minimizer.hpp>

#include "nlopt_box_search.hpp"

#include <nlopt.h>
#include <sys/mman.h>
#include <ucontext.h>
#include <unistd.h>

#include <cerrno>
#include <cstddef>
#include <cstdint>
#include <limits>
#include <stdexcept>
#include <system_error>
#include <vector>

#if defined(__SANITIZE_ADDRESS__)
#include <sanitizer/common_interface_defs.h>
#endif

namespace bopp::bo {

namespace {

// A run's own stack, with an unmapped guard page below it: an overflow faults rather than
// writing over another run's stack. Pages are committed as the run touches them.
class RunStack {
 public:
  static constexpr std::size_t kBytes = std::size_t{1} << 20;

  RunStack() : guard_(static_cast<std::size_t>(sysconf(_SC_PAGESIZE))) {
    void* p = mmap(nullptr, guard_ + kBytes, PROT_READ | PROT_WRITE,
                   MAP_PRIVATE | MAP_ANONYMOUS | MAP_NORESERVE | MAP_STACK, -1, 0);
    if (p == MAP_FAILED)
      throw std::system_error(errno, std::generic_category(),
                              "minimize_in_box_lockstep: no memory for a run's stack");
    base_ = static_cast<char*>(p);
    mprotect(base_, guard_, PROT_NONE);
  }
  RunStack(const RunStack&) = delete;
  RunStack& operator=(const RunStack&) = delete;
  ~RunStack() { munmap(base_, guard_ + kBytes); }

  void* bottom() const { return base_ + guard_; }

 private:
  std::size_t guard_;
  char* base_ = nullptr;
};

// Moves from one context to another; `last`: the one left is never resumed. Under
// AddressSanitizer the switch is announced, so that it follows the stacks rather than taking
// the jump for an overflow.
void switch_context(ucontext_t& from, const ucontext_t& to, const void* to_bottom,
                    std::size_t to_bytes, bool last) {
#if defined(__SANITIZE_ADDRESS__)
  void* fake_stack = nullptr;
  __sanitizer_start_switch_fiber(last ? nullptr : &fake_stack, to_bottom, to_bytes);
  swapcontext(&from, &to);
  __sanitizer_finish_switch_fiber(fake_stack, nullptr, nullptr);
#else
  (void)to_bottom;
  (void)to_bytes;
  (void)last;
  swapcontext(&from, &to);
#endif
}

// A new context's first step: under AddressSanitizer, ends the switch that started it and learns
// the caller's stack, which the switches back need.
void started_context([[maybe_unused]] const void** caller_bottom,
                     [[maybe_unused]] std::size_t* caller_bytes) {
#if defined(__SANITIZE_ADDRESS__)
  __sanitizer_finish_switch_fiber(nullptr, caller_bottom, caller_bytes);
#endif
}

// What the runs and the caller share. Every run has a context of its own (a stack, with NLopt's
// call in progress on it), and the caller's context resumes them one after another, in the
// order of the starts; each comes back when it asks for its next point or ends. So the whole
// search runs on the caller's thread, one core, and a turn is a user-space context switch: no
// thread to create, and none for the scheduler to wake.
struct Rounds {
  ucontext_t caller{};
  const void* caller_bottom = nullptr;  // the caller's stack, for the sanitizer
  std::size_t caller_bytes = 0;
  std::vector<char> asking;  // run i waits for the value at points.row(i)
  Eigen::MatrixXd points, gradients;
  Eigen::VectorXd values;
  bool stop = false;  // f threw: every run ends at its next call
};

// One L-BFGS run in its context (NLopt's LD_LBFGS keeps its state in its own call, so runs share
// nothing), remembering the best point it was shown: NLopt reports only its final iterate, which
// a failed line search can leave worse.
struct LockstepRun {
  Rounds* rounds = nullptr;
  Eigen::Index index = 0;
  nlopt_opt opt = nullptr;
  std::vector<double> start;
  double best = std::numeric_limits<double>::infinity();
  Eigen::VectorXd best_x;
  ucontext_t context{};
  const RunStack* stack = nullptr;
  bool finished = false;

  // Runs the context until the run asks for its next point or ends.
  void resume() {
    switch_context(rounds->caller, context, stack->bottom(), RunStack::kBytes, false);
  }
  // Gives the turn back to the caller until the run is resumed (`last`: for good).
  void yield(bool last) {
    switch_context(context, rounds->caller, rounds->caller_bottom, rounds->caller_bytes, last);
  }

  static double call(unsigned n, const double* x, double* grad, void* data) {
    auto& self = *static_cast<LockstepRun*>(data);
    Rounds& r = *self.rounds;
    if (!r.stop) {
      r.points.row(self.index) = Eigen::Map<const Eigen::RowVectorXd>(x, n);
      r.asking[static_cast<std::size_t>(self.index)] = 1;
      self.yield(false);
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

  // Makes the context that runs entry() on the run's stack. Its own function, never inlined:
  // getcontext may return twice, so it must not share a frame with the caller's loop.
  [[gnu::noinline]] void prepare() {
    getcontext(&context);
    context.uc_stack.ss_sp = stack->bottom();
    context.uc_stack.ss_size = RunStack::kBytes;
    context.uc_link = nullptr;  // a run ends by yielding for good, never by returning
    const auto address = reinterpret_cast<std::uintptr_t>(this);
    makecontext(&context, reinterpret_cast<void (*)()>(&LockstepRun::entry), 2,
                static_cast<unsigned>(address >> 32), static_cast<unsigned>(address));
  }

  // The context's entry. makecontext passes ints, so the run's address comes in two halves.
  static void entry(unsigned high, unsigned low) {
    auto* self = reinterpret_cast<LockstepRun*>((static_cast<std::uintptr_t>(high) << 32) |
                                                static_cast<std::uintptr_t>(low));
    started_context(&self->rounds->caller_bottom, &self->rounds->caller_bytes);
    double value = 0;
    nlopt_optimize(self->opt, self->start.data(), &value);  // failures leave the best point seen
    self->finished = true;
    self->yield(true);
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

  std::vector<detail::NloptRun> opts;
  const std::vector<RunStack> stacks(static_cast<std::size_t>(k));
  std::vector<LockstepRun> runs(static_cast<std::size_t>(k));
  Eigen::MatrixXd clamped(k, d);
  for (Eigen::Index s = 0; s < k; ++s) {
    const auto i = static_cast<std::size_t>(s);
    clamped.row(s) = starts.row(s).cwiseMax(lower.transpose()).cwiseMin(upper.transpose());
    opts.push_back(detail::lbfgs_in_box(lower, upper, options));
    LockstepRun& run = runs[i];
    run.rounds = &rounds;
    run.index = s;
    run.opt = opts.back().get();
    run.start.resize(static_cast<std::size_t>(d));
    Eigen::Map<Eigen::RowVectorXd>(run.start.data(), d) = clamped.row(s);
    run.stack = &stacks[i];
    nlopt_set_min_objective(run.opt, &LockstepRun::call, &run);
    run.prepare();
  }

  std::size_t evaluated = 0;
  Eigen::MatrixXd X;
  Eigen::VectorXd values;
  Eigen::MatrixXd gradients;
  std::vector<Eigen::Index> rows;
  for (LockstepRun& run : runs) run.resume();  // each to its first point
  for (;;) {
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
      // Every run to its end before the error leaves: a run stopped inside NLopt's call would
      // leave that call's memory behind.
      rounds.stop = true;
      for (LockstepRun& run : runs)
        if (!run.finished) run.resume();
      throw;
    }
    for (Eigen::Index i = 0; i < m; ++i) {
      const Eigen::Index s = rows[static_cast<std::size_t>(i)];
      rounds.asking[static_cast<std::size_t>(s)] = 0;
      rounds.values[s] = values[i];
      rounds.gradients.row(s) = gradients.row(i);
    }
    for (const Eigen::Index s : rows) runs[static_cast<std::size_t>(s)].resume();
  }

  // A run NLopt gave up on before its first call keeps its start.
  std::vector<Eigen::Index> unseen;
  for (Eigen::Index s = 0; s < k; ++s)
    if (runs[static_cast<std::size_t>(s)].best_x.size() == 0) unseen.push_back(s);
  if (!unseen.empty()) {
    Eigen::MatrixXd U(static_cast<Eigen::Index>(unseen.size()), d);
    for (std::size_t i = 0; i < unseen.size(); ++i)
      U.row(static_cast<Eigen::Index>(i)) = clamped.row(unseen[i]);
    f(U, values, gradients);
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
