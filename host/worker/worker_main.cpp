// bopp-worker: one worker process of the processes evaluator. It makes the objective the
// host describes (an ObjectiveSpec) in its own address space, then evaluates the points it
// is sent, one result per point, until the host closes the socket. A crash, an exit or a
// hang in the objective ends only this process; the host records that one evaluation as
// failed and starts another worker. Not meant to be run by hand.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/objective.hpp>
#include <bopp/host/plugins/plugin_library.hpp>
#include <bopp/host/run/evaluators/worker_protocol.hpp>

#include <fcntl.h>

#include <atomic>
#include <csignal>
#include <cstdio>
#include <exception>
#include <memory>
#include <optional>

namespace {

namespace wp = bopp::host::worker_protocol;
constexpr int kFd = wp::kSocketFd;

std::optional<bopp::host::ObjectiveSpec> receive_setup() {
  bopp::host::ObjectiveSpec spec;
  std::string library;
  if (!wp::receive_text(kFd, library) || !wp::receive_text(kFd, spec.name) ||
      !wp::receive_text(kFd, spec.config_text) || !wp::receive_number(kFd, spec.seed)) {
    return std::nullopt;
  }
  spec.library = library;
  return spec;
}

bool send_ready(bool ok, const std::string& message) {
  wp::Writer w;
  w.number(static_cast<std::uint8_t>(ok));
  w.text(message);
  return wp::send_all(kFd, w.bytes());
}

// Answers chunks until the host closes the socket.
void serve(bopp::host::Objective& objective) {
  wp::Writer out;
  std::string points;
  for (;;) {
    std::uint32_t count = 0, dim = 0;
    if (!wp::receive_number(kFd, count) || !wp::receive_number(kFd, dim)) return;
    const std::size_t stride = 2 * sizeof(std::uint64_t) + dim * sizeof(double);
    if (!wp::receive_exactly(kFd, count * stride, points)) return;
    std::vector<double> x(dim);
    for (std::uint32_t p = 0; p < count; ++p) {
      wp::Reader r(std::string_view(points).substr(p * stride, stride));
      std::uint64_t index = 0, seed = 0;
      r.number(index);
      r.number(seed);
      for (double& xi : x) r.number(xi);
      const bopp::host::Evaluation e = objective.evaluate(x, seed);
      out.clear();
      wp::write_result(out, index, e);
      if (!wp::send_all(kFd, out.bytes())) return;
    }
  }
}

}  // namespace

int main() {
  // The host decides when to stop: a stop signal sent to every process of a job (SLURM, a
  // closed terminal, `timeout` to a group) must not cost the point under way, and a worker lives
  // only as long as its host (the host sets its parent-death signal). The command objective's
  // programs get the default dispositions back.
  for (const int s : {SIGINT, SIGTERM, SIGHUP}) std::signal(s, SIG_IGN);
  // The socket is the host's: a program an objective starts must not inherit it.
  ::fcntl(kFd, F_SETFD, FD_CLOEXEC);
  const std::optional<bopp::host::ObjectiveSpec> spec = receive_setup();
  if (!spec) return 2;
  const std::atomic<bool> stop{false};
  try {
    const auto library = bopp::host::PluginLibrary::load(spec->library);
    const bopp_objective_class* table = nullptr;
    for (const bopp_objective_class& c : library->objectives()) {
      if (spec->name == c.name) table = &c;
    }
    if (table == nullptr) {
      send_ready(false, spec->library.string() + " has no objective '" + spec->name + "'");
      return 2;
    }
    // Declared before the objective, which may log until it is destroyed.
    bopp::host::HostServices services(
        spec->name, bopp::host::stderr_log_sink(bopp::host::log_threshold(0)), &stop, 1);
    bopp::host::Objective objective({library, table}, spec->config_text, spec->seed, services);
    if (!send_ready(true, "")) return 2;
    serve(objective);
  } catch (const std::exception& e) {
    send_ready(false, e.what());
    return 2;
  }
  return 0;
}
