#include <bopp/bo/leverage_sampling.hpp>
#include <bopp/bo/portable_random.hpp>

#include <algorithm>

namespace bopp::bo {

std::vector<Eigen::Index> leverage_sample(const Eigen::VectorXd& counts,
                                          const Eigen::VectorXd& variances, double q_bar,
                                          std::mt19937_64& rng) {
  std::vector<Eigen::Index> kept;
  Eigen::Index most_probable = -1;
  double largest = -1.0;
  for (Eigen::Index i = 0; i < counts.size(); ++i) {
    if (!(counts[i] > 0.0)) continue;
    const double p = std::min(1.0, q_bar * counts[i] * variances[i]);
    if (unit_interval(rng()) < p) kept.push_back(i);
    if (p > largest) {
      largest = p;
      most_probable = i;
    }
  }
  if (kept.empty() && most_probable >= 0) kept.push_back(most_probable);
  return kept;
}

}  // namespace bopp::bo
