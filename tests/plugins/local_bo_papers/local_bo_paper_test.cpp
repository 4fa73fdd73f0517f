// Reduced versions of the two reproduced figures (examples/papers/; docs/papers.md has the
// full-scale numbers). Label `paper`: minutes, not in CI's default run.
#include "local_bo_runs.hpp"

#include <cmath>

namespace bopp::local_bo_test {
namespace {

std::vector<std::uint64_t> first_seeds(std::uint64_t n) {
  std::vector<std::uint64_t> s;
  for (std::uint64_t i = 0; i < n; ++i) s.push_back(i);
  return s;
}

// Wu et al. Figure 1 (noiseless), d = 20, 10 paths: GIBO's BFGS variant ends far below
// random search, whose median cannot beat the expected best of 5000 N(0,1) draws by much.
TEST(WuFigure1Reduced, GiboBfgsGoesFarBelowRandomSearchOnSamplePaths) {
  const std::string objective =
      "name = 'gpsample'\nkind = 'path'\nseed = -1\ndim = 20\nlengthscale = 1.0\nlower = "
      "-100.0\nupper = 100.0";
  const std::string gibo =
      "name = 'gibo'\nvariant = 'wu-bfgs'\nlengthscale = 1.0\noutputscale = 1.0\nnoise_variance = "
      "0.0";
  const auto seeds = first_seeds(10);
  const double gibo_median = median(final_bests(objective, gibo, seeds, 5000, 64));
  const double random_median = median(final_bests(objective, "name = 'random'", seeds, 5000, 64));
  RecordProperty("gibo_median", std::to_string(gibo_median));
  RecordProperty("random_median", std::to_string(random_median));
  EXPECT_GT(random_median, -std::sqrt(2 * std::log(5000.0)));  // Remark 1: about -3.7
  EXPECT_LT(gibo_median, random_median - 3.0);
}

// Fan et al. Figure 2, d = 25, 5 functions, 500 evaluations: LA-MinUCB and MinUCB end below GIBO.
TEST(FanFigure2Reduced, LaMinUcbAndMinUcbEndBelowGibo) {
  const std::string objective = "name = 'gpsample'\nkind = 'posterior_mean'\nseed = -1\ndim = 25";
  const auto seeds = first_seeds(5);
  const double gibo = mean(final_bests(objective, "name = 'gibo'", seeds, 500, 128));
  const double minucb = mean(final_bests(objective, "name = 'minucb'", seeds, 500, 128));
  const double la_minucb = mean(final_bests(objective, "name = 'la-minucb'", seeds, 500, 128));
  RecordProperty("gibo", std::to_string(gibo));
  RecordProperty("minucb", std::to_string(minucb));
  RecordProperty("la_minucb", std::to_string(la_minucb));
  EXPECT_LT(minucb, gibo);
  EXPECT_LT(la_minucb, gibo);
}

}  // namespace
}  // namespace bopp::local_bo_test
