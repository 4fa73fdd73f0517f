// Ctrl-C during bopp.run: the run stops after its batch, recorded `stopped` as `bopp run` records
// it, and bopp.run then raises KeyboardInterrupt.
#pragma once

#include <atomic>
#include <csignal>

namespace bopp::python {

// While alive, on the main thread, SIGINT sets `stop` (and `signal`) in place of Python's
// handler, which cannot run while the run holds no GIL; the handler found is put back after.
// Elsewhere it installs nothing and only request() stops the run.
class RunInterruption {
 public:
  RunInterruption();
  ~RunInterruption();
  RunInterruption(const RunInterruption&) = delete;
  RunInterruption& operator=(const RunInterruption&) = delete;

  // Set by SIGINT, or by request() (a Python objective raised KeyboardInterrupt).
  const std::atomic<bool>& stop() const;
  const std::atomic<int>& signal() const;
  void request();
  bool requested() const { return stop().load(); }

 private:
  bool installed_ = false;  // on the main thread: the flags the handler sets
  struct sigaction previous_ {};
  std::atomic<bool> own_stop_{false};  // elsewhere
  std::atomic<int> own_signal_{0};
};

}  // namespace bopp::python
