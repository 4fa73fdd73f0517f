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
  const std::string message = kind_error("processes");
  EXPECT_NE(message.find("'processes'"), std::string::npos) << message;
  EXPECT_NE(message.find("not implemented yet; use one of serial|threads"), std::string::npos)
      << message;
}

TEST(EvaluatorKinds, ImplementedKindsAreTheSchemaChoices) {
  EXPECT_EQ(implemented_evaluator_kinds(), "serial|threads");
  EXPECT_TRUE(evaluator_kind("serial").implemented());
  EXPECT_TRUE(evaluator_kind("threads").implemented());
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

}  // namespace
}  // namespace bopp::host
