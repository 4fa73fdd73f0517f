// The table of evaluator kinds, and the files that name one.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluators/evaluator_kinds.hpp>
#include <bopp/host/run/input/experiment.hpp>

#include <gtest/gtest.h>

namespace bopp::host {
namespace {

std::string kind_error(std::string_view name) {
  try {
    evaluator_kind(name);
  } catch (const Error& e) {
    return e.what();
  }
  return "";
}

TEST(EvaluatorKinds, UnknownKindMessageListsEveryKind) {
  const std::string message = kind_error("carrier-pigeon");
  EXPECT_NE(message.find("unknown evaluator kind 'carrier-pigeon'"), std::string::npos) << message;
  for (const EvaluatorKind& k : evaluator_kinds()) {
    EXPECT_NE(message.find(std::string(k.name)), std::string::npos) << k.name << ": " << message;
  }
}

TEST(EvaluatorKinds, MistypedKindSuggestsTheClosest) {
  EXPECT_NE(kind_error("thread").find("did you mean 'threads'"), std::string::npos);
}

TEST(EvaluatorKinds, EveryKindIsASchemaChoice) {
  EXPECT_EQ(evaluator_kind_choices(), "serial|threads|processes|mpi");
  EXPECT_EQ(evaluator_kind("mpi").name, "mpi");
}

TEST(EvaluatorKinds, MpiKindNeedsNoWorkersKey) {
  const std::string head = "[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\n";
  EXPECT_EQ(Experiment::parse(head + "[evaluator]\nkind = 'mpi'\n", "exp.toml").evaluator, "mpi");
  try {
    Experiment::parse(head + "[evaluator]\nkind = 'mpi'\nworkers = 4\n", "exp.toml");
    FAIL() << "accepted workers for mpi";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("exp.toml:7: [evaluator] key 'workers' does not apply", 0), 0u)
        << message;
  }
}

TEST(EvaluatorKinds, TimeoutAndMemoryLimitNeedAKindWithWorkerProcesses) {
  for (const std::string key : {"timeout_s = 2", "memory_mb = 512"}) {
    const std::string head = "[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\n";
    try {
      Experiment::parse(head + "[evaluator]\nkind = 'threads'\n" + key + "\n", "exp.toml");
      FAIL() << "accepted " << key << " for threads";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("needs kind = 'processes' or 'mpi'"), std::string::npos)
          << e.what();
    }
    for (const std::string kind : {"processes", "mpi"}) {
      const Experiment e =
          Experiment::parse(head + "[evaluator]\nkind = '" + kind + "'\n" + key + "\n", "exp.toml");
      EXPECT_EQ(e.evaluator, kind);
      EXPECT_TRUE(e.timeout_s == 2.0 || e.memory_mb == 512u);
    }
  }
}

}  // namespace
}  // namespace bopp::host
