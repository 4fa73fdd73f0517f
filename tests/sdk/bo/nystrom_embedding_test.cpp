// The Nyström embedding: exact on its dictionary, bounded by the prior elsewhere, and a
// shorter map instead of a failure when the dictionary repeats a point.
#include <bopp/bo/nystrom_embedding.hpp>

#include <gtest/gtest.h>

#include <random>

namespace {

using bopp::bo::Kernel;
using bopp::bo::KernelType;

Eigen::MatrixXd random_points(Eigen::Index n, Eigen::Index d, unsigned seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(0.0, 1.0);
  Eigen::MatrixXd X(n, d);
  for (Eigen::Index i = 0; i < X.size(); ++i) X.data()[i] = u(rng);
  return X;
}

TEST(NystromEmbedding, EmptyDictionaryLeavesThePriorVarianceAsResidual) {
  const Kernel k(KernelType::rbf, 2, 0.3, 1.0);
  const auto e = bopp::bo::nystrom_embedding(k, random_points(7, 2, 1), Eigen::MatrixXd(0, 2));
  EXPECT_EQ(e.features.rows(), 7);
  EXPECT_EQ(e.features.cols(), 0);
  EXPECT_TRUE(e.residual.isApproxToConstant(1.0));
}

TEST(NystromEmbedding, ReproducesTheKernelOnTheDictionaryAndBoundsItElsewhere) {
  const Kernel k(KernelType::rbf, 3, 0.4, 1.0);
  const Eigen::MatrixXd S = random_points(12, 3, 2);
  const Eigen::MatrixXd X = random_points(30, 3, 3);
  Eigen::MatrixXd all(42, 3);
  all << S, X;
  const auto e = bopp::bo::nystrom_embedding(k, all, S);
  const Eigen::MatrixXd on_s = e.features.topRows(12) * e.features.topRows(12).transpose();
  EXPECT_LT((on_s - k.matrix(S)).cwiseAbs().maxCoeff(), 1e-10);
  EXPECT_LT(e.residual.head(12).maxCoeff(), 1e-10);
  EXPECT_GT(e.residual.tail(30).maxCoeff(), 1e-3);  // points off S are not explained
  for (Eigen::Index i = 0; i < 42; ++i) EXPECT_LE(e.features.row(i).squaredNorm(), 1.0 + 1e-12);
}

TEST(NystromEmbedding, RepeatedDictionaryPointGivesAShorterMap) {
  const Kernel k(KernelType::rbf, 2, 0.3, 1.0);
  Eigen::MatrixXd S = random_points(5, 2, 4);
  S.row(4) = S.row(1);
  const auto e = bopp::bo::nystrom_embedding(k, S, S);
  EXPECT_EQ(e.features.cols(), 4);
  EXPECT_LT((e.features * e.features.transpose() - k.matrix(S)).cwiseAbs().maxCoeff(), 1e-9);
}

}  // namespace
