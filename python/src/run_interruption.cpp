#include "run_interruption.hpp"

#include "interruptible.hpp"

namespace bopp::python {
namespace {

// A signal handler may touch only lock-free atomics: these, shared by the one run at a time
// that the main thread can be running.
std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

extern "C" void on_sigint(int signal) {
  g_signal.store(signal);
  g_stop.store(true);
}

}  // namespace

RunInterruption::RunInterruption() {
  g_stop.store(false);
  g_signal.store(0);
  if (!on_main_thread()) return;
  struct sigaction action {};
  action.sa_handler = on_sigint;
  sigemptyset(&action.sa_mask);
  installed_ = sigaction(SIGINT, &action, &previous_) == 0;
}

RunInterruption::~RunInterruption() {
  if (installed_) sigaction(SIGINT, &previous_, nullptr);
}

const std::atomic<bool>& RunInterruption::stop() const { return installed_ ? g_stop : own_stop_; }
const std::atomic<int>& RunInterruption::signal() const {
  return installed_ ? g_signal : own_signal_;
}
void RunInterruption::request() { (installed_ ? g_stop : own_stop_).store(true); }

}  // namespace bopp::python
