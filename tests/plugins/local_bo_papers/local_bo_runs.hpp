// Runs of the local-BO plugins through the host: one experiment, its final best value.
#pragma once

#include <bopp/host/plugins/plugin_registry.hpp>
#include <bopp/host/run/input/experiment.hpp>
#include <bopp/host/run/loop/run.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

namespace bopp::local_bo_test {

inline const host::PluginRegistry& registry() {
  static const host::PluginRegistry r({test::plugin_dir()});
  return r;
}

// The best value (the objective's sense: gpsample minimizes) of one run of `algorithm` on
// `objective` (TOML lines of their tables).
inline double final_best(const std::string& objective, const std::string& algorithm,
                         std::uint64_t seed, std::uint64_t budget, std::uint64_t batch) {
  const std::string text = "[run]\nseed = " + std::to_string(seed) +
                           "\nbudget = " + std::to_string(budget) +
                           "\nbatch = " + std::to_string(batch) + "\n[objective]\n" + objective +
                           "\n[algorithm]\n" + algorithm + "\n";
  host::Experiment e = host::Experiment::parse(text, "exp.toml");
  e.output = (test::fresh_folder("run-" + std::to_string(seed)) / "record").string();
  e.resolve_plugins(registry());
  host::RunOptions quiet;
  quiet.progress = false;
  quiet.sync = false;
  quiet.log = nullptr;
  const host::RunResult r = host::run_experiment(e, registry(), quiet);
  EXPECT_EQ(r.status, host::RunStatus::completed) << algorithm << ": " << r.message;
  EXPECT_EQ(r.evaluations, budget) << algorithm;
  return r.best ? r.best->y : 0.0;
}

inline std::vector<double> final_bests(const std::string& objective, const std::string& algorithm,
                                       const std::vector<std::uint64_t>& seeds,
                                       std::uint64_t budget, std::uint64_t batch) {
  std::vector<double> bests;
  for (const std::uint64_t seed : seeds)
    bests.push_back(final_best(objective, algorithm, seed, budget, batch));
  return bests;
}

inline double mean(const std::vector<double>& v) {
  double s = 0;
  for (const double x : v) s += x;
  return s / static_cast<double>(v.size());
}

inline double median(std::vector<double> v) {
  std::sort(v.begin(), v.end());
  const std::size_t n = v.size();
  return n % 2 == 1 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
}

}  // namespace bopp::local_bo_test
