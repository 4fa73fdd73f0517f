// bopp/host/run/loop/run_footprint.hpp: whether an experiment's sizes fit in this machine's memory,
// checked before anything is allocated or written.
#pragma once

#include <bopp/host/run/input/experiment.hpp>

#include <cstdint>
#include <optional>

namespace bopp::host {

// The most memory one run's points may take: half the physical memory (the other half is
// left to the plugins' own models, the system and the other runs of a bench).
std::uint64_t run_memory_ceiling();

// Bytes the host and the algorithm hold for the points of a run of `dim` coordinates: a batch
// of min(batch, budget) points at kBytesPerBatchCoordinate each coordinate (the point
// matrix, its copy in the record line, that line's JSON value and text), and the budget's
// points told to the algorithm at 8 bytes a coordinate (the least it can keep). Saturates.
inline constexpr std::uint64_t kBytesPerBatchCoordinate = 64;
std::uint64_t run_footprint_bytes(std::uint64_t budget, std::uint64_t batch, std::uint64_t dim);

// Throws Error, naming the key to lower ([run] batch, [run] budget or the objective's
// dimension), when the run's points cannot fit under `ceiling` bytes. `dim_key` names where
// the dimension comes from (e.g. "[objective] dim"), or is empty when the objective fixes it.
void check_run_fits(const Experiment& experiment, std::uint64_t dim, const std::string& dim_key,
                    std::uint64_t ceiling);

// The [objective] table's integer `dim`, when it has one: known before the objective exists.
std::optional<std::uint64_t> configured_dim(const Experiment& experiment);

}  // namespace bopp::host
