// Fan et al.'s ordering at a small scale: on Müller et al.'s synthetic functions
// in d = 10 with 150 evaluations, MinUCB and LA-MinUCB end better than GIBO, and all three
// far better than random search. Thirty runs, each on its own function (gpsample seed = -1;
// gpsample minimizes).
//
// "Better" is counted per function, a sign test: the method ends below GIBO on at least 20 of
// the 30 functions, which a coin flip would reach with probability 0.049. The means cannot be
// compared at this scale: on 120 functions (examples/papers/fan-d10-ordering.toml) the three
// methods' means are level within their standard errors (MinUCB −0.004 ± 0.014 and LA-MinUCB
// +0.002 ± 0.017 against GIBO on OpenBLAS, −0.010 ± 0.009 and +0.016 ± 0.020 with Eigen's
// kernels), because which basin a run ends in outweighs the methods' differences inside one;
// per function, MinUCB ends below GIBO on 100 (106) and LA-MinUCB on 103 (99) of the 120.
//
// Why thirty functions: another CPU's kernels round differently, and at d = 10 a last-bit
// difference can send a run to another basin, so on a new machine the counts are partly a
// fresh draw. At the measured rates (≈ 0.83 per function) ten functions with a threshold of 8
// would fail one check in four; thirty with 20 fail about one in a hundred. Measured on
// functions 0–29 (OpenBLAS / Eigen): MinUCB below GIBO on 24 / 27, LA-MinUCB on 26 / 25,
// LA-MinUCB within 0.02 of MinUCB on 25 / 24; on the other blocks of 30 of the 120 the counts
// range from 20 to 29.
#include "local_bo_runs.hpp"

namespace bopp::local_bo_test {
namespace {

const std::string objective = "name = 'gpsample'\nkind = 'posterior_mean'\nseed = -1\ndim = 10";
const std::vector<std::uint64_t> seeds = [] {
  std::vector<std::uint64_t> s(30);
  for (std::size_t i = 0; i < s.size(); ++i) s[i] = i;
  return s;
}();
constexpr int at_least = 20;  // of 30: a sign test at the 5 % level
constexpr std::uint64_t budget = 150;
constexpr std::uint64_t batch = 32;

// How many of the functions `method` ends below `baseline` + `tolerance` on.
int below(const std::vector<double>& method, const std::vector<double>& baseline,
          double tolerance = 0.0) {
  int count = 0;
  for (std::size_t i = 0; i < method.size(); ++i)
    count += method[i] < baseline[i] + tolerance ? 1 : 0;
  return count;
}

TEST(LocalBoOrdering, MinUcbAndLaMinUcbBeatGiboOnMostFunctionsAndAllBeatRandomSearch) {
  const std::vector<double> gibo = final_bests(objective, "name = 'gibo'", seeds, budget, batch);
  const std::vector<double> minucb =
      final_bests(objective, "name = 'minucb'", seeds, budget, batch);
  const std::vector<double> la_minucb =
      final_bests(objective, "name = 'la-minucb'", seeds, budget, batch);
  const double random = mean(final_bests(objective, "name = 'random'", seeds, budget, batch));
  RecordProperty("gibo", std::to_string(mean(gibo)));
  RecordProperty("minucb", std::to_string(mean(minucb)));
  RecordProperty("la_minucb", std::to_string(mean(la_minucb)));
  RecordProperty("random", std::to_string(random));
  RecordProperty("minucb_below_gibo", below(minucb, gibo));
  RecordProperty("la_minucb_below_gibo", below(la_minucb, gibo));
  RecordProperty("la_minucb_at_minucb", below(la_minucb, minucb, 0.02));
  EXPECT_GE(below(minucb, gibo), at_least) << "functions where MinUCB ends below GIBO, of 30";
  EXPECT_GE(below(la_minucb, gibo), at_least) << "functions where LA-MinUCB ends below GIBO, of 30";
  EXPECT_GE(below(la_minucb, minucb, 0.02), at_least)
      << "functions where LA-MinUCB ends at MinUCB's optimum, of 30";
  // Random search is far behind: at least half a unit of the functions' scale (sd 1).
  for (const double local : {mean(gibo), mean(minucb), mean(la_minucb)})
    EXPECT_LT(local, random - 0.5);
}

}  // namespace
}  // namespace bopp::local_bo_test
