// Designs: the stratification properties that make them space-filling, and seeding.
#include <bopp/bo/design.hpp>

#include <gtest/gtest.h>

#include <set>

namespace {

using namespace bopp::bo;

// Every coordinate of the n points takes one value in each interval [k/n, (k+1)/n).
bool stratified(const Eigen::MatrixXd& X) {
  const auto n = X.rows();
  for (Eigen::Index j = 0; j < X.cols(); ++j) {
    std::set<Eigen::Index> cells;
    for (Eigen::Index i = 0; i < n; ++i)
      cells.insert(static_cast<Eigen::Index>(X(i, j) * static_cast<double>(n)));
    if (static_cast<Eigen::Index>(cells.size()) != n) return false;
  }
  return true;
}

TEST(SobolDesign, PowerOfTwoPrefixIsStratifiedInEveryCoordinateForEverySeed) {
  for (std::uint64_t seed : {0u, 1u, 99u}) {
    const Eigen::MatrixXd X = sobol_design(64, 5, seed);
    EXPECT_TRUE((X.array() >= 0).all() && (X.array() < 1).all());
    EXPECT_TRUE(stratified(X)) << "seed " << seed;
  }
}

TEST(SobolDesign, SeedsGiveReproducibleDistinctDesigns) {
  EXPECT_EQ(sobol_design(8, 3, 4), sobol_design(8, 3, 4));
  EXPECT_NE(sobol_design(8, 3, 4), sobol_design(8, 3, 5));
}

TEST(LatinHypercubeDesign, IsStratifiedInEveryCoordinate) {
  const Eigen::MatrixXd X = latin_hypercube_design(37, 4, 3);
  EXPECT_TRUE(stratified(X));
  EXPECT_NE(X, latin_hypercube_design(37, 4, 4));
}

TEST(ScaleToBox, MapsUnitCubeCornersToBoxCorners) {
  Eigen::MatrixXd unit(2, 2);
  unit << 0, 0, 1, 1;
  const Eigen::MatrixXd X = scale_to_box(unit, Eigen::Vector2d(-5, 0), Eigen::Vector2d(10, 15));
  EXPECT_EQ(X(0, 0), -5);
  EXPECT_EQ(X(1, 0), 10);
  EXPECT_EQ(X(1, 1), 15);
}

}  // namespace
