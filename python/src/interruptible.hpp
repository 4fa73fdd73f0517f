// Work that Ctrl-C can interrupt: the main thread waits for it with the GIL free, takes Python's
// pending signals every few milliseconds, and raises KeyboardInterrupt while the work goes on.
#pragma once

#include <pybind11/pybind11.h>

#include <functional>
#include <memory>

namespace bopp::python {

// True on the interpreter's main thread, the only one Python's signal handlers run on.
bool on_main_thread();

// One worker thread (started on first use) running one job at a time. From the main thread a
// job runs on the worker while the caller waits interruptibly: a signal whose Python handler
// raises (SIGINT: KeyboardInterrupt) ends the wait with that exception, and the job completes
// on its own; the next call waits for it first. A job whose kind last took under 1 ms runs
// in place instead, as from any other thread (a hand-over to the worker costs about 10 µs, which
// a fast ask/tell loop would feel): a signal that came meanwhile is raised once it returns.
// The GIL is released while the job runs: a job never touches Python, and owns (shares) what
// it works on, since it may outlive its caller.
class Interruptible {
 public:
  Interruptible();
  Interruptible(const Interruptible&) = delete;
  Interruptible& operator=(const Interruptible&) = delete;
  // Ends the worker once its job is done, without waiting for it: an interrupted script exits
  // at once rather than after a long ask.
  ~Interruptible();

  // How long a call of one kind last took; negative before its first call.
  struct Timing {
    double last_seconds = -1.0;
  };

  // Runs `job` to its end, or throws pybind11::error_already_set (KeyboardInterrupt) when a
  // signal's handler raised first (or, for a job run in place, after it); the job's own
  // exception is rethrown. `timing` is its kind's, read and updated. Called with the GIL.
  void run(std::function<void()> job, Timing& timing);

 private:
  struct Shared;
  std::shared_ptr<Shared> shared_;  // also the worker's, which may outlive this object
};

}  // namespace bopp::python
