// bopp/host/run/loop/batch_loop.hpp: a run that asks batch by batch, each batch evaluated,
// recorded and told before the next is asked.
#pragma once

#include <bopp/host/run/loop/run_loop.hpp>

namespace bopp::host {

// The next batch: min(batch, budget left) points from the algorithm.
AskedBatch ask_batch(RunLoop& loop, const RunResult& result);

// Evaluates the points of `asked` the record does not hold (those past `asked.known`),
// records them, tells the algorithm the whole batch and times it. Before the loop records
// (a replay) nothing is written.
void finish_batch(RunLoop& loop, AskedBatch& asked, RunResult& result);

// Asks, evaluates, records and tells batch after batch until the budget is spent or a stop
// is requested (status `stopped`, the batch under way finished). Errors propagate.
void run_batches(RunLoop& loop, RunResult& result);

}  // namespace bopp::host
