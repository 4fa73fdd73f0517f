// The three algorithms of the stobnts library: one loop (sample_then_optimize.hpp), three
// models of a Thompson draw (Dai et al. 2022).
#pragma once

#include "sample_then_optimize.hpp"
#include "settings.hpp"

namespace bopp::stobnts {

// Algorithm 1: the network plus a fixed random tangent offset, trained from its own random
// initialization with a pull toward it; a posterior draw of the NTK-GP in the wide limit.
class StoBnts : public SampleThenOptimize {
 public:
  static constexpr const char* name = "sto-bnts";
  // 0.2.1: the search's L-BFGS runs go in lockstep, one batch of points a round (the same
  // runs, other rounding).
  static constexpr const char* version = "0.2.1";
  static constexpr const char* summary =
      "STO-BNTS (Dai et al. 2022): batch Thompson sampling with trained random networks plus "
      "a tangent offset (sample-then-optimize)";
  static std::vector<Param> params() { return settings_params(Variant::network); }
  StoBnts(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : SampleThenOptimize(Variant::network, name, problem, config, seed, host) {}
};

// Algorithm 2: a linear model on the tangent features of a second random network; an exact
// posterior draw for that network's empirical NTK at any width (with perturb_targets).
class StoBntsLinear : public SampleThenOptimize {
 public:
  static constexpr const char* name = "sto-bnts-linear";
  // 0.2.1: linear_solver = "gd" steps in the coordinates of its iterates (same iterates, other
  // rounding). 0.2.2: the search's L-BFGS runs in lockstep, as sto-bnts 0.2.1.
  static constexpr const char* version = "0.2.2";
  static constexpr const char* summary =
      "STO-BNTS-Linear (Dai et al. 2022): batch Thompson sampling with a linear model on the "
      "neural tangent features of a random network";
  static std::vector<Param> params() { return settings_params(Variant::linear); }
  StoBntsLinear(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : SampleThenOptimize(Variant::linear, name, problem, config, seed, host) {}
};

// The baseline: the network alone, trained from a random initialization; its prior is the
// NNGP kernel, narrower than the NTK, so its draws under-explore.
class DeepEnsemble : public SampleThenOptimize {
 public:
  static constexpr const char* name = "deep-ensemble";
  // 0.2.1: the search's L-BFGS runs in lockstep, as sto-bnts 0.2.1.
  static constexpr const char* version = "0.2.1";
  static constexpr const char* summary =
      "deep ensemble as batch Thompson sampling: one freshly trained random network per point";
  static std::vector<Param> params() { return settings_params(Variant::ensemble); }
  DeepEnsemble(const Problem& problem, const Config& config, std::uint64_t seed, const Host& host)
      : SampleThenOptimize(Variant::ensemble, name, problem, config, seed, host) {}
};

}  // namespace bopp::stobnts
