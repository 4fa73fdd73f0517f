// libbopp-crashing.so: crashing_objective, which takes its process down on chosen points, for
// the processes evaluator's tests. On [0, 1]^2, by x0: below 0.1 a segmentation fault, below
// 0.2 abort(), below 0.3 exit(3), below 0.4 an endless loop; elsewhere x0 + x1.
#include <bopp/plugin.hpp>

#include <cstdlib>

namespace {

struct CrashingObjective {
  static constexpr const char* name = "crashing_objective";
  static constexpr const char* version = "1.0.0";
  static constexpr const char* summary =
      "x0 + x1 on [0, 1]^2; x0 < 0.1 segfaults, < 0.2 aborts, < 0.3 exits 3, < 0.4 never returns";
  static std::vector<bopp::Param> params() { return {}; }
  CrashingObjective(const bopp::Config&, std::uint64_t, const bopp::Host&) {}
  bopp::Problem problem() const { return bopp::Problem::box(2, 0.0, 1.0); }
  double evaluate(const Eigen::VectorXd& x, std::uint64_t) {
    if (x[0] < 0.1) {
      volatile int* volatile nowhere = nullptr;  // volatile: the store stays a real store
      *nowhere = 1;
    }
    if (x[0] < 0.2) std::abort();
    if (x[0] < 0.3) std::exit(3);
    if (x[0] < 0.4) {
      volatile unsigned long spins = 0;
      for (;;) spins = spins + 1;
    }
    return x[0] + x[1];
  }
};

}  // namespace

BOPP_PLUGIN_LIBRARY("crashing", "1.0.0", bopp::Objective<CrashingObjective>)
