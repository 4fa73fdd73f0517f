#include <bopp/host/common/errors.hpp>
#include <bopp/host/common/name_suggestion.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/evaluators/processes_evaluator.hpp>
#include <bopp/host/run/evaluators/serial_evaluator.hpp>
#include <bopp/host/run/evaluators/threads_evaluator.hpp>
#include <bopp/host/run/mpi/mpi_evaluator.hpp>

#include <array>
#include <vector>

namespace bopp::host {
namespace {

constexpr std::array<EvaluatorKind, 4> kKinds = {{
    {"serial", "one point after the other, in this process", make_serial_evaluator},
    {"threads", "points in parallel on threads of this process", make_threads_evaluator},
    {"processes", "points in parallel in worker processes, a crash costs one evaluation",
     make_processes_evaluator},
    {"mpi", "points in parallel on the ranks of an MPI job (mpirun -n K bopp run ...)",
     make_mpi_evaluator},
}};

std::string kinds_text() {
  std::string text;
  for (const EvaluatorKind& k : kKinds) {
    if (!text.empty()) text += ", ";
    text += k.name;
  }
  return text;
}

}  // namespace

std::span<const EvaluatorKind> evaluator_kinds() { return kKinds; }

const std::string& evaluator_kind_choices() {
  static const std::string choices = [] {
    std::string text;
    for (const EvaluatorKind& k : kKinds) {
      if (!text.empty()) text += "|";
      text += k.name;
    }
    return text;
  }();
  return choices;
}

const EvaluatorKind& evaluator_kind(std::string_view name) {
  std::vector<std::string> names;
  for (const EvaluatorKind& k : kKinds) {
    if (k.name == name) return k;
    names.emplace_back(k.name);
  }
  throw Error(unknown_name("evaluator kind", name, names) + "; kinds: " + kinds_text());
}

std::unique_ptr<Evaluator> make_evaluator(std::string_view name, const EvaluatorSetup& setup) {
  return evaluator_kind(name).make(setup);
}

}  // namespace bopp::host
