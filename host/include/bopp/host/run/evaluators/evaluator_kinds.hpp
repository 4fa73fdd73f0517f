// bopp/host/run/evaluators/evaluator_kinds.hpp: every evaluator kind, in one table. The experiment
// file's [evaluator] kind and a grid's [bench] evaluator are checked against it, and runs
// make their evaluator from it; a new kind is one more row.
#pragma once

#include <bopp/host/run/evaluators/evaluator.hpp>

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace bopp::host {

using EvaluatorFactory = std::unique_ptr<Evaluator> (*)(const EvaluatorSetup&);

struct EvaluatorKind {
  std::string_view name;     // as written in a file: "threads"
  std::string_view summary;  // one line for help texts and messages
  EvaluatorFactory make;
};

// Every kind, in the order help texts list them.
std::span<const EvaluatorKind> evaluator_kinds();

// The kinds as a schema's choices: "serial|threads|processes|mpi".
const std::string& evaluator_kind_choices();

// The kind named `name`; throws Error listing the kinds when there is none.
const EvaluatorKind& evaluator_kind(std::string_view name);

// The evaluator of kind `name` (evaluator_kind's errors otherwise).
std::unique_ptr<Evaluator> make_evaluator(std::string_view name, const EvaluatorSetup& setup);

}  // namespace bopp::host
