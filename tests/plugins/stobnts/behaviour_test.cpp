// The ask/tell contract of the three algorithms: batch sizes, points inside the box or rows of
// the candidate set, same-seed replay, and fresh draws in every iteration and within a batch
// (the reference code reuses one set of networks for the whole run).
#include "support.hpp"

#include <gtest/gtest.h>

#include <cmath>

namespace {

using namespace bopp::stobnts;
using stobnts_test::config;

const std::string small =
    "n_init = 3\ndepth = 1\nwidth = 16\ntrain_passes = 50\nacq_random = 200\nacq_restarts = 2\n";

double bumpy(const Eigen::VectorXd& x) { return std::sin(3 * x[0]) + std::cos(2 * x[1]); }

bopp::Problem box() {
  bopp::Problem p;
  p.lower = Eigen::Vector2d(-1.0, 0.0);
  p.upper = Eigen::Vector2d(2.0, 5.0);
  return p;
}

template <class Algorithm>
class StoBntsContract : public ::testing::Test {};
using Algorithms = ::testing::Types<StoBnts, StoBntsLinear, DeepEnsemble>;
TYPED_TEST_SUITE(StoBntsContract, Algorithms);

TYPED_TEST(StoBntsContract, AsksTheDesignThenFullBatchesInsideTheBox) {
  TypeParam algorithm(box(), config<TypeParam>(small), 7, bopp::Host());
  EXPECT_EQ(algorithm.ask(2).rows(), 2);
  stobnts_test::tell(algorithm, algorithm.ask(2), bumpy);  // the last design point
  for (int k = 0; k < 3; ++k) {
    const bopp::Points X = algorithm.ask(3);
    ASSERT_EQ(X.rows(), 3);
    for (Eigen::Index i = 0; i < X.rows(); ++i) {
      EXPECT_TRUE((X.row(i).transpose().array() >= box().lower.array()).all());
      EXPECT_TRUE((X.row(i).transpose().array() <= box().upper.array()).all());
    }
    stobnts_test::tell(algorithm, X, bumpy);
  }
}

TYPED_TEST(StoBntsContract, SameSeedAsksTheSamePoints) {
  TypeParam a(box(), config<TypeParam>(small), 11, bopp::Host());
  TypeParam b(box(), config<TypeParam>(small), 11, bopp::Host());
  TypeParam c(box(), config<TypeParam>(small), 12, bopp::Host());
  const Eigen::MatrixXd asked = stobnts_test::run(a, bumpy, 2, 5, 2);
  EXPECT_EQ(stobnts_test::run(b, bumpy, 2, 5, 2), asked);
  EXPECT_NE(stobnts_test::run(c, bumpy, 2, 5, 2), asked);
}

TYPED_TEST(StoBntsContract, AsksRowsOfTheCandidateSet) {
  bopp::Problem p = box();
  p.candidates.resize(40, 2);
  for (Eigen::Index i = 0; i < 40; ++i)
    p.candidates.row(i) << -1.0 + 3.0 * (i % 8) / 7.0, 5.0 * (i / 8) / 4.0;
  TypeParam algorithm(p, config<TypeParam>(small), 3, bopp::Host());
  const Eigen::MatrixXd asked = stobnts_test::run(algorithm, bumpy, 2, 5, 2);
  ASSERT_EQ(asked.rows(), 9);  // 3 design points asked 2 + 1, then 3 batches of 2
  for (Eigen::Index i = 0; i < asked.rows(); ++i) {
    bool found = false;
    for (Eigen::Index r = 0; r < p.candidates.rows(); ++r)
      found = found || (p.candidates.row(r) == asked.row(i));
    EXPECT_TRUE(found) << "row " << i << " is not a candidate";
  }
}

// Without new data in between, two iterations still draw different models, and so do the
// draws of one batch. (Their maximizers may coincide: the deep ensemble's converged draws on five
// points all climb to the same corner of the box.)
TYPED_TEST(StoBntsContract, EveryDrawIsFresh) {
  TypeParam algorithm(box(), config<TypeParam>(small), 5, bopp::Host());
  stobnts_test::run(algorithm, bumpy, 2, 2, 2);  // the design (3 points) and one batch
  const bopp::Points first = algorithm.ask(3);
  const bopp::Points second = algorithm.ask(3);
  EXPECT_NE(first, second);
  const Eigen::MatrixXd X = first.topRows(2);  // any points in the box
  const Eigen::VectorXd a = algorithm.sample(1, 0).values(X);
  EXPECT_NE(algorithm.sample(1, 1).values(X), a);
  EXPECT_NE(algorithm.sample(2, 0).values(X), a);
}

TYPED_TEST(StoBntsContract, SampleGradientMatchesCentralDifferences) {
  TypeParam algorithm(box(), config<TypeParam>(small), 9, bopp::Host());
  stobnts_test::run(algorithm, bumpy, 2, 3, 2);
  const NetworkSample sample = algorithm.sample(0, 0);
  const Eigen::Vector2d x(0.4, 2.2);
  Eigen::VectorXd gradient;
  EXPECT_NEAR(sample.value(x, &gradient), sample.values(x.transpose())[0], 1e-12);
  Eigen::Vector2d numeric;
  for (Eigen::Index j = 0; j < 2; ++j) {
    Eigen::VectorXd up = x, down = x;
    up[j] += 1e-6;
    down[j] -= 1e-6;
    numeric[j] = (sample.value(up) - sample.value(down)) / 2e-6;
  }
  EXPECT_LT((gradient - numeric).norm(), 1e-6 * (1 + numeric.norm()));
}

// The networks train in float unless asked for double (the linear model has no training
// precision to choose); the two are different draws of one run, each replayable, and after 50
// gradient-descent steps close (L-BFGS's runs part further, to where each converges).
TEST(StoBntsSettings, NetworksTrainInFloatByDefault) {
  EXPECT_EQ(StoBnts(box(), config<StoBnts>(""), 1, bopp::Host()).settings().precision,
            bopp::nn::Precision::float32);
  EXPECT_EQ(DeepEnsemble(box(), config<DeepEnsemble>("precision = \"double\"\n"), 1, bopp::Host())
                .settings()
                .precision,
            bopp::nn::Precision::float64);
  EXPECT_THROW(
      StoBntsLinear(box(), config<StoBntsLinear>("precision = \"double\"\n"), 1, bopp::Host()),
      std::exception);
  const std::string steps = small + "training = \"gd\"\ntrain_steps = 50\n";
  StoBnts single(box(), config<StoBnts>(steps), 3, bopp::Host());
  StoBnts twice(box(), config<StoBnts>(steps), 3, bopp::Host());
  StoBnts wide(box(), config<StoBnts>(steps + "precision = \"double\"\n"), 3, bopp::Host());
  for (StoBnts* algorithm : {&single, &twice, &wide}) stobnts_test::run(*algorithm, bumpy, 2, 3, 1);
  const Eigen::MatrixXd X = twice.ask(40);  // any points in the box
  const Eigen::VectorXd f = single.sample(0, 0).values(X);
  EXPECT_EQ(twice.sample(0, 0).values(X), f);
  const Eigen::VectorXd g = wide.sample(0, 0).values(X);
  EXPECT_NE(g, f);
  EXPECT_LT((g - f).cwiseAbs().maxCoeff(), 1e-4 * (1 + g.cwiseAbs().maxCoeff()));
}

// The training keys: one line naming the key for a bad value; -Linear has no `training` (its
// `linear_solver` chooses), and its L-BFGS and gradient-descent draws run to a small gradient
// are its closed-form draw.
TEST(StoBntsSettings, TrainingKeys) {
  const auto message = [](const std::string& settings) {
    try {
      StoBnts(box(), config<StoBnts>(settings), 1, bopp::Host());
    } catch (const std::exception& e) {
      return std::string(e.what());
    }
    return std::string();
  };
  for (const char* bad : {"training = \"adam\"\n", "train_tol = 2.0\n", "train_tol = -1e-3\n",
                          "train_passes = -1\n", "grad_tol = -1.0\n"}) {
    const std::string what = message(bad);
    const std::string key = std::string(bad).substr(0, std::string(bad).find(' '));
    EXPECT_NE(what.find(key), std::string::npos) << bad << ": " << what;
    EXPECT_EQ(what.find('\n'), std::string::npos) << what;
  }
  EXPECT_EQ(StoBnts(box(), config<StoBnts>(""), 1, bopp::Host()).settings().training.method,
            bopp::nn::TrainingMethod::lbfgs);
  EXPECT_EQ(DeepEnsemble(box(), config<DeepEnsemble>("training = \"gd\"\n"), 1, bopp::Host())
                .settings()
                .training.method,
            bopp::nn::TrainingMethod::gradient_descent);
  EXPECT_THROW(config<StoBntsLinear>("training = \"gd\"\n"), std::exception);

  const std::string linear =
      "n_init = 3\ndepth = 1\nwidth = 16\nacq_random = 200\nacq_restarts = 2\nnoise_std = 0.3\n";
  StoBntsLinear exact(box(), config<StoBntsLinear>(linear), 4, bopp::Host());
  StoBntsLinear trained(box(),
                        config<StoBntsLinear>(linear + "linear_solver = \"lbfgs\"\n"
                                                       "train_passes = 5000\ntrain_tol = 0\n"
                                                       "grad_tol = 1e-9\n"),
                        4, bopp::Host());
  // Gradient descent (in the coordinates of its iterates) run until the gradient is gone.
  StoBntsLinear stepped(box(),
                        config<StoBntsLinear>(linear + "linear_solver = \"gd\"\n"
                                                       "lr_scaling = \"ntk\"\nlearning_rate = 0.5\n"
                                                       "train_steps = 1000000\ngrad_tol = 1e-10\n"),
                        4, bopp::Host());
  for (StoBntsLinear* algorithm : {&exact, &trained, &stepped})
    stobnts_test::run(*algorithm, bumpy, 2, 2, 3);
  const Eigen::MatrixXd X = exact.ask(20);
  const Eigen::VectorXd f = exact.sample(0, 1).values(X), g = trained.sample(0, 1).values(X);
  EXPECT_LT((g - f).cwiseAbs().maxCoeff(), 1e-6 * (1 + f.cwiseAbs().maxCoeff()));
  const Eigen::VectorXd h = stepped.sample(0, 1).values(X);
  EXPECT_LT((h - f).cwiseAbs().maxCoeff(), 1e-6 * (1 + f.cwiseAbs().maxCoeff()));
}

TEST(StoBntsSettings, RejectsUnknownActivation) {
  EXPECT_THROW(StoBnts(box(), config<StoBnts>("activation = \"tanh\"\n"), 1, bopp::Host()),
               std::exception);
}

}  // namespace
