// The multistart L-BFGS in lockstep: minimize_in_box's search to the bit when each row is the
// one-point function's, one call of f a round (not one a point), no thread of its own, and errors
// that end every run.
#include <bopp/bo/box_minimizer.hpp>
#include <bopp/bo/lockstep_box_minimizer.hpp>

#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <random>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace {

using namespace bopp::bo;

// A bumpy function with many basins in the box [-2, 2]^3 and minima on its faces.
double bumpy(const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
  double value = 0;
  for (Eigen::Index i = 0; i < x.size(); ++i) {
    const double w = 2.0 + static_cast<double>(i);
    value += std::sin(w * x[i]) + 0.3 * x[i] * x[i] - 0.2 * x[i];
    if (gradient != nullptr) (*gradient)[i] = w * std::cos(w * x[i]) + 0.6 * x[i] - 0.2;
  }
  return value;
}

// The batch form of a one-point function, row by row; counts its calls and their rows.
struct Rowwise {
  SmoothFunction f;
  std::vector<Eigen::Index> batches;

  BatchSmoothFunction batch() {
    return [this](const Eigen::MatrixXd& X, Eigen::VectorXd& values, Eigen::MatrixXd& gradients) {
      batches.push_back(X.rows());
      values.resize(X.rows());
      gradients.resize(X.rows(), X.cols());
      Eigen::VectorXd g(X.cols());
      for (Eigen::Index i = 0; i < X.rows(); ++i) {
        values[i] = f(X.row(i).transpose(), &g);
        gradients.row(i) = g.transpose();
      }
    };
  }
};

Eigen::MatrixXd random_starts(Eigen::Index k, Eigen::Index d, std::uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::uniform_real_distribution<double> u(-2.5, 2.5);  // some outside the box: clamped
  return Eigen::MatrixXd::NullaryExpr(k, d, [&] { return u(rng); });
}

TEST(MinimizeInBoxLockstep, GivesTheOneRunAtATimeSearchToTheBit) {
  const Eigen::VectorXd lower = -2 * Eigen::VectorXd::Ones(3), upper = 2 * Eigen::VectorXd::Ones(3);
  for (const std::uint64_t seed : {1, 2, 3}) {
    const Eigen::MatrixXd starts = random_starts(25, 3, seed);
    for (const int cap : {5, 200}) {
      const BoxMinimizerOptions options{cap, 1e-9};
      const BoxMinimum one_at_a_time = minimize_in_box(bumpy, lower, upper, starts, options);
      Rowwise rowwise{bumpy, {}};
      const BoxMinimum lockstep =
          minimize_in_box_lockstep(rowwise.batch(), lower, upper, starts, options);
      EXPECT_EQ(lockstep.value, one_at_a_time.value) << "seed " << seed << ", cap " << cap;
      EXPECT_EQ(lockstep.x, one_at_a_time.x) << "seed " << seed << ", cap " << cap;
      EXPECT_EQ(lockstep.evaluations, one_at_a_time.evaluations);
      Eigen::Index batched = 0;
      for (const Eigen::Index b : rowwise.batches) batched += b;
      EXPECT_EQ(lockstep.evaluations, static_cast<std::size_t>(batched));
    }
  }
}

// The process's thread count, from /proc/self/status.
int threads_of_this_process() {
  std::ifstream status("/proc/self/status");
  for (std::string line; std::getline(status, line);)
    if (line.rfind("Threads:", 0) == 0) return std::stoi(line.substr(8));
  return -1;
}

