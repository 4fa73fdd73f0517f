// The random algorithm plugin: its designs, its memory of the best point, and its module.
#include "random_search.hpp"

#include <bopp/bo/design.hpp>
#include <bopp/plugin.hpp>

#include "objective_module.hpp"
#include "state_round_trip.hpp"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <set>
#include <string>
#include <vector>

namespace {

using bopp::random_search::RandomSearch;

bopp::Config config(const std::string& text) {
  return bopp::kit::parse_config<RandomSearch>(text.c_str(), "algorithm");
}

RandomSearch make(const bopp::Problem& problem, const std::string& design, std::uint64_t seed) {
  return RandomSearch(problem, config("design = \"" + design + "\""), seed, bopp::Host());
}

// A box with bounds of different widths and signs, and a non-continuous dimension.
bopp::Problem uneven_box() {
  bopp::Problem p;
  p.lower = Eigen::Vector3d(-2.0, 0.0, 10.0);
  p.upper = Eigen::Vector3d(3.0, 1e-3, 13.0);
  p.kinds = {bopp::DimensionKind::continuous, bopp::DimensionKind::continuous,
             bopp::DimensionKind::integer};
  return p;
}

bool bitwise_equal(const bopp::Points& a, const bopp::Points& b) {
  return a.rows() == b.rows() && a.cols() == b.cols() &&
         std::memcmp(a.data(), b.data(), sizeof(double) * static_cast<std::size_t>(a.size())) == 0;
}

// How many of the side x side cells of the (normalized) box hold at least one of the points.
std::size_t occupied_cells(const bopp::Points& X, const bopp::Problem& p, int side) {
  std::set<std::pair<int, int>> cells;
  for (Eigen::Index r = 0; r < X.rows(); ++r) {
    const double u = (X(r, 0) - p.lower[0]) / (p.upper[0] - p.lower[0]);
    const double v = (X(r, 1) - p.lower[1]) / (p.upper[1] - p.lower[1]);
    cells.emplace(static_cast<int>(u * side), static_cast<int>(v * side));
  }
  return cells.size();
}

class RandomDesign : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomDesign, AsksExactlyMaxPointsInsideTheBox) {
  const bopp::Problem p = uneven_box();
  RandomSearch search = make(p, GetParam(), 3);
  for (std::size_t max_points : {1u, 7u, 200u}) {
    const bopp::Points X = search.ask(max_points);
    ASSERT_EQ(X.rows(), static_cast<Eigen::Index>(max_points));
    ASSERT_EQ(X.cols(), 3);
    for (Eigen::Index r = 0; r < X.rows(); ++r) {
      for (Eigen::Index d = 0; d < 3; ++d) {
        EXPECT_GE(X(r, d), p.lower[d]) << "row " << r << " dim " << d;
        EXPECT_LE(X(r, d), p.upper[d]) << "row " << r << " dim " << d;
      }
    }
  }
}

TEST_P(RandomDesign, SameSeedGivesBitIdenticalPoints) {
  RandomSearch a = make(uneven_box(), GetParam(), 42);
  RandomSearch b = make(uneven_box(), GetParam(), 42);
  for (std::size_t batch : {5u, 1u, 16u}) EXPECT_TRUE(bitwise_equal(a.ask(batch), b.ask(batch)));
}

TEST_P(RandomDesign, DifferentSeedsGiveDifferentPoints) {
  RandomSearch a = make(uneven_box(), GetParam(), 1);
  RandomSearch b = make(uneven_box(), GetParam(), 2);
  const bopp::Points Xa = a.ask(8), Xb = b.ask(8);
  for (Eigen::Index r = 0; r < 8; ++r) EXPECT_NE(Xa.row(r), Xb.row(r)) << "row " << r;
}

// Resume replays asks with the same seed but maybe other batch sizes: the sequence of points
// must not depend on how it was cut into batches.
TEST_P(RandomDesign, BatchesContinueOneSequence) {
  RandomSearch whole = make(uneven_box(), GetParam(), 9);
  RandomSearch pieces = make(uneven_box(), GetParam(), 9);
  const bopp::Points all = whole.ask(24);
  bopp::Points joined(24, 3);
  joined.topRows(5) = pieces.ask(5);
  joined.middleRows(5, 19) = pieces.ask(19);
  EXPECT_TRUE(bitwise_equal(all, joined));
}

