// bopp/host/run/loop/run_replay.hpp: a resumed run's algorithm asked and told again as the
// recorded run was, nothing evaluated or written (docs/run-record.md, "Resuming a run").
#pragma once

#include <bopp/host/run/loop/run_loop.hpp>

#include <optional>
#include <span>

namespace bopp::host {

// Asks and tells the algorithm as the recorded run did, batch by batch, checking every asked
// point against `recorded` bit for bit (its batch, x and seed) and telling the recorded
// values. Throws Error naming the first evaluation that differs, or one past the budget.
// Returns the batch the record holds only the head of (a kill or power loss cut it), whose
// other points are to be evaluated first.
std::optional<AskedBatch> replay(RunLoop& loop, std::span<const RecordedEvaluation> recorded,
                                 RunResult& result);

}  // namespace bopp::host
