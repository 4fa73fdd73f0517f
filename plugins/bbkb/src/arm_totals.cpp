#include "arm_totals.hpp"

#include "candidate_rows.hpp"

#include <bopp/bo/successful_rows.hpp>

namespace bopp::bbkb {

void ArmTotals::add(const Points& candidates, const Points& X, const Eigen::VectorXd& y,
                    std::span<const std::int32_t> status) {
  for (const Eigen::Index r : bo::successful_rows(y, status)) {
    const Eigen::Index arm = nearest_candidate(candidates, X.row(r).transpose());
    counts[arm] += 1.0;
    sums[arm] += y[r];
  }
}

}  // namespace bopp::bbkb