INSTANTIATE_TEST_SUITE_P(Designs, RandomDesign, ::testing::Values("uniform", "sobol"));

// The first 4^k points of a base-2 Sobol sequence form a (0, 2k, 2)-net in its first two
// dimensions, and a digital shift keeps that: exactly one point in each of the 2^k x 2^k cells.
// 64 uniform points fill about 64 (1 - (63/64)^64) = 41 of the 8 x 8 cells.
TEST(RandomSearch, SobolCoversTheGridBetterThanUniform) {
  bopp::Problem p = bopp::Problem::box(2, 0.0, 1.0);
  p.lower[0] = -5.0;
  double uniform_total = 0;
  for (std::uint64_t seed = 1; seed <= 10; ++seed) {
    EXPECT_EQ(occupied_cells(make(p, "sobol", seed).ask(64), p, 8), 64u) << "seed " << seed;
    const std::size_t uniform = occupied_cells(make(p, "uniform", seed).ask(64), p, 8);
    EXPECT_LT(uniform, 64u) << "seed " << seed;
    uniform_total += static_cast<double>(uniform);
  }
  EXPECT_LT(uniform_total / 10, 50.0);
}

TEST(RandomSearch, SobolBatchesOfPowersOfFourFillTheirGrids) {
  const bopp::Problem p = bopp::Problem::box(2, 0.0, 1.0);
  RandomSearch search = make(p, "sobol", 5);
  const bopp::Points X = search.ask(256);
  EXPECT_EQ(occupied_cells(X.topRows(4), p, 2), 4u);
  EXPECT_EQ(occupied_cells(X.topRows(16), p, 4), 16u);
  EXPECT_EQ(occupied_cells(X, p, 16), 256u);
}

// The plugin streams the toolkit's SobolSequence across asks: a seed means the same points as
// the one-shot bopp::bo::sobol_design, however the stream is cut into asks.
TEST(RandomSearch, SobolStreamMatchesTheToolkitsSobolDesign) {
  RandomSearch search = make(bopp::Problem::box(5, 0.0, 1.0), "sobol", 17);
  bopp::Points streamed(40, 5);
  streamed.topRows(13) = search.ask(13);
  streamed.bottomRows(27) = search.ask(27);
  const Eigen::MatrixXd reference = bopp::bo::sobol_design(40, 5, 17);
  EXPECT_EQ((streamed.array() != reference.array()).count(), 0);
}

TEST(RandomSearch, RejectsSobolAboveItsTablesWithAClearError) {
  const auto dim = static_cast<Eigen::Index>(bopp::bo::SobolSequence::max_dimension + 1);
  const bopp::Problem p = bopp::Problem::box(dim, 0.0, 1.0);
  try {
    make(p, "sobol", 1);
    FAIL() << "accepted a Sobol design of " << dim << " dimensions";
  } catch (const bopp::SchemaError& e) {
    EXPECT_EQ(e.key(), "design");
    EXPECT_NE(std::string(e.what()).find("at most 3667 dimensions"), std::string::npos) << e.what();
    EXPECT_NE(std::string(e.what()).find("design = \"uniform\""), std::string::npos) << e.what();
  }
  EXPECT_NO_THROW(make(p, "uniform", 1));
}

TEST(RandomSearch, RejectsAnInfiniteBound) {
  bopp::Problem p = bopp::Problem::box(2, 0.0, 1.0);
  p.upper[1] = std::numeric_limits<double>::infinity();
  EXPECT_THROW(make(p, "uniform", 1), std::invalid_argument);
}

TEST(RandomSearch, RecommendsTheBoxCentreBeforeAnySuccess) {
  const bopp::Problem p = uneven_box();
  RandomSearch search = make(p, "uniform", 1);
  EXPECT_EQ(search.recommend(), (p.lower + p.upper) / 2);
  const bopp::Points X = search.ask(2);
  const std::int32_t failed[2] = {BOPP_EVAL_FAILED, BOPP_EVAL_FAILED};
  const double nan = std::numeric_limits<double>::quiet_NaN();
  search.tell(X, Eigen::Vector2d(nan, nan), failed);
  EXPECT_EQ(search.recommend(), (p.lower + p.upper) / 2);
}

