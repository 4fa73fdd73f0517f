// bopp/kit/detail/objective_class.hpp: the ABI function table for a C++ objective class.
//
// A plugin author's objective is an ordinary class:
//   struct MyObjective {
//     static constexpr const char* name = "my-objective";
//     static constexpr const char* version = "1.0.0";
//     static constexpr const char* summary = "one line";
//     static std::vector<bopp::Param> params();
//     MyObjective(const bopp::Config&, std::uint64_t seed, const bopp::Host&);
//     bopp::Problem problem() const;
//     // either one point at a time (an exception fails that point only) ...
//     double evaluate(const Eigen::VectorXd& x, std::uint64_t seed);
//     // ... or a whole batch, writing y and status (BOPP_OK / BOPP_EVAL_FAILED):
//     void evaluate_batch(const bopp::Points& X, std::span<const std::uint64_t> seeds,
//                         std::span<double> y, std::span<std::int32_t> status);
//   };
#pragma once

#include <bopp/abi.h>
#include <bopp/kit/config.hpp>
#include <bopp/kit/detail/boundary.hpp>
#include <bopp/kit/detail/class_table.hpp>
#include <bopp/kit/host.hpp>
#include <bopp/kit/param.hpp>
#include <bopp/kit/problem.hpp>

#include <limits>
#include <memory>
#include <optional>
#include <span>
#include <string>

namespace bopp::kit {

template <class T>
concept PointwiseObjective = requires(T& o, const Eigen::VectorXd& x) {
  { o.evaluate(x, std::uint64_t{0}) } -> std::convertible_to<double>;
};

template <class T>
concept BatchObjective = requires(T& o, const Points& X, std::span<const std::uint64_t> seeds,
                                  std::span<double> y, std::span<std::int32_t> status) {
  o.evaluate_batch(X, seeds, y, status);
};

template <class T>
concept ObjectiveClass = requires(const T& o) {
  { T::name } -> std::convertible_to<const char*>;
  { T::version } -> std::convertible_to<const char*>;
  { T::summary } -> std::convertible_to<const char*>;
  { T::params() } -> std::convertible_to<std::vector<Param>>;
  { o.problem() } -> std::convertible_to<Problem>;
  requires std::constructible_from<T, const Config&, std::uint64_t, const Host&>;
  requires PointwiseObjective<T> || BatchObjective<T>;
};

template <ObjectiveClass T>
struct ObjectiveTrampolines {
  struct Instance {
    Host host;
    std::unique_ptr<T> objective;
    Problem problem;
    std::optional<CProblem> c_problem;
  };

  static bopp_status create(const char* config, std::uint64_t seed, const bopp_host* host,
                            void** instance, char* error, std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      if (instance == nullptr) throw std::invalid_argument("NULL argument");
      auto self = std::make_unique<Instance>();
      self->host = Host(host);
      const Config parsed = parse_config<T>(config, "objective");
      self->objective = std::make_unique<T>(parsed, seed, self->host);
      self->problem = self->objective->problem();
      self->c_problem.emplace(self->problem);
      *instance = self.release();
    });
  }
  static void destroy(void* instance) noexcept { delete static_cast<Instance*>(instance); }

  static const bopp_problem* problem(void* instance) noexcept {
    return static_cast<Instance*>(instance)->c_problem->get();
  }

  static bopp_status evaluate(void* instance, const double* X, std::uint64_t n,
                              const std::uint64_t* seeds, double* y, std::int32_t* status,
                              char* error, std::size_t capacity) noexcept {
    return guarded(error, capacity, [&] {
      auto& self = *static_cast<Instance*>(instance);
      const auto rows = static_cast<Eigen::Index>(n);
      const Points points = ConstPointsMap(X, rows, self.problem.dim());
      if constexpr (BatchObjective<T>) {
        self.objective->evaluate_batch(points, std::span<const std::uint64_t>(seeds, n),
                                       std::span<double>(y, n), std::span<std::int32_t>(status, n));
      } else {
        bool first_failure = true;
        for (Eigen::Index i = 0; i < rows; ++i) {
          const Eigen::VectorXd x = points.row(i).transpose();
          try {
            y[i] = self.objective->evaluate(x, seeds[i]);
            status[i] = BOPP_OK;
          } catch (const std::exception& e) {
            // One point failing costs that point, not the batch; the first message is kept.
            y[i] = std::numeric_limits<double>::quiet_NaN();
            status[i] = BOPP_EVAL_FAILED;
            if (first_failure) write_error(error, capacity, e.what());
            first_failure = false;
          }
        }
      }
    });
  }

  static const void* get_extension(void*, const char*) noexcept { return nullptr; }

  static const bopp_objective_class* table() {
    static const bopp_objective_class c = [] {
      auto t = class_table_head<bopp_objective_class, T>();
      t.create = &create;
      t.destroy = &destroy;
      t.problem = &problem;
      t.evaluate = &evaluate;
      t.get_extension = &get_extension;
      return t;
    }();
    return &c;
  }
};

}  // namespace bopp::kit
