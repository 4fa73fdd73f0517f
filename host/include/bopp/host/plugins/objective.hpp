// bopp/host/plugins/objective.hpp: a live objective instance, seen from the host.
#pragma once

#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/plugins/typed_config.hpp>
#include <bopp/kit/problem.hpp>

#include <memory>
#include <span>
#include <string>

namespace bopp::host {

// The outcome of evaluating one point.
struct Evaluation {
  double y = 0.0;  // in the objective's own sense; NaN when failed
  bool ok = false;
  std::string message;  // why it failed ("" when ok)
  double seconds = 0.0;
  // Failed by breaking the contract (NaN or Inf with status OK, a write past a buffer), not
  // as declared (status BOPP_EVAL_FAILED or an error return): the run warns about it.
  bool misbehaving = false;
};

// Owns one instance made by an objective plugin; calls go through the C table, statuses
// come back as exceptions (Error) naming the plugin. The problem is checked once at
// creation: a malformed one is a PluginMisbehaving error.
class Objective {
 public:
  Objective(const ObjectiveEntry& entry, const std::string& config_toml, std::uint64_t seed,
            const HostServices& services);
  ~Objective();
  Objective(const Objective&) = delete;
  Objective& operator=(const Objective&) = delete;

  const std::string& name() const { return name_; }
  const ObjectiveEntry& entry() const { return entry_; }
  const bopp::Problem& problem() const { return problem_; }

  // Evaluates one point (already rounded and inside the bounds). Never throws for a failed
  // evaluation: a failure status, an error return, NaN or Inf all give ok = false.
  Evaluation evaluate(std::span<const double> x, std::uint64_t seed);

  // Evaluates a batch in one call; results per point as above. One guard element past y,
  // status and the error buffer: a plugin that writes into one fails the whole call
  // (misbehaving, with a message naming it and the buffers).
  void evaluate_batch(const bopp::Points& X, std::span<const std::uint64_t> seeds,
                      std::span<Evaluation> out);

  // From now on every call is checked as `bopp check` checks it: more guard elements, y and
  // status poisoned before the call (a status left unwritten is misbehaving), and the inputs
  // X and seeds copied, poisoned past their end and compared after the call.
  void inspect_buffers() { inspect_ = true; }

 private:
  ObjectiveEntry entry_;
  std::string name_;
  std::string who_;  // "objective 'NAME' (libbopp-LIB.so)", for messages
  bool inspect_ = false;
  // The host services this instance was given, with its typed configuration: both must
  // outlive the instance (abi.h).
  TypedConfig config_;
  bopp_host host_;
  void* instance_ = nullptr;
  bopp::Problem problem_;
};

// Checks that a problem is well formed (dims, finite ordered bounds, kinds, candidates
// inside the bounds); throws PluginMisbehaving naming `who` otherwise.
void check_problem(const bopp::Problem& problem, const std::string& who);

}  // namespace bopp::host
