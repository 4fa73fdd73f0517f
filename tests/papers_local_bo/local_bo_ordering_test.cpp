// Fan et al.'s ordering at a small scale (issue #6): on Müller et al.'s synthetic functions
// in d = 10 with 150 evaluations, MinUCB ends better than GIBO, and all three local methods
// far better than random search. Five runs, each on its own function (gpsample seed = -1);
// the comparison is of the mean final best over them (gpsample minimizes).
//
// The paper also has LA-MinUCB ahead of GIBO. With its default batch (GIBO's batch, as
// MinUCB's) ours is at d = 25, 50 and 100 (docs/papers.md), but not here: on most functions
// it ends at MinUCB's local optimum, on the others an early long step into the look-ahead's
// far corner of the δ-box sends it to a worse basin (here functions 0 and 1; docs/minucb.md).
// So for LA-MinUCB this test asserts what holds: MinUCB's optimum (within 0.02) on at least
// three of the five functions, and far better than random search.
#include "local_bo_runs.hpp"

namespace bopp::local_bo_test {
namespace {

const std::string objective = "name = 'gpsample'\nkind = 'posterior_mean'\nseed = -1\ndim = 10";
const std::vector<std::uint64_t> seeds = {0, 1, 2, 3, 4};
constexpr std::uint64_t budget = 150;
constexpr std::uint64_t batch = 32;

TEST(LocalBoOrdering, MinUcbBeatsGiboLaMinUcbReachesItsOptimumAndAllBeatRandomSearch) {
  const double gibo = mean(final_bests(objective, "name = 'gibo'", seeds, budget, batch));
  const std::vector<double> minucb = final_bests(objective, "name = 'minucb'", seeds, budget, batch);
  const std::vector<double> la_minucb = final_bests(objective, "name = 'la-minucb'", seeds, budget, batch);
  const double random = mean(final_bests(objective, "name = 'random'", seeds, budget, batch));
  RecordProperty("gibo", std::to_string(gibo));
  RecordProperty("minucb", std::to_string(mean(minucb)));
  RecordProperty("la_minucb", std::to_string(mean(la_minucb)));
  RecordProperty("random", std::to_string(random));
  EXPECT_LT(mean(minucb), gibo);
  int level = 0;
  for (std::size_t i = 0; i < seeds.size(); ++i) level += la_minucb[i] <= minucb[i] + 0.02 ? 1 : 0;
  EXPECT_GE(level, 3) << "functions where LA-MinUCB ends at MinUCB's optimum";
  // Random search is far behind: at least half a unit of the functions' scale (sd 1).
  for (const double local : {gibo, mean(minucb), mean(la_minucb)}) EXPECT_LT(local, random - 0.5);
}

}  // namespace
}  // namespace bopp::local_bo_test