TEST(RandomSearch, RecommendsTheBestToldPointIgnoringFailures) {
  RandomSearch search = make(bopp::Problem::box(2, 0.0, 1.0), "uniform", 1);
  bopp::Points X(4, 2);
  X << 0.1, 0.1, 0.2, 0.2, 0.3, 0.3, 0.4, 0.4;
  // A failed point's y must never be used, even when it looks best.
  const std::int32_t status[4] = {BOPP_OK, BOPP_EVAL_FAILED, BOPP_OK, BOPP_OK};
  search.tell(X, Eigen::Vector4d(-1.0, 100.0, 2.0, 0.5), status);
  EXPECT_EQ(search.recommend(), Eigen::Vector2d(0.3, 0.3));

  bopp::Points later(2, 2);
  later << 0.6, 0.6, 0.7, 0.7;
  const std::int32_t more[2] = {BOPP_OK, BOPP_OK};
  search.tell(later, Eigen::Vector2d(1.0, 2.5), more);  // maximization: 2.5 beats 2.0
  EXPECT_EQ(search.recommend(), Eigen::Vector2d(0.7, 0.7));
}

TEST(RandomSearch, SamplesCandidateRowsWithoutReplacementUntilExhausted) {
  bopp::Problem p = bopp::Problem::box(2, 0.0, 10.0);
  p.candidates.resize(5, 2);
  p.candidates << 1, 1, 2, 2, 3, 3, 4, 4, 5, 5;
  for (const char* design : {"uniform", "sobol"}) {
    RandomSearch search = make(p, design, 11);
    const bopp::Points first = search.ask(3);
    const bopp::Points second = search.ask(4);  // two rows finish the pass, two start the next
    std::vector<double> pass;
    for (Eigen::Index r = 0; r < 3; ++r) pass.push_back(first(r, 0));
    for (Eigen::Index r = 0; r < 2; ++r) pass.push_back(second(r, 0));
    EXPECT_EQ(std::set<double>(pass.begin(), pass.end()), (std::set<double>{1, 2, 3, 4, 5}))
        << design;
    EXPECT_NE(second(2, 0), second(3, 0)) << design;
    for (const bopp::Points* X : {&first, &second}) {
      for (Eigen::Index r = 0; r < X->rows(); ++r) {
        EXPECT_EQ((*X)(r, 0), (*X)(r, 1)) << "not a candidate row";
        EXPECT_EQ((*X)(r, 0), std::round((*X)(r, 0))) << "not a candidate row";
      }
    }
  }
}

TEST(RandomSearch, CandidateOrderDependsOnTheSeed) {
  bopp::Problem p = bopp::Problem::box(1, 0.0, 100.0);
  p.candidates = Eigen::VectorXd::LinSpaced(100, 0.0, 99.0);
  EXPECT_FALSE(bitwise_equal(make(p, "uniform", 1).ask(10), make(p, "uniform", 2).ask(10)));
  EXPECT_TRUE(bitwise_equal(make(p, "uniform", 3).ask(10), make(p, "uniform", 3).ask(10)));
}

// ---- the built module, through the C ABI -------------------------------------------------

const bopp_manifest& module_manifest() { return bopp::test::module_manifest("random"); }

TEST(RandomModule, ManifestDeclaresTheRandomAlgorithm) {
  const bopp_manifest& m = module_manifest();
  EXPECT_EQ(m.abi_major, BOPP_ABI_MAJOR);
  EXPECT_STREQ(m.library_name, "random");
  ASSERT_EQ(m.algorithm_count, 1u);
  EXPECT_EQ(m.objective_count, 0u);
  const bopp_algorithm_class& c = *m.algorithms[0];
  EXPECT_STREQ(c.name, "random");
  ASSERT_EQ(c.param_count, 2u);
  EXPECT_STREQ(c.params[0]->name, "design");
  EXPECT_STREQ(c.params[0]->default_value, "\"uniform\"");
  EXPECT_STREQ(c.params[0]->choices, "uniform|sobol");
  EXPECT_STREQ(c.params[1]->name, "design_from_host");
  EXPECT_STREQ(c.params[1]->default_value, "false");
}

