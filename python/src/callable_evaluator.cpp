#include "callable_evaluator.hpp"

#include <bopp/host/common/errors.hpp>

#include <pybind11/numpy.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <cmath>
#include <functional>
#include <limits>
#include <mutex>
#include <thread>
#include <vector>

namespace bopp::python {
namespace {

namespace py = pybind11;
using Clock = std::chrono::steady_clock;

// `text` as UTF-8. A Python str may hold lone surrogates, which UTF-8 cannot encode: they are
// written as backslash escapes ("\\ud800"), visibly, rather than failing the run.
std::string utf8_of(const py::handle& text) {
  const py::object bytes = py::reinterpret_steal<py::object>(
      PyUnicode_AsEncodedString(py::str(text).ptr(), "utf-8", "backslashreplace"));
  if (!bytes) throw py::error_already_set();
  return bytes.cast<std::string>();
}

// The first line of "<type name>: <str(value)>", as a record's message holds one line.
std::string one_line(const py::error_already_set& e) {
  std::string text = utf8_of(e.type().attr("__name__"));
  const std::string value = utf8_of(e.value());
  if (!value.empty()) text += ": " + value;
  return text.substr(0, text.find('\n'));
}

class CallableEvaluator final : public host::Evaluator {
 public:
  CallableEvaluator(py::object callable, std::function<void()> interrupt, std::uint32_t threads)
      : callable_(std::move(callable)),
        name_(callable_objective_name(callable_)),
        interrupt_(std::move(interrupt)),
        threads_(threads) {}

  ~CallableEvaluator() override {
    const py::gil_scoped_acquire gil;
    callable_ = py::object();
  }

  // Point by point; with threads, each takes the next point, holding the GIL only inside the
  // call. The results land at their rows whatever the order, so the record is the same.
  void evaluate(const bopp::Points& X, std::span<const std::uint64_t>,
                std::span<host::Evaluation> out) override {
    std::atomic<Eigen::Index> next{0};
    std::mutex failure_mutex;
    std::exception_ptr failure;
    const auto work = [&] {
      for (Eigen::Index r = next++; r < X.rows(); r = next++) {
        try {
          const auto start = Clock::now();
          host::Evaluation& e = out[static_cast<std::size_t>(r)];
          e = call(host::point_of(X, r));
          e.seconds = std::chrono::duration<double>(Clock::now() - start).count();
        } catch (...) {
          const std::lock_guard lock(failure_mutex);
          if (!failure) failure = std::current_exception();
          next = X.rows();
        }
      }
    };
    const auto helpers = std::min<Eigen::Index>(std::max<std::uint32_t>(threads_, 1), X.rows());
    std::vector<std::thread> pool;
    for (Eigen::Index t = 1; t < helpers; ++t) pool.emplace_back(work);
    work();
    for (std::thread& t : pool) t.join();
    if (failure) std::rethrow_exception(failure);
  }

  std::string describe() const override {
    return threads_ == 0 ? "serial" : "threads (" + std::to_string(threads_) + ")";
  }

 private:
  host::Evaluation call(std::span<const double> x) {
    host::Evaluation e;
    e.y = std::numeric_limits<double>::quiet_NaN();
    const py::gil_scoped_acquire gil;
    try {
      const py::array_t<double> point(static_cast<py::ssize_t>(x.size()), x.data());
      const double y = py::float_(callable_(point)).cast<double>();
      if (std::isfinite(y)) {
        e.ok = true;
        e.y = y;
      } else {
        e.message = std::isnan(y) ? "the objective returned NaN"
                                  : "the objective returned an infinite value";
      }
    } catch (py::error_already_set& error) {
      if (error.matches(PyExc_KeyboardInterrupt)) {
        interrupt_();  // the run stops after this batch, as on SIGINT
      } else if (!error.matches(PyExc_Exception)) {
        throw host::Error(name_ + " raised " + one_line(error) + "; the run stops");
      }
      e.message = one_line(error);
    }
    return e;
  }

  py::object callable_;
  std::string name_;
  std::function<void()> interrupt_;
  std::uint32_t threads_;  // 0: serial
};

}  // namespace

std::string callable_objective_name(const py::handle& callable) {
  const py::object named = py::hasattr(callable, "__qualname__")
                               ? py::reinterpret_borrow<py::object>(callable)
                               : py::object(py::type::of(callable));
  return "python:" + py::str(named.attr("__qualname__")).cast<std::string>();
}

std::unique_ptr<host::Evaluator> make_callable_evaluator(py::object callable,
                                                         std::function<void()> interrupt,
                                                         std::uint32_t threads) {
  return std::make_unique<CallableEvaluator>(std::move(callable), std::move(interrupt), threads);
}

}  // namespace bopp::python
