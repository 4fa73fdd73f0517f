// bopp/host/run/evaluator_kinds.hpp: every evaluator kind, in one table. The experiment
// file's [evaluator] kind and a grid's [bench] evaluator are checked against it, and runs
// make their evaluator from it; a new kind is one more row.
#pragma once

#include <bopp/host/run/evaluator.hpp>

#include <toml++/toml.h>

#include <memory>
#include <span>
#include <string>
#include <string_view>

namespace bopp::host {

using EvaluatorFactory = std::unique_ptr<Evaluator> (*)(const EvaluatorSetup&);

struct EvaluatorKind {
  std::string_view name;     // as written in a file: "threads"
  std::string_view summary;  // one line for help texts and messages
  EvaluatorFactory make;     // null while the kind is declared but not implemented

  bool implemented() const { return make != nullptr; }
};

// Every kind, implemented or not, in the order help texts list them.
std::span<const EvaluatorKind> evaluator_kinds();

// The implemented kinds as a schema's choices: "serial|threads".
const std::string& implemented_evaluator_kinds();

// The kind named `name`; throws Error listing the kinds when there is none, or when it is
// not implemented yet.
const EvaluatorKind& evaluator_kind(std::string_view name);

// Throws Error "<location>" + `context` + why, when `table[key]` names a kind that is
// declared but not implemented yet (other values are left to the schema's check).
void reject_unimplemented_evaluator_kind(const toml::table& table, const std::string& key,
                                         const std::string& context, const std::string& source);

// The evaluator of kind `name` (evaluator_kind's errors otherwise).
std::unique_ptr<Evaluator> make_evaluator(std::string_view name, const EvaluatorSetup& setup);

}  // namespace bopp::host