// Every run's step happens on the caller's thread, and the search starts no thread: the runs are
// contexts switched in user space.
TEST(MinimizeInBoxLockstep, RunsOnTheCallersThreadAndStartsNoThread) {
  const Eigen::VectorXd lower = -2 * Eigen::VectorXd::Ones(3), upper = 2 * Eigen::VectorXd::Ones(3);
  const int before = threads_of_this_process();
  ASSERT_GT(before, 0);
  const std::thread::id caller = std::this_thread::get_id();
  Rowwise rowwise{[&](const Eigen::VectorXd& x, Eigen::VectorXd* gradient) {
                    EXPECT_EQ(std::this_thread::get_id(), caller);
                    EXPECT_EQ(threads_of_this_process(), before);
                    return bumpy(x, gradient);
                  },
                  {}};
  minimize_in_box_lockstep(rowwise.batch(), lower, upper, random_starts(20, 3, 5), {10, 1e-9});
  EXPECT_FALSE(rowwise.batches.empty());
}

TEST(MinimizeInBoxLockstep, EvaluatesEveryRunStillGoingInOneCallARound) {
  const Eigen::VectorXd lower = -2 * Eigen::VectorXd::Ones(3), upper = 2 * Eigen::VectorXd::Ones(3);
  const Eigen::MatrixXd starts = random_starts(40, 3, 7);
  Rowwise rowwise{bumpy, {}};
  minimize_in_box_lockstep(rowwise.batch(), lower, upper, starts, {30, 1e-9});
  ASSERT_FALSE(rowwise.batches.empty());
  EXPECT_EQ(rowwise.batches.front(), 40);  // every run asks for its start first
  EXPECT_LE(rowwise.batches.size(), 30u);  // rounds: at most one run's evaluations
  for (std::size_t i = 1; i < rowwise.batches.size(); ++i)
    EXPECT_LE(rowwise.batches[i], rowwise.batches[i - 1]) << "a run that ended came back";
  Eigen::Index points = 0;
  for (const Eigen::Index b : rowwise.batches) points += b;
  EXPECT_GT(points, 2 * 40);  // the runs took several steps each
}

TEST(MinimizeInBoxLockstep, AnErrorOfFInALaterRoundEndsEveryRunAndReachesTheCaller) {
  const Eigen::VectorXd lower = -2 * Eigen::VectorXd::Ones(3), upper = 2 * Eigen::VectorXd::Ones(3);
  int calls = 0;
  const BatchSmoothFunction failing = [&calls](const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                               Eigen::MatrixXd& gradients) {
    if (++calls == 3) throw std::runtime_error("the draw is gone");
    values = Eigen::VectorXd::Zero(X.rows());
    gradients = Eigen::MatrixXd::Ones(X.rows(), X.cols());
  };
  try {
    minimize_in_box_lockstep(failing, lower, upper, random_starts(20, 3, 1));
    FAIL() << "no error";
  } catch (const std::runtime_error& e) {
    EXPECT_STREQ(e.what(), "the draw is gone");
  }
  EXPECT_EQ(calls, 3);
}

TEST(MinimizeInBoxLockstep, RefusesResultsOfTheWrongSizeAndBadBounds) {
  const Eigen::VectorXd lower = Eigen::VectorXd::Zero(2), upper = Eigen::VectorXd::Ones(2);
  const BatchSmoothFunction short_rows = [](const Eigen::MatrixXd& X, Eigen::VectorXd& values,
                                            Eigen::MatrixXd& gradients) {
    values = Eigen::VectorXd::Zero(X.rows() - 1);
    gradients = Eigen::MatrixXd::Zero(X.rows(), X.cols());
  };
  EXPECT_THROW(minimize_in_box_lockstep(short_rows, lower, upper, Eigen::MatrixXd::Zero(4, 2)),
               std::logic_error);
  EXPECT_THROW(minimize_in_box_lockstep(short_rows, upper, lower, Eigen::MatrixXd::Zero(4, 2)),
               std::invalid_argument);
  EXPECT_THROW(minimize_in_box_lockstep(short_rows, lower, upper, Eigen::MatrixXd::Zero(0, 2)),
               std::invalid_argument);
  EXPECT_THROW(minimize_in_box_lockstep(short_rows, lower, upper, Eigen::MatrixXd::Zero(4, 3)),
               std::invalid_argument);
}

}  // namespace