TEST(RandomModule, AsksThroughTheAbiAndRejectsAnUnknownDesign) {
  const bopp_algorithm_class& c = *module_manifest().algorithms[0];
  const bopp::Problem p = bopp::Problem::box(2, -1.0, 1.0);
  const bopp::CProblem cp(p);
  char error[256] = "";
  void* instance = nullptr;
  EXPECT_EQ(c.create(cp.get(), "design = \"halton\"", 1, nullptr, &instance, error, sizeof error),
            BOPP_INVALID_CONFIG);
  EXPECT_NE(std::string(error).find("uniform|sobol"), std::string::npos) << error;

  ASSERT_EQ(c.create(cp.get(), "design = \"sobol\"", 1, nullptr, &instance, error, sizeof error),
            BOPP_OK)
      << error;
  double X[8];
  std::uint64_t count = 0;
  ASSERT_EQ(c.ask(instance, 4, X, &count, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(count, 4u);
  const double y[4] = {0.0, 3.0, 1.0, 2.0};
  const std::int32_t status[4] = {BOPP_OK, BOPP_OK, BOPP_OK, BOPP_OK};
  ASSERT_EQ(c.tell(instance, X, 4, y, status, error, sizeof error), BOPP_OK) << error;
  double best[2];
  ASSERT_EQ(c.recommend(instance, best, error, sizeof error), BOPP_OK) << error;
  EXPECT_EQ(best[0], X[2]);
  EXPECT_EQ(best[1], X[3]);
  c.destroy(instance);
}

}  // namespace

namespace {

double sphere(const Eigen::VectorXd& x) { return -x.squaredNorm(); }

const bopp_algorithm_class& random_table() {
  return *bopp::kit::AlgorithmTrampolines<RandomSearch>::table();
}

class RandomState : public ::testing::TestWithParam<std::string> {};

TEST_P(RandomState, ARestoredSearchAsksWhatTheOriginalAsks) {
  for (const std::size_t before : {0, 1, 5}) {
    EXPECT_EQ(bopp::test::state_round_trip(
                  random_table(), uneven_box(), "design = \"" + GetParam() + "\"", 7, sphere,
                  {.batches_before = before, .batches_after = 4, .batch = 3}),
              "")
        << "after " << before << " batches";
  }
}

INSTANTIATE_TEST_SUITE_P(Designs, RandomState, ::testing::Values("uniform", "sobol"));

TEST(RandomState, ACandidateShuffleRoundTrips) {
  bopp::Problem p = uneven_box();
  p.candidates = bopp::Points::Random(7, 3).cwiseAbs();
  p.candidates.col(0).array() -= 1.0;
  p.candidates.col(1) *= 1e-3;
  p.candidates.col(2).array() += 11.0;
  EXPECT_EQ(bopp::test::state_round_trip(random_table(), p, "", 3, sphere,
                                         {.batches_before = 2, .batches_after = 5, .batch = 2}),
            "");
}

TEST(RandomState, RefusesTruncatedOrForeignBytesInOneLine) {
  bopp::test::TableInstance original(random_table(), uneven_box(), "", 1);
  original.tell(original.ask(2), {1.0, 2.0});
  std::vector<std::uint8_t> bytes = original.save();

  bopp::test::TableInstance truncated(random_table(), uneven_box(), "", 1);
  std::vector<std::uint8_t> cut(bytes.begin(), bytes.begin() + bytes.size() / 2);
  EXPECT_EQ(truncated.restore(cut), BOPP_INVALID_ARGUMENT);
  EXPECT_NE(truncated.last_error().find("truncated or corrupt"), std::string::npos)
      << truncated.last_error();
  EXPECT_EQ(truncated.last_error().find('\n'), std::string::npos);

  // The same bytes claiming another version of the class.
  const std::string version = RandomSearch::version;
  const auto at = std::search(bytes.begin(), bytes.end(), version.begin(), version.end());
  ASSERT_NE(at, bytes.end());
  *(at + static_cast<std::ptrdiff_t>(version.size()) - 1) = '9';
  bopp::test::TableInstance foreign(random_table(), uneven_box(), "", 1);
  EXPECT_EQ(foreign.restore(bytes), BOPP_INVALID_ARGUMENT);
  EXPECT_NE(foreign.last_error().find("written by 'random' 1.0.9"), std::string::npos)
      << foreign.last_error();
}

}  // namespace
