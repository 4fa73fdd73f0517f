#include <bopp/bo/initial_design.hpp>

#include <bopp/bo/design.hpp>

#include <algorithm>

namespace bopp::bo {

InitialDesign::InitialDesign(Eigen::Index n, const Eigen::VectorXd& lower,
                             const Eigen::VectorXd& upper, std::uint64_t seed)
    : points_(scale_to_box(sobol_design(n, lower.size(), seed), lower, upper)) {}

Eigen::MatrixXd InitialDesign::take(Eigen::Index count) {
  const Eigen::Index n = std::min(count, points_.rows() - used_);
  Eigen::MatrixXd out = points_.middleRows(used_, n);
  used_ += n;
  return out;
}

void InitialDesign::save(StateArchive& archive) const {
  archive.write("size", points_.rows());
  archive.write("used", used_);
}

void InitialDesign::restore(const StateArchive& archive) {
  Eigen::Index size = 0, used = 0;
  archive.read("size", size);
  archive.read("used", used);
  if (size != points_.rows() || used < 0 || used > size)
    throw StateError("state: the initial design has another size");
  used_ = used;
}

}  // namespace bopp::bo
