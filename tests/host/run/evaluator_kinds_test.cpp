// The table of evaluator kinds, and the files that name one.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/run/evaluator_kinds.hpp>
#include <bopp/host/run/experiment.hpp>

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

TEST(EvaluatorKinds, DeclaredKindWithoutImplementationSaysSo) {
  const std::string message = kind_error("mpi");
  EXPECT_NE(message.find("'mpi'"), std::string::npos) << message;
  EXPECT_NE(message.find("not implemented yet; use one of serial|threads|processes"),
            std::string::npos)
      << message;
}

TEST(EvaluatorKinds, ImplementedKindsAreTheSchemaChoices) {
  EXPECT_EQ(implemented_evaluator_kinds(), "serial|threads|processes");
  EXPECT_TRUE(evaluator_kind("serial").implemented());
  EXPECT_TRUE(evaluator_kind("threads").implemented());
  EXPECT_TRUE(evaluator_kind("processes").implemented());
}

TEST(EvaluatorKinds, ExperimentFileNamingAnUnimplementedKindIsOneLineWithItsLine) {
  const std::string text =
      "[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\n[evaluator]\nkind = "
      "'mpi'\n";
  try {
    Experiment::parse(text, "exp.toml");
    FAIL() << "accepted kind = 'mpi'";
  } catch (const Error& e) {
    const std::string message = e.what();
    EXPECT_EQ(message.rfind("exp.toml:6: [evaluator] evaluator kind 'mpi'", 0), 0u) << message;
    EXPECT_NE(message.find("not implemented yet"), std::string::npos) << message;
  }
}

TEST(EvaluatorKinds, TimeoutAndMemoryLimitNeedTheProcessesEvaluator) {
  for (const std::string key : {"timeout_s = 2", "memory_mb = 512"}) {
    const std::string head = "[objective]\nname = 'c_quadratic'\n[algorithm]\nname = 'random'\n";
    try {
      Experiment::parse(head + "[evaluator]\nkind = 'threads'\n" + key + "\n", "exp.toml");
      FAIL() << "accepted " << key << " for threads";
    } catch (const Error& e) {
      EXPECT_NE(std::string(e.what()).find("needs kind = 'processes'"), std::string::npos)
          << e.what();
    }
    const Experiment e =
        Experiment::parse(head + "[evaluator]\nkind = 'processes'\n" + key + "\n", "exp.toml");
    EXPECT_EQ(e.evaluator, "processes");
    EXPECT_TRUE(e.timeout_s == 2.0 || e.memory_mb == 512u);
  }
}

}  // namespace
}  // namespace bopp::host
