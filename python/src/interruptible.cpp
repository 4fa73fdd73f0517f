#include "interruptible.hpp"

#include <chrono>
#include <condition_variable>
#include <exception>
#include <mutex>
#include <thread>
#include <utility>

namespace bopp::python {
namespace {

namespace py = pybind11;

// How long the main thread waits with the GIL free before it takes pending signals: short
// enough that Ctrl-C feels immediate, long enough to cost nothing.
constexpr std::chrono::milliseconds kSignalPoll{20};
// A kind of call that last took less runs in place (interrupted only after it returns).
constexpr double kQuickSeconds = 1e-3;

}  // namespace

struct Interruptible::Shared {
  std::mutex mutex;
  std::condition_variable changed;
  std::function<void()> job;  // set: a job waiting for the worker
  bool busy = false;          // the worker runs a job
  bool quit = false;
  bool started = false;
  std::uint64_t submitted = 0, finished = 0;
  std::exception_ptr error;  // the last finished job's, for the caller that waits for it

  bool idle() const { return !busy && !job; }

  static void work(const std::shared_ptr<Shared>& self) {
    std::unique_lock lock(self->mutex);
    for (;;) {
      self->changed.wait(lock, [&] { return self->quit || self->job; });
      if (!self->job) return;
      std::function<void()> job = std::exchange(self->job, nullptr);
      self->busy = true;
      lock.unlock();
      std::exception_ptr error;
      try {
        job();
      } catch (...) {
        error = std::current_exception();
      }
      job = nullptr;  // what it shares is released here, off the caller's thread
      lock.lock();
      self->busy = false;
      self->error = error;
      ++self->finished;
      self->changed.notify_all();
    }
  }

  // Waits until `done` holds, taking pending signals meanwhile.
  template <class Done>
  void wait_until(Done&& done) {
    for (;;) {
      {
        const py::gil_scoped_release release;
        std::unique_lock lock(mutex);
        if (changed.wait_for(lock, kSignalPoll, done)) return;
      }
      if (PyErr_CheckSignals() != 0) throw py::error_already_set();
    }
  }
};

bool on_main_thread() {
  static const unsigned long main_ident =
      py::module_::import("threading").attr("main_thread")().attr("ident").cast<unsigned long>();
  return PyThread_get_thread_ident() == main_ident;
}

Interruptible::Interruptible() : shared_(std::make_shared<Shared>()) {}

Interruptible::~Interruptible() {
  const std::lock_guard lock(shared_->mutex);
  shared_->quit = true;
  shared_->changed.notify_all();
}

void Interruptible::run(std::function<void()> job, Timing& timing) {
  Shared& s = *shared_;
  const bool main = on_main_thread();
  if (!main || (timing.last_seconds >= 0.0 && timing.last_seconds < kQuickSeconds)) {
    // A job abandoned by an interrupted call may still run: this one waits for it (without
    // taking signals, which only the main thread can).
    const auto start = std::chrono::steady_clock::now();
    {
      const py::gil_scoped_release release;
      {
        std::unique_lock lock(s.mutex);
        s.changed.wait(lock, [&] { return s.idle(); });
      }
      job();
    }
    timing.last_seconds =
        std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
    if (main && PyErr_CheckSignals() != 0) throw py::error_already_set();
    return;
  }
  const auto start = std::chrono::steady_clock::now();
  s.wait_until([&] { return s.idle(); });
  std::uint64_t ticket = 0;
  {
    const std::lock_guard lock(s.mutex);
    if (!s.started) {
      std::thread([shared = shared_] { Shared::work(shared); }).detach();
      s.started = true;
    }
    s.job = std::move(job);
    ticket = ++s.submitted;
  }
  s.changed.notify_all();
  s.wait_until([&] { return s.finished >= ticket; });
  timing.last_seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::exception_ptr error;
  {
    const std::lock_guard lock(s.mutex);
    error = std::exchange(s.error, nullptr);
  }
  if (error) std::rethrow_exception(error);
}

}  // namespace bopp::python
