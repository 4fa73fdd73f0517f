// state_round_trip.hpp: does an algorithm's saved state make a fresh instance continue exactly?
//
// Drives an algorithm class through its C table on a problem and an objective: `batches_before`
// ask/tell batches, then its state is saved and restored into a fresh instance created with the
// same problem, configuration and seed, and both are asked and told `batches_after` more batches.
// Every later ask must be equal bit for bit.
#pragma once

#include <bopp/abi.h>
#include <bopp/ext/state.h>
#include <bopp/kit/problem.hpp>

#include <Eigen/Core>

#include <cstdint>
#include <cstdio>
#include <cstring>
#include <functional>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

namespace bopp::test {

struct RoundTrip {
  std::size_t batches_before = 3;
  std::size_t batches_after = 3;
  std::uint64_t batch = 1;
};

// One instance of an algorithm class, every failed call thrown with its message.
class TableInstance {
 public:
  TableInstance(const bopp_algorithm_class& table, const bopp::Problem& problem,
                const std::string& config, std::uint64_t seed)
      : table_(table), problem_(problem), c_problem_(problem_) {
    host_.struct_size = sizeof(bopp_host);
    host_.log = [](void*, std::int32_t, const char*) {};
    host_.stop_requested = [](void*) -> std::int32_t { return 0; };
    host_.thread_budget = 1;
    check(table_.create(c_problem_.get(), config.c_str(), seed, &host_, &instance_, error_,
                        sizeof error_),
          "create");
  }
  ~TableInstance() {
    if (instance_ != nullptr) table_.destroy(instance_);
  }
  TableInstance(const TableInstance&) = delete;
  TableInstance& operator=(const TableInstance&) = delete;

  bopp::Points ask(std::uint64_t max_points) {
    std::vector<double> X(max_points * static_cast<std::size_t>(problem_.dim()));
    std::uint64_t count = 0;
    check(table_.ask(instance_, max_points, X.data(), &count, error_, sizeof error_), "ask");
    return bopp::ConstPointsMap(X.data(), static_cast<Eigen::Index>(count), problem_.dim());
  }
  void tell(const bopp::Points& X, const std::vector<double>& y) {
    const std::vector<std::int32_t> status(y.size(), BOPP_OK);
    check(
        table_.tell(instance_, X.data(), y.size(), y.data(), status.data(), error_, sizeof error_),
        "tell");
  }
  const bopp_state* state() const {
    if (table_.get_extension == nullptr) return nullptr;
    return static_cast<const bopp_state*>(table_.get_extension(instance_, BOPP_EXTENSION_STATE));
  }
  std::vector<std::uint8_t> save() {
    std::vector<std::uint8_t> bytes;
    const bopp_state_sink sink = [](void* context, const std::uint8_t* data,
                                    std::uint64_t size) -> bopp_status {
      static_cast<std::vector<std::uint8_t>*>(context)->insert(
          static_cast<std::vector<std::uint8_t>*>(context)->end(), data, data + size);
      return BOPP_OK;
    };
    require_state();
    check(state()->save(instance_, sink, &bytes, error_, sizeof error_), "save");
    return bytes;
  }
  // BOPP_OK, or the refusal's status with its message in last_error().
  bopp_status restore(const std::vector<std::uint8_t>& bytes) {
    require_state();
    return state()->restore(instance_, bytes.data(), bytes.size(), error_, sizeof error_);
  }
  std::string last_error() const { return error_; }

 private:
  void require_state() const {
    if (state() == nullptr) throw std::logic_error("the class offers no bopp.state/1");
  }
  void check(bopp_status status, const char* call) {
    if (status != BOPP_OK) throw std::runtime_error(std::string(call) + " failed: " + error_);
  }

  const bopp_algorithm_class& table_;
  bopp::Problem problem_;
  bopp::CProblem c_problem_;
  bopp_host host_{};
  void* instance_ = nullptr;
  char error_[1024] = {};
};

// Every digit of v, so values that differ in the last bits print differently.
inline std::string seventeen_digits(double v) {
  char text[32];
  std::snprintf(text, sizeof text, "%.17g", v);
  return text;
}

// "" when the restored instance asks what the original asks, bit for bit; otherwise which ask,
// row and column differ first, with both values.
inline std::string state_round_trip(const bopp_algorithm_class& table, const bopp::Problem& problem,
                                    const std::string& config, std::uint64_t seed,
                                    const std::function<double(const Eigen::VectorXd&)>& f,
                                    const RoundTrip& plan = {}) {
  const auto values = [&](const bopp::Points& X) {
    std::vector<double> y;
    for (Eigen::Index r = 0; r < X.rows(); ++r) y.push_back(f(X.row(r).transpose()));
    return y;
  };
  TableInstance original(table, problem, config, seed);
  for (std::size_t b = 0; b < plan.batches_before; ++b) {
    const bopp::Points X = original.ask(plan.batch);
    original.tell(X, values(X));
  }
  TableInstance restored(table, problem, config, seed);
  if (restored.restore(original.save()) != BOPP_OK) {
    return "restore refused the state: " + restored.last_error();
  }
  for (std::size_t b = 0; b < plan.batches_after; ++b) {
    const bopp::Points A = original.ask(plan.batch);
    const bopp::Points B = restored.ask(plan.batch);
    if (A.rows() != B.rows()) {
      return "ask " + std::to_string(b) + ": " + std::to_string(A.rows()) + " rows against " +
             std::to_string(B.rows());
    }
    for (Eigen::Index r = 0; r < A.rows(); ++r) {
      for (Eigen::Index c = 0; c < A.cols(); ++c) {
        if (std::memcmp(&A(r, c), &B(r, c), sizeof(double)) != 0) {
          return "ask " + std::to_string(b) + ", row " + std::to_string(r) + ", column " +
                 std::to_string(c) + ": " + seventeen_digits(A(r, c)) + " against " +
                 seventeen_digits(B(r, c));
        }
      }
    }
    const std::vector<double> y = values(A);
    original.tell(A, y);
    restored.tell(B, y);
  }
  return "";
}

}  // namespace bopp::test
