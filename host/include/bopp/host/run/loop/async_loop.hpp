// bopp/host/run/loop/async_loop.hpp: a run with `[evaluator] async = true`, which asks its
// algorithm again whenever a worker is free (docs/evaluators.md, "Asynchronous runs").
#pragma once

#include <bopp/host/run/loop/run_loop.hpp>

namespace bopp::host {

// Streams points to the evaluator until the budget is spent or a stop is requested (status
// `stopped`, the points under way finished). Results are recorded and told as they land, in
// the order of their indices; each ask's line in batches.jsonl lists the points still
// pending. Errors propagate.
void run_async(RunLoop& loop, RunResult& result);

}  // namespace bopp::host
