// bopp/host/plugins/algorithm.hpp: a live algorithm instance, seen from the host.
#pragma once

#include <bopp/ext/state.h>
#include <bopp/host/common/errors.hpp>
#include <bopp/host/plugins/error_buffer.hpp>
#include <bopp/host/plugins/host_services.hpp>
#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/plugins/typed_config.hpp>
#include <bopp/kit/problem.hpp>

#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

namespace bopp::host {

// The problem as an algorithm sees it: always maximized, so a minimized objective's known
// optimum is negated (sdk/include/bopp/abi.h: algorithms always maximize).
bopp::Problem problem_for_algorithm(const bopp::Problem& objective_problem);

// An ask outside the bounds: a PluginMisbehaving of its own, so that `bopp check` reports it
// under ask-in-bounds wherever it shows.
class OutOfBoundsAsk : public PluginMisbehaving {
 public:
  using PluginMisbehaving::PluginMisbehaving;
};

// Owns one instance made by an algorithm plugin. Every answer is checked (house rule 8):
// ask must return 1..max_points points inside the bounds, and ask and recommend must not write
// past their buffers (a guard element follows each); a violation throws PluginMisbehaving
// naming the plugin. A failed call throws Error with the plugin's message.
class Algorithm {
 public:
  // `problem` is the objective's problem, in its own sense; the algorithm is given the
  // maximization view of it.
  Algorithm(const AlgorithmEntry& entry, const bopp::Problem& problem,
            const std::string& config_toml, std::uint64_t seed, const HostServices& services);
  ~Algorithm();
  Algorithm(const Algorithm&) = delete;
  Algorithm& operator=(const Algorithm&) = delete;

  const std::string& name() const { return name_; }
  const AlgorithmEntry& entry() const { return entry_; }

  bopp::Points ask(std::size_t max_points);
  // y in the maximization convention; a failed point has status != BOPP_OK and y NaN.
  void tell(const bopp::Points& X, std::span<const double> y, std::span<const std::int32_t> status);
  // Checked like ask: a point outside the bounds (or NaN) is PluginMisbehaving.
  Eigen::VectorXd recommend();
  // Whether it may be asked while points it asked are still being evaluated (the
  // extension of bopp/ext/pending_asks.h).
  bool asks_with_pending() const;

  // Whether its state can be saved and restored (the extension of bopp/ext/state.h).
  bool offers_state() const;
  // The instance's state as the plugin writes it; throws Error naming the plugin when it fails.
  std::vector<std::uint8_t> save_state();
  // Restores bytes from save_state into this fresh instance (no ask or tell yet); throws Error
  // with the plugin's one-line reason when it refuses them.
  void restore_state(std::span<const std::uint8_t> bytes);

 private:
  const bopp_state* state_extension() const;
  [[noreturn]] void fail(const char* call, const ErrorBuffer& error) const;
  // The first coordinate of `x` outside the bounds ("x[1] = 2 not in [0, 1]"), or "".
  std::string outside_bounds(const Eigen::Ref<const Eigen::RowVectorXd>& x) const;
  // Throws PluginMisbehaving when `call` wrote past its output `buffer` (`past_buffer`) or past
  // the error buffer.
  void check_guards(const char* call, bool past_buffer, const char* buffer,
                    const ErrorBuffer& error) const;

  AlgorithmEntry entry_;
  std::string name_;
  // The host services this instance was given, with its typed configuration: both must
  // outlive the instance (abi.h).
  TypedConfig config_;
  bopp_host host_;
  bopp::Problem problem_;
  std::optional<bopp::CProblem> c_problem_;
  void* instance_ = nullptr;
};

}  // namespace bopp::host
