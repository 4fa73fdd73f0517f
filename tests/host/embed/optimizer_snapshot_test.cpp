// Optimizer::save and Optimizer::load: a loaded optimizer asks what the saved one would, and bytes
// that are not a saved optimizer are one Error naming their source.
#include <bopp/host/common/errors.hpp>
#include <bopp/host/embed/optimizer.hpp>

#include "test_paths.hpp"

#include <gtest/gtest.h>
#include <nlohmann/json.hpp>

#include <cstring>
#include <vector>

namespace bopp::host {
namespace {

const PluginRegistry& snapshot_registry() {
  static const PluginRegistry r({test::plugin_dir()});
  return r;
}

OptimizerSettings box_settings(const std::string& algorithm) {
  OptimizerSettings settings;
  settings.algorithm.name = algorithm;
  if (algorithm == "gpbo") {
    settings.algorithm.config = toml::table{
        {"initial_points", 3}, {"raw_samples", 16}, {"optimizer_restarts", 1}, {"fit_restarts", 1}};
  }
  settings.problem = bopp::Problem::box(2, -1.0, 2.0);
  settings.seed = 9;
  return settings;
}

void ask_and_tell(Optimizer& optimizer, int batches) {
  for (int b = 0; b < batches; ++b) {
    const bopp::Points X = optimizer.ask(2);
    std::vector<double> y;
    for (Eigen::Index r = 0; r < X.rows(); ++r) y.push_back(X.row(r).squaredNorm());
    optimizer.tell(X, y);
  }
}

class OptimizerSnapshot : public ::testing::TestWithParam<std::string> {};

TEST_P(OptimizerSnapshot, ALoadedOptimizerAsksWhatTheSavedOneWould) {
  Optimizer original(snapshot_registry(), box_settings(GetParam()));
  ask_and_tell(original, 3);
  const std::vector<std::uint8_t> bytes = original.save();
  const auto loaded = Optimizer::load(snapshot_registry(), bytes, "saved.bopp");
  EXPECT_EQ(loaded->told(), original.told());
  for (int b = 0; b < 3; ++b) {
    const bopp::Points A = original.ask(2);
    const bopp::Points B = loaded->ask(2);
    ASSERT_EQ(A.rows(), B.rows());
    EXPECT_EQ(std::memcmp(A.data(), B.data(), sizeof(double) * A.size()), 0) << "ask " << b;
    std::vector<double> y;
    for (Eigen::Index r = 0; r < A.rows(); ++r) y.push_back(A.row(r).squaredNorm());
    original.tell(A, y);
    loaded->tell(B, y);
  }
}

INSTANTIATE_TEST_SUITE_P(Algorithms, OptimizerSnapshot, ::testing::Values("random", "gpbo"));

TEST(OptimizerSnapshotBytes, AreRefusedInOneLineNamingTheirSourceWhenNotAnOptimizers) {
  Optimizer original(snapshot_registry(), box_settings("random"));
  ask_and_tell(original, 1);
  const std::vector<std::uint8_t> bytes = original.save();
  const std::vector<std::vector<std::uint8_t>> bad = {
      {},
      {0x00, 0x01},
      std::vector<std::uint8_t>(bytes.begin(), bytes.begin() + bytes.size() / 2),
      nlohmann::json::to_cbor({{"format", 1}}),  // found by the fuzzer: a format not text
      {0xbb, 0x0a, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77, 0x77}};  // a map of 7.5e17 entries
  for (const auto& b : bad) {
    try {
      Optimizer::load(snapshot_registry(), b, "bad.bopp");
      FAIL() << "accepted " << b.size() << " bytes";
    } catch (const Error& e) {
      const std::string message = e.what();
      EXPECT_EQ(message.rfind("bad.bopp: not a saved", 0), 0u) << message;
      EXPECT_EQ(message.find('\n'), std::string::npos) << message;
    }
  }
}

// The embedding's attachment travels with the optimizer unread; one that is not bytes is refused.
TEST(OptimizerSnapshotBytes, KeepTheEmbeddingsAttachment) {
  Optimizer original(snapshot_registry(), box_settings("random"));
  ask_and_tell(original, 1);
  EXPECT_TRUE(
      Optimizer::load(snapshot_registry(), original.save(), "plain.bopp")->attachment().empty());
  const std::vector<std::uint8_t> attachment{0x00, 0xff, 0x42};
  original.set_attachment(attachment);
  const std::vector<std::uint8_t> bytes = original.save();
  EXPECT_EQ(Optimizer::load(snapshot_registry(), bytes, "kept.bopp")->attachment(), attachment);

  nlohmann::json j = nlohmann::json::from_cbor(bytes);
  j["attachment"] = "text";
  try {
    Optimizer::load(snapshot_registry(), nlohmann::json::to_cbor(j), "odd.bopp");
    FAIL() << "accepted";
  } catch (const Error& e) {
    EXPECT_STREQ(e.what(), "odd.bopp: not a saved optimizer (an attachment that is not bytes)");
  }
}

}  // namespace
}  // namespace bopp::host
