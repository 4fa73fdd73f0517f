// Fan et al.'s ordering at a small scale (issue #6): on Müller et al.'s synthetic functions
// in d = 10 with 150 evaluations, MinUCB ends better than GIBO, and all three local methods
// far better than random search. Five runs, each on its own function (gpsample seed = -1);
// the comparison is of the mean final best over them (gpsample minimizes).
//
// The paper also has LA-MinUCB ahead of GIBO; ours is not at this scale (it ends in a worse
// basin on one of the five functions: docs/papers.md, docs/minucb.md), so for LA-MinUCB this
// test only guards against a regression: within 0.15 of GIBO's mean (the functions' sd is 1).
#include "local_bo_runs.hpp"

namespace bopp::local_bo_test {
namespace {

const std::string objective = "name = 'gpsample'\nkind = 'posterior_mean'\nseed = -1\ndim = 10";
const std::vector<std::uint64_t> seeds = {0, 1, 2, 3, 4};
constexpr std::uint64_t budget = 150;
constexpr std::uint64_t batch = 32;

TEST(LocalBoOrdering, MinUcbBeatsGiboLaMinUcbKeepsUpAndAllBeatRandomSearch) {
  const double gibo = mean(final_bests(objective, "name = 'gibo'", seeds, budget, batch));
  const double minucb = mean(final_bests(objective, "name = 'minucb'", seeds, budget, batch));
  const double la_minucb = mean(final_bests(objective, "name = 'la-minucb'", seeds, budget, batch));
  const double random = mean(final_bests(objective, "name = 'random'", seeds, budget, batch));
  RecordProperty("gibo", std::to_string(gibo));
  RecordProperty("minucb", std::to_string(minucb));
  RecordProperty("la_minucb", std::to_string(la_minucb));
  RecordProperty("random", std::to_string(random));
  EXPECT_LT(minucb, gibo);
  EXPECT_LT(la_minucb, gibo + 0.15);
  // Random search is far behind: at least half a unit of the functions' scale (sd 1).
  for (const double local : {gibo, minucb, la_minucb}) EXPECT_LT(local, random - 0.5);
}

}  // namespace
}  // namespace bopp::local_bo_test
