#include <bopp/host/common/session_kill.hpp>

#include <unistd.h>

#include <charconv>
#include <csignal>
#include <filesystem>
#include <string>

namespace bopp::host {
namespace {

// A process forking as fast as it is killed is still ended: each round kills what the last
// one missed, and a fork bomb cannot outrun a few rounds of SIGKILL.
constexpr int kSweepRounds = 8;

}  // namespace

void kill_session(pid_t session) {
  if (session <= 0) return;
  for (int round = 0; round < kSweepRounds; ++round) {
    bool found = false;
    std::error_code ec;
    for (std::filesystem::directory_iterator it("/proc", ec), end; !ec && it != end;
         it.increment(ec)) {
      const std::string name = it->path().filename().string();
      pid_t pid = 0;
      const auto [ptr, error] = std::from_chars(name.data(), name.data() + name.size(), pid);
      if (error != std::errc() || ptr != name.data() + name.size() || pid == session) continue;
      if (::getsid(pid) == session) {
        ::kill(pid, SIGKILL);
        found = true;
      }
    }
    if (!found) return;
  }
}

}  // namespace bopp::host
