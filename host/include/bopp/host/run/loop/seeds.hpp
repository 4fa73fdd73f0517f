// bopp/host/run/loop/seeds.hpp: every seed of a run, derived from the run seed.
#pragma once

#include <bopp/kit/seed_mixing.hpp>

#include <cstddef>
#include <cstdint>
#include <vector>

namespace bopp::host {

// The seed of evaluation `index` (0-based, in the order evaluations were asked): depends
// only on the run seed and the index, so noise is the same whatever the evaluator.
std::uint64_t evaluation_seed(std::uint64_t run_seed, std::uint64_t index);
// The seeds of `count` evaluations from index `first` on.
std::vector<std::uint64_t> evaluation_seeds(std::uint64_t run_seed, std::uint64_t first,
                                            std::size_t count);

// The seeds given to the algorithm's and the objective's `create`.
std::uint64_t algorithm_seed(std::uint64_t run_seed);
std::uint64_t objective_seed(std::uint64_t run_seed);
// The seed of the [run] initial_design: a stream of its own, so every algorithm of a run seed
// gets the same design.
std::uint64_t design_seed(std::uint64_t run_seed);

}  // namespace bopp::host
