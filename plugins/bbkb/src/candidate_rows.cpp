#include "candidate_rows.hpp"

namespace bopp::bbkb {

Eigen::Index nearest_candidate(const Points& candidates, const Eigen::VectorXd& x) {
  Eigen::Index best = 0;
  (candidates.rowwise() - x.transpose()).rowwise().squaredNorm().minCoeff(&best);
  return best;
}

Eigen::Index first_argmax(const Eigen::VectorXd& values) {
  Eigen::Index best = 0;
  for (Eigen::Index i = 1; i < values.size(); ++i)
    if (values[i] > values[best]) best = i;
  return best;
}

}  // namespace bopp::bbkb
