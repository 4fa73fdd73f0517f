// bopp/bo/fit_restart_schedule.hpp: which fits of a global BO loop run random restarts of the
// hyperparameter search besides the warm start. Restarts cost several times the warm start
// (79-94 % of an iteration when every fit restarts) and rarely find a better optimum once the
// data have settled it, so they are spent where they can matter.
#pragma once

#include <bopp/kit/state_archive.hpp>

#include <string>
#include <string_view>

namespace bopp::bo {

enum class FitRestartRule {
  every_fit,  // every fit runs the warm start and its restarts together (the old behaviour)
  botorch,    // the warm start alone; restarts only when it fails (BoTorch's fit_gpytorch_mll)
  never,      // the warm start alone, always (scikit-learn's default)
  scheduled,  // restarts in the first `first` fits and every `every`-th, and on a failure
  adaptive,   // restarts in the first fits, on a failure, when the warm-started optimum moved
              // by more than `move`, and when a restart recently helped; backs off otherwise
};

// "every_fit", "botorch", "never", "scheduled", "adaptive".
FitRestartRule fit_restart_rule_from_name(std::string_view name);
std::string fit_restart_rule_name(FitRestartRule rule);

struct FitRestartSettings {
  FitRestartRule rule = FitRestartRule::every_fit;
  // Fits (from the first) that always restart, under `scheduled` and `adaptive`.
  int first = 3;
  // `scheduled`: every k-th fit restarts. `adaptive`: restarts at least every k-th fit; the
  // period starts at 1 (every fit) and doubles after each restart that did not help, up to k.
  int every = 8;
  // `adaptive`: the root-mean-square change of the log lengthscales and log outputscale from
  // the previous fit's to the warm start's optimum above which the fit restarts (0.1 is
  // about a 10 % move).
  double move = 0.1;
  // `adaptive`: a restart "helped" when it raised the log posterior (or log likelihood) of
  // the warm start's optimum by more than this.
  double gain = 0.1;
};

// The decision per fit and the few counters it depends on (plain members, so a saved run
// can carry them).
class FitRestartSchedule {
 public:
  explicit FitRestartSchedule(FitRestartSettings settings = {}) : settings_(settings) {}

  const FitRestartSettings& settings() const { return settings_; }

  // Whether the restarts run beside the warm start, in one search (every_fit only).
  bool restarts_with_warm_start() const { return settings_.rule == FitRestartRule::every_fit; }

  // Whether the next fit restarts after its warm start ended: `failed` when the warm start
  // failed or ended abnormally, `move` the change of its optimum (see FitRestartSettings).
  bool restarts_after(bool failed, double move) const;

  // Counts a finished fit: whether it restarted and, if so, what the restarts gained over
  // the warm start (negative when they found less).
  void record(bool restarted, double gain);

  int fits() const { return fits_; }

  // Checkpoints: the counters (the settings come from the configuration).
  void save(StateArchive& archive) const {
    archive.write("fits", fits_);
    archive.write("since_restart", since_restart_);
    archive.write("interval", interval_);
  }
  void restore(const StateArchive& archive) {
    archive.read("fits", fits_);
    archive.read("since_restart", since_restart_);
    archive.read("interval", interval_);
  }

 private:
  FitRestartSettings settings_;
  int fits_ = 0;           // fits recorded
  int since_restart_ = 0;  // fits since the last one that restarted
  int interval_ = 1;       // adaptive: the current period of restarts, in fits
};

}  // namespace bopp::bo
