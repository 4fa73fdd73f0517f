#include <bopp/host/check/check_problems.hpp>

namespace bopp::host {

std::vector<CheckProblem> check_problems() {
  std::vector<CheckProblem> problems;
  problems.push_back({"2-D box", bopp::Problem::box(2, -1.0, 2.0)});
  problems.push_back({"5-D box", bopp::Problem::box(5, 0.0, 1.0)});

  bopp::Problem integer = bopp::Problem::box(3, 0.0, 1.0);
  integer.upper[1] = 10.0;
  integer.kinds = {bopp::DimensionKind::continuous, bopp::DimensionKind::integer,
                   bopp::DimensionKind::continuous};
  problems.push_back({"box with an integer dimension", integer});

  bopp::Problem candidates = bopp::Problem::box(2, 0.0, 1.0);
  constexpr int kCandidates = 12;
  candidates.candidates.resize(kCandidates, 2);
  for (int r = 0; r < kCandidates; ++r) {
    // A fixed scatter over the square (a rank-1 lattice), no randomness needed.
    candidates.candidates(r, 0) = (r + 0.5) / kCandidates;
    candidates.candidates(r, 1) = ((r * 5) % kCandidates + 0.5) / kCandidates;
  }
  problems.push_back({"finite candidate set", candidates});
  return problems;
}

double check_function(const bopp::Problem& problem, const Eigen::Ref<const Eigen::RowVectorXd>& x) {
  // Peak at 30% of the way across each dimension: not the centre, which lazy algorithms ask.
  const Eigen::RowVectorXd peak = (0.7 * problem.lower + 0.3 * problem.upper).transpose();
  const Eigen::RowVectorXd width = (problem.upper - problem.lower).transpose();
  return -((x - peak).array() / width.array()).square().sum();
}

}  // namespace bopp::host
