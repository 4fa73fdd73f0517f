// robust_cholesky: plain factorization, and jitter escalation reported through the log;
// on OpenBLAS, one BLAS thread whatever the machine's cores.
#include <bopp/bo/cholesky.hpp>

#include <gtest/gtest.h>

#include <string>
#include <vector>

#ifdef BOPP_EIGEN_OPENBLAS
extern "C" int openblas_get_num_threads(void);
#endif

namespace {

#ifdef BOPP_EIGEN_OPENBLAS
// Every unit on OpenBLAS sets it when its binary loads (bopp/eigen_configuration.hpp): results
// must not depend on the core count, and bopp's parallelism is in the evaluators.
TEST(RobustCholesky, RunsOpenBlasOnOneThread) {
  Eigen::MatrixXd K = Eigen::MatrixXd::Identity(300, 300);
  bopp::bo::robust_cholesky(K);
  EXPECT_EQ(openblas_get_num_threads(), 1);
}
#endif

TEST(RobustCholesky, FactorsPositiveDefiniteMatrixWithoutJitter) {
  Eigen::MatrixXd K(2, 2);
  K << 4, 2, 2, 3;
  std::vector<std::string> messages;
  const auto f = bopp::bo::robust_cholesky(K, [&](const std::string& m) { messages.push_back(m); });
  EXPECT_EQ(f.jitter, 0.0);
  EXPECT_TRUE(messages.empty());
  const Eigen::MatrixXd L = f.llt.matrixL();
  EXPECT_LT((L * L.transpose() - K).norm(), 1e-14);
}

TEST(RobustCholesky, AddsJitterToSingularMatrixAndLogsIt) {
  // Rank one: two identical points under a noiseless kernel.
  Eigen::MatrixXd K = Eigen::MatrixXd::Ones(3, 3);
  std::vector<std::string> messages;
  const auto f = bopp::bo::robust_cholesky(K, [&](const std::string& m) { messages.push_back(m); });
  EXPECT_GT(f.jitter, 0.0);
  EXPECT_LE(f.jitter, 1e-2);
  ASSERT_FALSE(messages.empty());
  EXPECT_NE(messages.back().find("jitter"), std::string::npos);
  const Eigen::MatrixXd L = f.llt.matrixL();
  EXPECT_LT((L * L.transpose() - K).norm(), 2 * f.jitter);
}

TEST(RobustCholesky, ThrowsOnIndefiniteMatrix) {
  Eigen::MatrixXd K(2, 2);
  K << 1, 0, 0, -1;
  EXPECT_THROW(bopp::bo::robust_cholesky(K), std::runtime_error);
}

}  // namespace
