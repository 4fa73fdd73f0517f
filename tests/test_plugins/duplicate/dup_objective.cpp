// Built twice, as dup_a and dup_b: two libraries that both provide an objective named
// `dup_objective`. A host must report the clash, naming both files, rather than pick one.
// Each also provides an objective of its own (`only_in_dup_a`, `only_in_dup_b`), which the
// clash must not hide.
#include <bopp/plugin.hpp>

#ifndef DUP_LIBRARY_NAME
#error "DUP_LIBRARY_NAME must name the library (dup_a or dup_b)"
#endif

namespace {

struct DupObjective {
  static constexpr const char* name = "dup_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary = "x0, on [0, 1]; from library " DUP_LIBRARY_NAME;
  static std::vector<bopp::Param> params() { return {}; }
  DupObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return bopp::Problem::box(1, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) { return x[0]; }
};

struct OwnObjective : DupObjective {
  static constexpr const char* name = "only_in_" DUP_LIBRARY_NAME;
  using DupObjective::DupObjective;
};

}  // namespace

BOPP_PLUGIN_LIBRARY(DUP_LIBRARY_NAME, "1.0.0", bopp::Objective<DupObjective>,
                    bopp::Objective<OwnObjective>)
