#include "stop_signals.hpp"

#include <signal.h>

namespace bopp::cli {
namespace {

// Lock-free atomics are async-signal-safe; the handler touches nothing else.
static_assert(std::atomic<bool>::is_always_lock_free && std::atomic<int>::is_always_lock_free);

std::atomic<bool> g_stop{false};
std::atomic<int> g_signal{0};

constexpr int kStopSignals[] = {SIGINT, SIGTERM, SIGHUP};

void set_disposition(void (*handler)(int)) {
  struct sigaction action {};
  action.sa_handler = handler;
  sigemptyset(&action.sa_mask);
  // Blocked while the handler runs, so two signals at once cannot both take the first path.
  for (int s : kStopSignals) sigaddset(&action.sa_mask, s);
  action.sa_flags = SA_RESTART;
  for (int s : kStopSignals) sigaction(s, &action, nullptr);
}

extern "C" void on_stop_signal(int signal) {
  int none = 0;
  g_signal.compare_exchange_strong(none, signal);
  g_stop.store(true);
  set_disposition(SIG_DFL);  // sigaction is async-signal-safe: the next signal ends the process
}

}  // namespace

StopFlags stop_on_signals() {
  set_disposition(on_stop_signal);
  return {g_stop, g_signal};
}

}  // namespace bopp::cli
